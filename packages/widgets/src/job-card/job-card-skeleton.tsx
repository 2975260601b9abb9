import { SkeletonBone } from '../shared/skeleton.tsx';

/**
 * A job card's placeholder while a listing loads: the compact row's box with the shapes of its title,
 * facts and dates line, so the loaded cards take the same places. Put it in a `Skeleton`.
 */
export function JobCardSkeleton() {
  return (
    <div className="ok-job-card" data-state="loading">
      <div className="ok-job-card__body">
        <SkeletonBone width="long" className="ok-job-card__skeleton-title" />
        <SkeletonBone width="medium" />
        <SkeletonBone width="long" />
        <SkeletonBone width="short" className="ok-job-card__footer" />
      </div>
    </div>
  );
}
