import { useId, useRef } from 'react';
import { MESSAGES, type Viewer } from '@opportunity-kit/sdk/domain';
import type { FeedPost } from '@opportunity-kit/sdk';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import type { FeedActions } from './blog-feed-controller.ts';
import type { LoadStatus } from '../shared/load-status.ts';
import type { CommentThread, ComposerState, Deletion, Notice } from './blog-feed-model.ts';
import { PostCard } from './post-card.tsx';
import { PostComposer } from './post-composer.tsx';

/** Props of {@link BlogFeedView}. @public */
export interface BlogFeedViewProps {
  /** The signed-in member: only a post's author sees its Delete Post button. */
  viewer: Viewer;
  /** Whether the first page is loading, shown or failed. */
  status: LoadStatus;
  /** Why the feed could not load (with status `error`). */
  error: string | null;
  /** The posts loaded so far, newest first. */
  posts: readonly FeedPost[];
  /** Whether there is a next page ("Load more" shows). */
  hasMore: boolean;
  /** A next page is loading. */
  loadingMore: boolean;
  /** The time relative labels ("5 minutes ago") count from, in milliseconds. */
  now: number;
  /** The new-post form. */
  composer: ComposerState;
  /** The comments of each post whose comments were opened, by post id. */
  threads: Readonly<Record<string, CommentThread>>;
  /** Posts whose like is on its way (their like button is busy). */
  pendingLikes: readonly string[];
  /** The delete confirmation, while it is open. */
  deletion: Deletion | null;
  /** The outcome of the member's last action, to announce. */
  notice: Notice | null;
  /** Why live updates stopped, while they are stopped. */
  liveProblem: string | null;
  /** The address of a post image. */
  imageUrl(fileId: string): string;
  /** The address of an author's profile photo. */
  avatarUrl(fileId: string): string;
  /** What the feed's controls ask for. */
  actions: FeedActions;
}

/**
 * The blog feed (spec "/blog"): the composer, then posts newest first with likes, comments and, for
 * the author, Delete Post behind a confirmation. Outcomes are announced in live regions.
 * @public
 */
export function BlogFeedView(props: BlogFeedViewProps) {
  const { status, posts, actions, notice, deletion } = props;
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <section className="ok-blog-feed" aria-labelledby={`${id}-title`} data-state={status}>
      <PostComposer
        composer={props.composer}
        onContentChange={actions.setContent}
        onAddImages={actions.addImages}
        onRemoveImage={actions.removeImage}
        onSubmit={actions.submit}
      />
      <p className="ok-blog-feed__notice" data-state="success" role="status">
        {notice?.tone === 'success' ? notice.text : null}
      </p>
      <p className="ok-blog-feed__notice" data-state="error" role="alert">
        {notice?.tone === 'error' ? notice.text : null}
      </p>
      <h2 className="ok-blog-feed__title" id={`${id}-title`} ref={title} tabIndex={-1}>
        Recent posts
      </h2>
      {props.liveProblem ? <p className="ok-blog-feed__live">New posts will appear after a reload ({props.liveProblem})</p> : null}
      {status === 'loading' ? (
        <p className="ok-blog-feed__status" role="status">
          {MESSAGES.loading}
        </p>
      ) : null}
      {status === 'error' ? (
        <div className="ok-blog-feed__error" role="alert">
          <p>{props.error ?? MESSAGES.genericError}</p>
          <button className="ok-blog-feed__button" type="button" onClick={actions.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' && !posts.length ? <p className="ok-blog-feed__status">No posts yet. Be the first to share something!</p> : null}
      {status === 'ready' && posts.length ? (
        <ol className="ok-blog-feed__posts" aria-labelledby={`${id}-title`}>
          {posts.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              viewer={props.viewer}
              now={props.now}
              thread={props.threads[post.id]}
              likePending={props.pendingLikes.includes(post.id)}
              imageUrl={props.imageUrl}
              avatarUrl={props.avatarUrl}
              onToggleLike={actions.toggleLike}
              onToggleComments={actions.toggleComments}
              onCommentDraft={actions.setCommentDraft}
              onSubmitComment={actions.submitComment}
              onRequestDelete={actions.requestDelete}
            />
          ))}
        </ol>
      ) : null}
      {status === 'ready' && props.hasMore ? (
        <button className="ok-blog-feed__button ok-blog-feed__more" type="button" onClick={actions.loadMore} disabled={props.loadingMore}>
          {props.loadingMore ? MESSAGES.loading : 'Load more posts'}
        </button>
      ) : null}
      {deletion ? (
        <ConfirmDialog
          title="Delete post"
          message={MESSAGES.confirmDeletePost}
          confirmLabel="Delete"
          busy={deletion.status === 'deleting'}
          busyLabel="Deleting..."
          onConfirm={actions.confirmDelete}
          onCancel={actions.cancelDelete}
          onFocusLost={() => title.current?.focus()}
        />
      ) : null}
    </section>
  );
}
