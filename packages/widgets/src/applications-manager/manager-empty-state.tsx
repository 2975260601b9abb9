import type { MouseEvent } from 'react';
import type { ManagerPostings } from './applications-manager-model.ts';

export interface ManagerEmptyStateProps {
  postings: ManagerPostings;
  postJobHref: string;
  onFollow: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * What the manager says with no applications at all, and the next step: a first posting, or waiting
 * for students to apply. Without knowing whether there are postings it says what is true either way.
 */
export function ManagerEmptyState({ postings, postJobHref, onFollow }: ManagerEmptyStateProps) {
  const [title, text, link] =
    postings === 'none'
      ? ['Post your first opportunity', 'Students apply to your postings, and their applications appear here.', 'Post an opportunity']
      : postings === 'some'
        ? ['No applications yet', 'No one has applied to your postings yet. Applications appear here as students apply.', 'Post another opportunity']
        : ['No applications yet', 'Applications to your postings appear here as students apply.', 'Post an opportunity'];
  return (
    <div className="ok-applications-manager__empty">
      <p className="ok-applications-manager__empty-title">{title}</p>
      <p className="ok-applications-manager__note">{text}</p>
      <a className="ok-applications-manager__post ok-pill-button" href={postJobHref} onClick={onFollow}>
        {link}
      </a>
    </div>
  );
}
