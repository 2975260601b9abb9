import type { ReactNode } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

/** Props of {@link Skeleton}. @public */
export interface SkeletonProps {
  /** One placeholder item, drawn with {@link SkeletonBone}s; it is repeated `count` times. */
  children: ReactNode;
  /** How many placeholder items to draw; 3 by default. */
  count?: number;
  /**
   * What screen readers hear while the shapes show, in a status region: the spec's "Loading..." by
   * default. Null when the host's own live region already says it, so it is not said twice.
   */
  label?: string | null;
  /** The host's class for the list of items, so they are laid out as the loaded items will be (a grid of cards). */
  listClassName?: string;
}

/** Props of {@link SkeletonBone}. @public */
export interface SkeletonBoneProps {
  /** A line of text (`line`, the default), a picture (`block`, 2:1) or an avatar (`circle`). */
  shape?: 'line' | 'block' | 'circle';
  /** A line's length within its row: `full` (the default), `long`, `medium` or `short`. */
  width?: 'full' | 'long' | 'medium' | 'short';
  /** The host's class, for a size of its own (a card's image band, a profile photo). */
  className?: string;
}

/**
 * Placeholder shapes in the layout of the content on its way, instead of a bare "Loading...". The
 * shapes are hidden from assistive technology; the loading text stays in the DOM, in a status region
 * (or in the host's own, with `label={null}`). The shapes pulse unless motion is reduced.
 * @public
 */
export function Skeleton({ children, count = 3, label = MESSAGES.loading, listClassName }: SkeletonProps) {
  const items = Array.from({ length: count }, (_, index) => (
    <li className="ok-skeleton__item" key={index}>
      {children}
    </li>
  ));
  return (
    <div className="ok-skeleton" data-state="loading" role={label === null ? undefined : 'status'}>
      {label === null ? null : <span className="ok-skeleton__label ok-visually-hidden">{label}</span>}
      <ul className={listClassName ? `ok-skeleton__list ${listClassName}` : 'ok-skeleton__list'} aria-hidden="true">
        {items}
      </ul>
    </div>
  );
}

/** One shape of a {@link Skeleton}'s item: a line, a picture or an avatar. @public */
export function SkeletonBone({ shape = 'line', width = 'full', className }: SkeletonBoneProps) {
  return <span className={className ? `ok-skeleton__bone ${className}` : 'ok-skeleton__bone'} data-shape={shape} data-width={width} />;
}
