import { useEffect, useId, useRef, type FormEvent } from 'react';
import { canDeleteComment, canDeletePost, hiddenNote, MESSAGES, relativeTimeLabel, type Viewer } from '@opportunity-kit/sdk/domain';
import type { FeedPost } from '@opportunity-kit/sdk';
import type { BlogFeedActions, CommentThread, Notice } from './blog-feed-model.ts';
import type { ViewedImage } from './image-viewer.tsx';

export interface PostCardProps {
  post: FeedPost;
  viewer: Viewer;
  now: number;
  thread: CommentThread | undefined;
  likePending: boolean;
  imageUrl(fileId: string): string;
  avatarUrl(fileId: string): string;
  /** An image was asked for full size, by the given control (focus goes back to it). */
  onViewImage(image: ViewedImage, opener: HTMLElement): void;
  actions: Pick<
    BlogFeedActions,
    'toggleLike' | 'toggleComments' | 'setCommentDraft' | 'submitComment' | 'requestDelete' | 'requestDeleteComment' | 'requestReport'
  >;
  /** Whether posts and comments by others offer "Report". */
  canReport?: boolean;
  /** The feed's last outcome: shown here when it is about this post or one of its comments. */
  notice?: Notice | null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One post: author and time, text, images (each one opens full size), the like toggle, comments, and Delete Post for its author. */
export function PostCard(props: PostCardProps) {
  const { post, viewer, now, thread, actions } = props;
  const report = props.canReport ? actions.requestReport : undefined;
  const notice = props.notice?.tone === 'success' ? props.notice : null;
  const id = useId();
  const initials = post.authorName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <li className="ok-blog-post" data-post-id={post.id}>
      <article className="ok-blog-post__body" aria-labelledby={`${id}-author`}>
        <header className="ok-blog-post__header">
          {post.authorAvatarFileId ? (
            <img className="ok-blog-post__avatar" src={props.avatarUrl(post.authorAvatarFileId)} alt="" width={40} height={40} />
          ) : (
            <span className="ok-blog-post__avatar" aria-hidden="true">
              {initials}
            </span>
          )}
          <span className="ok-blog-post__author" id={`${id}-author`}>
            {post.authorName}
          </span>
          <time className="ok-blog-post__time" dateTime={post.createdAt}>
            {relativeTimeLabel(new Date(post.createdAt), now)}
          </time>
        </header>
        <p className="ok-blog-post__content">{post.content}</p>
        <HiddenNote reason={post.hiddenReason} />
        {post.imageFileIds.length ? (
          <ul className="ok-blog-post__images" data-count={post.imageFileIds.length}>
            {post.imageFileIds.map((fileId, index) => {
              const image = { src: props.imageUrl(fileId), alt: `Image ${index + 1} of ${post.imageFileIds.length} posted by ${post.authorName}` };
              return (
                <li className="ok-blog-post__image-item" key={fileId}>
                  {/* "Image 2 of 3 posted by …" numbers the post's pictures; the blog journey finds them by it. */}
                  <img className="ok-blog-post__image" src={image.src} alt={image.alt} loading="lazy" />
                  {/* Beside the image, not around it: a button's content is presentational, and the image must stay an image for assistive technology. */}
                  <button
                    className="ok-blog-post__enlarge"
                    type="button"
                    aria-haspopup="dialog"
                    aria-label={`Enlarge image ${index + 1} of ${post.imageFileIds.length} posted by ${post.authorName}`}
                    onClick={(event) => props.onViewImage(image, event.currentTarget)}
                  />
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className="ok-blog-post__actions">
          <button
            className="ok-blog-post__like"
            type="button"
            aria-pressed={post.likedByMe}
            aria-busy={props.likePending || undefined}
            aria-describedby={`${id}-likes`}
            onClick={() => actions.toggleLike(post.id)}
          >
            Like
          </button>
          <span className="ok-blog-post__likes" id={`${id}-likes`}>
            {plural(post.likeCount, 'like', 'likes')}
          </span>
          <button
            className="ok-blog-post__comments-toggle"
            type="button"
            aria-expanded={Boolean(thread?.open)}
            aria-controls={`${id}-comments`}
            onClick={() => actions.toggleComments(post.id)}
          >
            Comments ({post.commentCount})
          </button>
          {canDeletePost(viewer, post) ? (
            <button className="ok-blog-post__delete" type="button" aria-haspopup="dialog" onClick={() => actions.requestDelete(post.id)}>
              Delete Post
            </button>
          ) : null}
          {report && post.authorId !== viewer.id && !post.hiddenReason ? (
            <button className="ok-blog-post__report" type="button" aria-haspopup="dialog" onClick={() => report('post', post.id)}>
              Report
            </button>
          ) : null}
        </div>
        {notice?.about?.kind === 'post' && notice.about.id === post.id ? <ItemNotice text={notice.text} /> : null}
        <div className="ok-blog-post__comments" id={`${id}-comments`} hidden={!thread?.open}>
          {thread?.open ? <Comments postId={post.id} thread={thread} now={now} actions={actions} viewer={viewer} report={report} notice={notice} /> : null}
        </div>
      </article>
    </li>
  );
}

interface CommentsProps {
  postId: string;
  thread: CommentThread;
  now: number;
  actions: Pick<BlogFeedActions, 'setCommentDraft' | 'submitComment' | 'requestDeleteComment'>;
  viewer: Viewer;
  report: BlogFeedActions['requestReport'];
  notice: Notice | null;
}

/**
 * An outcome beside the post or comment it is about (a report's thanks, a deleted comment): it takes
 * focus, which also brings it into view, so the member reads it where they acted.
 */
function ItemNotice({ text }: { text: string }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), [text]);
  return (
    <p className="ok-blog-feed__notice ok-blog-post__notice ok-focus-target" data-state="success" role="status" tabIndex={-1} ref={note}>
      {text}
    </p>
  );
}

/** Shown to the author of a post or comment a teacher hid (nobody else reads it any more). */
function HiddenNote({ reason }: { reason: string | null | undefined }) {
  return reason ? <p className="ok-blog-hidden-note">{hiddenNote(reason)}</p> : null;
}

function Comments({ postId, thread, now, actions, viewer, report, notice }: CommentsProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submitComment(postId);
  };
  return (
    <>
      {thread.status === 'loading' ? (
        <p className="ok-blog-post__comments-status" role="status">
          {MESSAGES.loading}
        </p>
      ) : null}
      {thread.status === 'ready' && !thread.comments.length ? <p className="ok-blog-post__comments-status">No comments yet.</p> : null}
      {thread.comments.length ? (
        <ul className="ok-blog-post__comment-list">
          {thread.comments.map((comment) => (
            <li className="ok-blog-comment" key={comment.id}>
              <span className="ok-blog-comment__author">{comment.authorName}</span>{' '}
              <time className="ok-blog-comment__time" dateTime={comment.createdAt}>
                {relativeTimeLabel(new Date(comment.createdAt), now)}
              </time>
              <p className="ok-blog-comment__content">{comment.content}</p>
              <HiddenNote reason={comment.hiddenReason} />
              {report && comment.authorId !== viewer.id && !comment.hiddenReason ? (
                <button
                  className="ok-blog-comment__report"
                  type="button"
                  aria-haspopup="dialog"
                  aria-label={`Report comment by ${comment.authorName}`}
                  onClick={() => report('comment', comment.id)}
                >
                  Report
                </button>
              ) : null}
              {actions.requestDeleteComment && canDeleteComment(viewer, comment) ? (
                <button
                  className="ok-blog-comment__delete"
                  type="button"
                  aria-haspopup="dialog"
                  aria-label="Delete your comment"
                  onClick={() => actions.requestDeleteComment?.(postId, comment.id)}
                >
                  Delete
                </button>
              ) : null}
              {notice?.about?.kind === 'comment' && notice.about.id === comment.id ? <ItemNotice text={notice.text} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {thread.status === 'ready' ? (
        <form className="ok-blog-post__comment-form" onSubmit={submit}>
          <label className="ok-blog-post__comment-label" htmlFor={`${id}-draft`}>
            Add a comment
          </label>
          <input
            className="ok-blog-post__comment-input"
            id={`${id}-draft`}
            value={thread.draft}
            onChange={(event) => actions.setCommentDraft(postId, event.currentTarget.value)}
            autoComplete="off"
          />
          <button className="ok-blog-post__comment-submit" type="submit" disabled={thread.sending}>
            {thread.sending ? 'Sending...' : 'Comment'}
          </button>
        </form>
      ) : null}
      <p className="ok-blog-post__comments-error" role="alert">
        {thread.error}
      </p>
    </>
  );
}
