import { Skeleton, SkeletonBone } from '@opportunity-kit/widgets';

/**
 * What a page shows while its chunk and the session arrive (the router's fallback, issue 25): the
 * shapes of a heading and a few blocks in the page's column, instead of a bare "Loading..." (which
 * screen readers still hear).
 */
export function PageSkeleton() {
  return (
    <div className="portal-page portal-page-skeleton">
      <Skeleton count={1}>
        <SkeletonBone width="medium" className="portal-page-skeleton__heading" />
        <SkeletonBone width="long" />
        <SkeletonBone shape="block" className="portal-page-skeleton__block" />
        <SkeletonBone />
        <SkeletonBone width="long" />
      </Skeleton>
    </div>
  );
}
