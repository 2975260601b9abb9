import { useId } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

export interface LoadMoreProps {
  /** The button's text ("Show more", "Load more"). */
  label: string;
  /** A next page is loading. */
  loadingMore: boolean;
  /** Why the last "Load more" failed, or null. */
  error: string | null;
  onLoadMore: () => void;
  buttonClassName: string;
  errorClassName: string;
}

/**
 * A paged list's "Load more" button with the reason the last one failed, if it did. The list stays on
 * screen after a failure, so the same button is the retry; the message describes it for screen readers.
 */
export function LoadMore({ label, loadingMore, error, onLoadMore, buttonClassName, errorClassName }: LoadMoreProps) {
  const errorId = useId();
  return (
    <>
      {error ? (
        <p className={errorClassName} id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className={buttonClassName} onClick={onLoadMore} disabled={loadingMore} aria-describedby={error ? errorId : undefined}>
        {loadingMore ? MESSAGES.loading : label}
      </button>
    </>
  );
}
