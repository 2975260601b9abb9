import { useId, useRef, useState } from 'react';
import { MESSAGES, type Viewer } from '@opportunity-kit/sdk/domain';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { Skeleton, SkeletonBone } from '../shared/skeleton.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { BlogFeedActions, BlogFeedState } from './blog-feed-model.ts';
import { ImageViewer, type ViewedImage } from './image-viewer.tsx';
import { PostCard } from './post-card.tsx';
import { PostComposer } from './post-composer.tsx';
import { ReportDialog } from './report-dialog.tsx';

const CONFIRM_DELETE_COMMENT = 'Are you sure you want to delete this comment?';

/**
 * Props of {@link BlogFeedView}: the feed's `state` and `actions` (from {@link useBlogFeed}), who is
 * reading, and how the host pictures things.
 * @public
 */
export interface BlogFeedViewProps extends WidgetBinding<BlogFeedState, BlogFeedActions> {
  /** The signed-in member: only a post's author sees its Delete Post button. */
  viewer: Viewer;
  /** The address of a post image. */
  imageUrl(fileId: string): string;
  /** The address of an author's profile photo. */
  avatarUrl(fileId: string): string;
}

/**
 * The blog feed (spec "/blog"): the composer, then posts newest first with likes, comments and, for
 * the author, Delete Post (and Delete on their own comments) behind a confirmation; any post image
 * opens full size in a dialog. Outcomes are announced in live regions; one about a post or comment
 * (a report's thanks) shows beside it and takes focus. Where the widget is at least 62rem wide, the composer
 * sits in a column beside the feed.
 * @public
 */
export function BlogFeedView(props: BlogFeedViewProps) {
  const { state, actions } = props;
  const { status, notice, deletion } = state;
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // Which image is open full size is the view's own business: the feed's state does not change.
  const [viewing, setViewing] = useState<{ image: ViewedImage; opener: HTMLElement } | null>(null);
  return (
    <section className="ok-blog-feed" aria-labelledby={`${id}-title`} data-state={status}>
      {/* The layout answers to its own width (a container), and holds no dialog: a container would box in their fixed backdrops. */}
      <div className="ok-blog-feed__layout">
        <div className="ok-blog-feed__columns">
          <div className="ok-blog-feed__aside">
            <PostComposer composer={state.composer} actions={actions} />
            {/* An outcome about one post or comment shows beside it instead (PostCard). */}
            <p className="ok-blog-feed__notice ok-confirmation" data-state="success" role="status">
              {notice?.tone === 'success' && !notice.about ? notice.text : null}
            </p>
            <p className="ok-blog-feed__notice" data-state="error" role="alert">
              {notice?.tone === 'error' ? notice.text : null}
            </p>
          </div>
          <div className="ok-blog-feed__main">
            <h2 className="ok-blog-feed__title ok-focus-target" id={`${id}-title`} ref={title} tabIndex={-1}>
              Recent posts
            </h2>
            <FeedBody {...props} titleId={`${id}-title`} onViewImage={(image, opener) => setViewing({ image, opener })} />
          </div>
        </div>
      </div>
      {deletion ? (
        <ConfirmDialog
          title={deletion.commentId === undefined ? 'Delete post' : 'Delete comment'}
          message={deletion.commentId === undefined ? MESSAGES.confirmDeletePost : CONFIRM_DELETE_COMMENT}
          confirmLabel="Delete"
          busy={deletion.status === 'deleting'}
          busyLabel="Deleting..."
          onConfirm={actions.confirmDelete}
          onCancel={actions.cancelDelete}
          onFocusLost={() => title.current?.focus()}
        />
      ) : null}
      {state.report && actions.setReportReason && actions.submitReport && actions.cancelReport ? (
        <ReportDialog
          what={state.report.kind}
          report={state.report}
          onReasonChange={actions.setReportReason}
          onSubmit={actions.submitReport}
          onCancel={actions.cancelReport}
        />
      ) : null}
      {viewing ? <ImageViewer image={viewing.image} returnFocusTo={viewing.opener} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}

interface FeedBodyProps extends BlogFeedViewProps {
  titleId: string;
  onViewImage(image: ViewedImage, opener: HTMLElement): void;
}

/** Under "Recent posts": the feed's loading, failure or empty state, or its posts and "Load more posts". */
function FeedBody(props: FeedBodyProps) {
  const { state, actions } = props;
  const { status, posts } = state;
  return (
    <>
      {state.liveProblem ? <p className="ok-blog-feed__live">New posts will appear after a reload ({state.liveProblem})</p> : null}
      {status === 'loading' ? (
        <Skeleton count={3} listClassName="ok-blog-feed__posts">
          <div className="ok-blog-post__body" data-state="loading">
            <div className="ok-blog-post__header">
              <SkeletonBone shape="circle" />
              <SkeletonBone width="short" />
            </div>
            <SkeletonBone width="full" />
            <SkeletonBone width="medium" />
          </div>
        </Skeleton>
      ) : null}
      {status === 'error' ? (
        <div className="ok-blog-feed__error" role="alert">
          <p>{state.error ?? MESSAGES.genericError}</p>
          <button className="ok-blog-feed__button" type="button" onClick={actions.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' && !posts.length ? <p className="ok-blog-feed__status">No posts yet. Be the first to share something!</p> : null}
      {status === 'ready' && posts.length ? (
        <ol className="ok-blog-feed__posts" aria-labelledby={props.titleId}>
          {posts.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              viewer={props.viewer}
              now={state.now}
              thread={state.threads[post.id]}
              likePending={state.pendingLikes.includes(post.id)}
              imageUrl={props.imageUrl}
              avatarUrl={props.avatarUrl}
              onViewImage={props.onViewImage}
              actions={actions}
              canReport={Boolean(state.canReport)}
              notice={state.notice}
            />
          ))}
        </ol>
      ) : null}
      {status === 'ready' && state.hasMore ? (
        <button className="ok-blog-feed__button ok-blog-feed__more" type="button" onClick={actions.loadMore} disabled={state.loadingMore}>
          {state.loadingMore ? MESSAGES.loading : 'Load more posts'}
        </button>
      ) : null}
    </>
  );
}
