import { useId, type MouseEvent } from 'react';
import { MESSAGES, type Profile } from '@opportunity-kit/sdk/domain';
import { ProfilePhoto } from '../profile-card/profile-photo.tsx';
import { interestsOf, networkProfileHref, roleName } from '../profile-card/profile-text.ts';
import { LoadMore } from '../shared/paged-list-more.tsx';
import { Skeleton, SkeletonBone } from '../shared/skeleton.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { NetworkGridActions, NetworkGridState } from './network-grid-model.ts';

/**
 * Props of {@link NetworkGridView}: the grid's `state` and `actions` (from {@link useNetworkGrid}), and
 * how the host links, pictures and nests it.
 * @public
 */
export interface NetworkGridViewProps extends WidgetBinding<NetworkGridState, NetworkGridActions> {
  /** The address of a profile photo. */
  photoUrl: (fileId: string) => string;
  /** Where a card leads; `/network/{email}` by default. */
  profileHref?: (email: string) => string;
  /** Called instead of following the link, for client-side routers (plain clicks only). */
  onOpen?: (profile: Profile) => void;
  /** The level of the "Discover Your Network" heading; 1 on the network page. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The network (spec route `/network`): "Discover Your Network" over a grid of public profiles, each
 * card with photo, name, role, school and interests, and each card one link (the name) to the
 * person's profile page. While the first page loads, card skeletons hold the grid's place.
 * @public
 */
export function NetworkGridView(props: NetworkGridViewProps) {
  const { state, actions, photoUrl, profileHref = networkProfileHref, onOpen, headingLevel = 1 } = props;
  const { status, profiles, error } = state;
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const follow = (profile: Profile) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(profile);
  };
  return (
    <section className="ok-network-grid" data-state={status} aria-labelledby={`${id}-title`}>
      <Heading className="ok-network-grid__title" id={`${id}-title`}>
        {MESSAGES.discoverNetwork}
      </Heading>
      {status === 'loading' ? (
        <Skeleton count={8} listClassName="ok-network-grid__list">
          <div className="ok-network-card" data-state="loading">
            <SkeletonBone shape="circle" className="ok-network-card__photo" />
            <SkeletonBone width="medium" className="ok-network-card__name-skeleton" />
            <SkeletonBone width="long" />
          </div>
        </Skeleton>
      ) : null}
      {status === 'error' ? (
        <div className="ok-network-grid__note" role="alert">
          <p>{error ?? MESSAGES.genericError}</p>
          <button type="button" className="ok-network-grid__button ok-pill-button" onClick={actions.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' && profiles.length === 0 ? <p className="ok-network-grid__note">No public profiles yet.</p> : null}
      {status === 'ready' && profiles.length > 0 ? (
        <ul className="ok-network-grid__list">
          {profiles.map((profile, index) => {
            const facts = [roleName(profile.role), profile.school].filter(Boolean).join(' · ');
            const interests = interestsOf(profile.interests);
            const described = `${id}-${index}`;
            return (
              <li className="ok-network-card" key={profile.id}>
                <ProfilePhoto className="ok-network-card__photo" url={profile.photoFileId ? photoUrl(profile.photoFileId) : null} name={profile.name} />
                <a className="ok-network-card__link" href={profileHref(profile.email)} onClick={follow(profile)} aria-describedby={described}>
                  {profile.name}
                </a>
                <div className="ok-network-card__details" id={described}>
                  {facts ? <p className="ok-network-card__facts">{facts}</p> : null}
                  {interests.length ? (
                    <ul className="ok-network-card__interests" aria-label="Interests">
                      {interests.map((interest) => (
                        <li className="ok-network-card__interest" key={interest}>
                          {interest}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {status === 'ready' && state.hasMore ? (
        <LoadMore
          label="Show more"
          loadingMore={state.loadingMore}
          error={state.moreError}
          onLoadMore={actions.loadMore}
          buttonClassName="ok-network-grid__button ok-pill-button"
          errorClassName="ok-network-grid__more-error"
        />
      ) : null}
    </section>
  );
}
