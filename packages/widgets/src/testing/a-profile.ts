import type { Profile } from '@opportunity-kit/sdk/domain';

let sequence = 0;

/** A public student profile as the SDK hands it out, with `overrides` applied: the typed fixture for views. */
export function aProfile(overrides: Partial<Profile> = {}): Profile {
  sequence += 1;
  const email = overrides.email ?? `1student${sequence}@school.example`;
  return {
    id: `user${sequence}`,
    email,
    name: 'Ana Lima',
    role: 'student',
    school: 'Lakeside Secondary School',
    interests: 'Robotics, Photography, Volunteering',
    bio: 'Grade 11 student who builds robots and takes pictures of them.',
    location: 'Oakville',
    isPublic: true,
    photoFileId: null,
    contactEmail: email,
    ...overrides,
  };
}
