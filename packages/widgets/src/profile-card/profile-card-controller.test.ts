import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import type { Profile } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { createProfileCardController, type ProfileCardApi } from './profile-card-controller.ts';
import { createProfileCardModel } from './profile-card-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A profiles module whose answers wait until the test gives them, in any order. */
function heldProfiles() {
  const answers: Array<{ resolve(profile: Profile | null): void; reject(error: unknown): void }> = [];
  const api: ProfileCardApi = { getByEmail: () => new Promise((resolve, reject) => answers.push({ resolve, reject })) };
  return { api, answers };
}

describe('profile card controller', () => {
  it('loads the profile when started, and a retry after a failure loads it again', async () => {
    const { api, answers } = heldProfiles();
    const controller = createProfileCardController(api, createProfileCardModel(), '1ana@school.example');
    expect(answers).toHaveLength(0);
    controller.start();
    expect(controller.state.value).toEqual({ status: 'loading', profile: null });
    answers[0]!.reject(new PortalError('network'));
    await settle();
    expect(controller.state.value.status).toBe('error');
    controller.actions.retry();
    expect(controller.state.value.status).toBe('loading');
    answers[1]!.resolve(aProfile({ name: 'Ana Lima' }));
    await settle();
    expect(controller.state.value).toMatchObject({ status: 'ready', profile: { name: 'Ana Lima' } });
  });

  it("reads someone else's private profile as missing, and the owner's own as shown", async () => {
    const getByEmail = async (email: string) => aProfile({ email, isPublic: false });
    const stranger = createProfileCardController({ getByEmail }, createProfileCardModel(), '1ana@school.example', 'lee@school.example');
    const owner = createProfileCardController({ getByEmail }, createProfileCardModel(), '1ana@school.example', '1ANA@school.example');
    stranger.start();
    owner.start();
    await settle();
    expect(stranger.state.value).toEqual({ status: 'missing', profile: null });
    expect(owner.state.value).toMatchObject({ status: 'ready', profile: { isPublic: false } });
  });

  it('drops an answer that arrives after it stopped', async () => {
    const { api, answers } = heldProfiles();
    const controller = createProfileCardController(api, createProfileCardModel(), '1ana@school.example');
    const stop = controller.start();
    stop();
    answers[0]!.resolve(aProfile());
    await settle();
    expect(controller.state.value.status).toBe('loading');
  });
});
