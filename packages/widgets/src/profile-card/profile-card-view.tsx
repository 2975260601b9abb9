import { useId } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { ProfileCardActions, ProfileCardState } from './profile-card-model.ts';
import { ProfilePhoto } from './profile-photo.tsx';
import { interestsOf, roleName } from './profile-text.ts';

/**
 * Props of {@link ProfileCardView}: the card's `state` and `actions` (from {@link useProfileCard}), and
 * how the host pictures and nests it.
 * @public
 */
export interface ProfileCardViewProps extends WidgetBinding<ProfileCardState, ProfileCardActions> {
  /** The address of the profile's photo. */
  photoUrl: (fileId: string) => string;
  /** The level of the name's heading; 1 on the profile's own page. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * One member's profile (spec route `/network/{email}`): photo, name, role, school, location,
 * interests, bio and a contact e-mail link; "Profile not found" when it is missing or private.
 * @public
 */
export function ProfileCardView({ state, actions, photoUrl, headingLevel = 1 }: ProfileCardViewProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const Label = (['h2', 'h3', 'h4'] as const)[headingLevel - 1] ?? 'h2';
  if (state.status === 'loading') {
    return (
      <p className="ok-profile-card__note" data-state="loading" role="status">
        {MESSAGES.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="ok-profile-card__note" data-state="error" role="alert">
        <p>{MESSAGES.genericError}</p>
        <button type="button" className="ok-profile-card__button ok-pill-button" onClick={actions.retry}>
          Try again
        </button>
      </div>
    );
  }
  const { profile } = state;
  if (state.status === 'missing' || !profile) {
    return (
      <section className="ok-profile-card" data-state="missing">
        <Heading className="ok-profile-card__name">{MESSAGES.profileNotFound}</Heading>
      </section>
    );
  }
  const role = roleName(profile.role);
  const interests = interestsOf(profile.interests);
  const facts = [role, profile.school, profile.location].filter(Boolean).join(' · ');
  return (
    <article className="ok-profile-card" data-state={profile.isPublic ? 'public' : 'private'} aria-labelledby={`${id}-name`}>
      <header className="ok-profile-card__header">
        <ProfilePhoto className="ok-profile-card__photo" url={profile.photoFileId ? photoUrl(profile.photoFileId) : null} name={profile.name} />
        <div>
          <Heading className="ok-profile-card__name" id={`${id}-name`}>
            {profile.name}
          </Heading>
          {facts ? <p className="ok-profile-card__facts">{facts}</p> : null}
        </div>
      </header>
      {profile.isPublic ? null : <p className="ok-profile-card__private">Your profile is private: only you can see it.</p>}
      {interests.length ? (
        <section className="ok-profile-card__section" aria-labelledby={`${id}-interests`}>
          <Label className="ok-profile-card__label" id={`${id}-interests`}>
            Interests
          </Label>
          <ul className="ok-profile-card__interests">
            {interests.map((interest) => (
              <li className="ok-profile-card__interest" key={interest}>
                {interest}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {profile.bio ? (
        <section className="ok-profile-card__section" aria-labelledby={`${id}-bio`}>
          <Label className="ok-profile-card__label" id={`${id}-bio`}>
            About
          </Label>
          <p className="ok-profile-card__bio">{profile.bio}</p>
        </section>
      ) : null}
      <p className="ok-profile-card__contact">
        Contact:{' '}
        <a className="ok-profile-card__link" href={`mailto:${profile.contactEmail}`}>
          {profile.contactEmail}
        </a>
      </p>
    </article>
  );
}
