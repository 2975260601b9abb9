import { SkeletonBone } from '../shared/skeleton.tsx';

/**
 * A job card's placeholder while a listing loads: the card's box with the shapes of its picture,
 * title, facts and bottom line, so the loaded cards take the same places. Put it in a `Skeleton`.
 */
export function JobCardSkeleton() {
  return (
    <div className="ok-job-card" data-state="loading">
      <SkeletonBone shape="block" />
      <SkeletonBone width="long" className="ok-job-card__skeleton-title" />
      <SkeletonBone width="medium" />
      <SkeletonBone width="long" />
      <SkeletonBone width="short" className="ok-job-card__footer" />
    </div>
  );
}
