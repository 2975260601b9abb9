import { describe, expect, it } from 'vitest';
import { validateProfile } from './profile-validation.ts';

describe('validateProfile', () => {
  it('trims the texts, keeps the visibility and lower-cases the contact address', () => {
    expect(validateProfile({ name: ' Ada ', school: ' Oak High ', interests: 'math, chess', isPublic: false, contactEmail: ' Ada@Mail.Example ' })).toEqual({
      ok: true,
      value: {
        name: 'Ada',
        school: 'Oak High',
        interests: 'math, chess',
        bio: '',
        location: '',
        isPublic: false,
        contactEmail: 'ada@mail.example',
        photoFileId: null,
      },
    });
  });

  it('requires a name and a valid contact address when one is given', () => {
    expect(validateProfile({ name: ' ', isPublic: true, contactEmail: 'not-an-address' })).toEqual({
      ok: false,
      errors: { name: 'Please enter your name', contactEmail: 'Please enter a valid email address' },
    });
  });

  it('refuses texts longer than their columns', () => {
    const result = validateProfile({ name: 'Ada', bio: 'x'.repeat(2001), location: 'y'.repeat(101), isPublic: true });
    expect(result).toEqual({ ok: false, errors: { bio: 'The bio can be at most 2000 characters', location: 'The location can be at most 100 characters' } });
  });

  it('refuses a visibility that is not a boolean', () => {
    const result = validateProfile({ name: 'Ada', isPublic: 'yes' as unknown as boolean });
    expect(result.ok ? {} : result.errors).toEqual({ isPublic: 'Please choose whether your profile is public' });
  });
});
