import { useId, type FormEvent } from 'react';
import { canDeletePost, MESSAGES, relativeTimeLabel, type Viewer } from '@opportunity-kit/sdk/domain';
import type { FeedPost } from '@opportunity-kit/sdk';
import type { CommentThread } from './blog-feed-model.ts';

export interface PostCardProps {
  post: FeedPost;
  viewer: Viewer;
  now: number;
  thread: CommentThread | undefined;
  likePending: boolean;
  imageUrl(fileId: string): string;
  avatarUrl(fileId: string): string;
  onToggleLike(postId: string): void;
  onToggleComments(postId: string): void;
  onCommentDraft(postId: string, text: string): void;
  onSubmitComment(postId: string): void;
  onRequestDelete(postId: string): void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One post: author and time, text, images, the like toggle, comments, and Delete Post for its author. */
export function PostCard(props: PostCardProps) {
  const { post, viewer, now, thread } = props;
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
        {post.imageFileIds.length ? (
          <ul className="ok-blog-post__images" data-count={post.imageFileIds.length}>
            {post.imageFileIds.map((fileId, index) => (
              <li key={fileId}>
                {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- "Image 2 of 3 posted by …" numbers the post's pictures; the blog journey finds them by it */}
                <img
                  className="ok-blog-post__image"
                  src={props.imageUrl(fileId)}
                  alt={`Image ${index + 1} of ${post.imageFileIds.length} posted by ${post.authorName}`}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="ok-blog-post__actions">
          <button
            className="ok-blog-post__like"
            type="button"
            aria-pressed={post.likedByMe}
            aria-busy={props.likePending || undefined}
            aria-describedby={`${id}-likes`}
            onClick={() => props.onToggleLike(post.id)}
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
            onClick={() => props.onToggleComments(post.id)}
          >
            Comments ({post.commentCount})
          </button>
          {canDeletePost(viewer, post) ? (
            <button className="ok-blog-post__delete" type="button" aria-haspopup="dialog" onClick={() => props.onRequestDelete(post.id)}>
              Delete Post
            </button>
          ) : null}
        </div>
        <div className="ok-blog-post__comments" id={`${id}-comments`} hidden={!thread?.open}>
          {thread?.open ? <Comments postId={post.id} thread={thread} now={now} onDraft={props.onCommentDraft} onSubmit={props.onSubmitComment} /> : null}
        </div>
      </article>
    </li>
  );
}

interface CommentsProps {
  postId: string;
  thread: CommentThread;
  now: number;
  onDraft(postId: string, text: string): void;
  onSubmit(postId: string): void;
}

function Comments({ postId, thread, now, onDraft, onSubmit }: CommentsProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(postId);
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
            onChange={(event) => onDraft(postId, event.currentTarget.value)}
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
