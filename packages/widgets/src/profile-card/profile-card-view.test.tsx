import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { ProfileCard } from './profile-card.tsx';
import type { ProfileCardApi } from './profile-card-controller.ts';
import { ProfileCardView } from './profile-card-view.tsx';
import type { ProfileCardActions, ProfileCardState } from './profile-card-model.ts';

const files = { viewUrl: (_bucket: string, id: string) => `https://files.example/${id}` };
const ready: ProfileCardState = { status: 'ready', profile: aProfile() };
const someActions = (): ProfileCardActions => ({ retry: vi.fn() });

describe('ProfileCardView', () => {
  it('shows the person: name, role, school, location, interests, bio and a contact link', async () => {
    const profile = aProfile({ name: 'Ana Lima', contactEmail: 'ana@example.com', photoFileId: 'p1' });
    const { container } = render(<ProfileCardView state={{ ...ready, profile }} actions={someActions()} photoUrl={(id) => `https://files.example/${id}`} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ana Lima');
    expect(screen.getByText('Student · Lakeside Secondary School · Oakville')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Robotics', 'Photography', 'Volunteering']);
    expect(screen.getByRole('link', { name: 'ana@example.com' }).getAttribute('href')).toBe('mailto:ana@example.com');
    expect((container.querySelector('img') as HTMLImageElement).src).toBe('https://files.example/p1');
    await expectNoAxeViolations(container);
  });

  it('nests its section headings under the level it is given', () => {
    render(<ProfileCardView state={ready} actions={someActions()} photoUrl={String} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Interests' })).toBeTruthy();
  });
});

describe('ProfileCard', () => {
  it('loads the profile by e-mail', async () => {
    const getByEmail = vi.fn<ProfileCardApi['getByEmail']>(async (email) => aProfile({ email, name: 'Ana Lima' }));
    render(<ProfileCard email="1ana@school.example" profiles={{ getByEmail }} files={files} />);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    expect(await screen.findByRole('heading', { name: 'Ana Lima' })).toBeTruthy();
    expect(getByEmail).toHaveBeenCalledWith('1ana@school.example');
  });

  it.each([
    ['missing', async () => null],
    ['private', async () => aProfile({ isPublic: false })],
  ])('says "Profile not found" when it is %s', async (_case, getByEmail) => {
    render(<ProfileCard email="someone@school.example" profiles={{ getByEmail }} files={files} />);
    expect(await screen.findByRole('heading', { name: MESSAGES.profileNotFound })).toBeTruthy();
  });

  it('shows the owner their own private profile, marked private', async () => {
    const getByEmail = async () => aProfile({ email: '1ana@school.example', name: 'Ana Lima', isPublic: false });
    render(<ProfileCard email="1ana@school.example" viewerEmail="1Ana@school.example" profiles={{ getByEmail }} files={files} />);
    expect(await screen.findByRole('heading', { name: 'Ana Lima' })).toBeTruthy();
    expect(screen.getByText('Your profile is private: only you can see it.')).toBeTruthy();
  });

  it('shows an error with a retry that loads again', async () => {
    let calls = 0;
    const getByEmail = async () => {
      calls += 1;
      if (calls === 1) throw new PortalError('network');
      return aProfile({ name: 'Ana Lima' });
    };
    render(<ProfileCard email="1ana@school.example" profiles={{ getByEmail }} files={files} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ana Lima' })).toBeTruthy());
  });
});
