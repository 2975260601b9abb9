import { signal, type Signal } from '@preact/signals-react';
import type { Comment } from '@opportunity-kit/sdk/domain';
import type { FeedPost } from '@opportunity-kit/sdk';
import type { LoadStatus } from '../shared/load-status.ts';
import { createPagedListModel, type PagedListModel } from '../shared/paged-list.ts';

/** An image picked for a new post, with the address of its preview. @public */
export interface ComposerImage {
  /** Names the image within the composer, for removing it. */
  id: string;
  /** The picked file, uploaded when the post is published. */
  file: File;
  /** A local address of the file, for its preview. */
  previewUrl: string;
}

/** The new-post form. `progress` is the upload's percent, or null while it is not known. @public */
export interface ComposerState {
  /** The post's text as typed. */
  content: string;
  /** The images picked for the post, in their order. */
  images: ComposerImage[];
  /** `posting` while the post (and its images) is being published. */
  status: 'idle' | 'posting';
  /** The upload's percent while posting with images; null when not known. */
  progress: number | null;
  /** Why the post or a picked image was refused, or why publishing failed. */
  error: string | null;
}

/** The comments of one post, once opened. @public */
export interface CommentThread {
  /** Whether the comments show under the post. */
  open: boolean;
  /** Whether the comments are loading, shown, or failed to load. */
  status: LoadStatus;
  /** The comments, oldest first. */
  comments: Comment[];
  /** The new comment as typed. */
  draft: string;
  /** The new comment is on its way. */
  sending: boolean;
  /** Why the comments could not load or the new comment was not added. */
  error: string | null;
}

/** The delete confirmation: asked, or the delete running. @public */
export interface Deletion {
  /** The post to delete, or the post of the comment to delete. */
  postId: string;
  /** The comment to delete (its author's own); absent when the post is deleted. */
  commentId?: string;
  /** `confirm` while the dialog asks, `deleting` once confirmed. */
  status: 'confirm' | 'deleting';
}

/** A report of a post or a comment being written for the teachers' moderation queue. @public */
export interface ReportDraft {
  /** What is reported. */
  kind: 'post' | 'comment';
  /** The post's or the comment's id. */
  id: string;
  /** Why, as typed. */
  reason: string;
  /** The report is on its way. */
  sending: boolean;
  /** Why the report was refused or failed. */
  error: string | null;
}

/** The outcome of an action the member took, announced once. @public */
export interface Notice {
  /** Whether the action succeeded. */
  tone: 'success' | 'error';
  /** What to announce ("Post published", the spec's texts, or the SDK's message). */
  text: string;
  /** The post or comment the outcome is about: the notice shows beside it (a report's thanks), not above the feed. */
  about?: { kind: 'post' | 'comment'; id: string };
}

/**
 * The blog feed's signals: the paged list of posts, and what the member does with them. The controller
 * writes them; the view reads them through {@link BlogFeedState}.
 */
export interface BlogFeedModel extends PagedListModel<FeedPost> {
  /** The time relative labels count from; it moves while the feed is open. */
  now: Signal<number>;
  composer: Signal<ComposerState>;
  threads: Signal<Readonly<Record<string, CommentThread>>>;
  /** Posts whose like toggle is on its way. */
  pendingLikes: Signal<readonly string[]>;
  deletion: Signal<Deletion | null>;
  report: Signal<ReportDraft | null>;
  notice: Signal<Notice | null>;
  /** Why live updates stopped, while they are stopped. */
  liveProblem: Signal<string | null>;
}

export const EMPTY_COMPOSER: ComposerState = { content: '', images: [], status: 'idle', progress: null, error: null };

export function createBlogFeedModel(now: number = Date.now()): BlogFeedModel {
  return {
    ...createPagedListModel<FeedPost>(),
    now: signal(now),
    composer: signal(EMPTY_COMPOSER),
    threads: signal({}),
    pendingLikes: signal([]),
    deletion: signal<Deletion | null>(null),
    report: signal<ReportDraft | null>(null),
    notice: signal<Notice | null>(null),
    liveProblem: signal<string | null>(null),
  };
}

/** What a blog feed shows: {@link useBlogFeed}'s `state`, and {@link BlogFeedView}'s. @public */
export interface BlogFeedState {
  /** Whether the first page is loading, shown or failed. */
  readonly status: LoadStatus;
  /** Why the feed could not load (with status `error`); null when it did not. */
  readonly error: string | null;
  /** The posts loaded so far, newest first. */
  readonly posts: readonly FeedPost[];
  /** Whether there is a next page ("Load more posts" shows). */
  readonly hasMore: boolean;
  /** A next page is loading. */
  readonly loadingMore: boolean;
  /** The time relative labels ("5 minutes ago") count from, in milliseconds. */
  readonly now: number;
  /** The new-post form. */
  readonly composer: ComposerState;
  /** The comments of each post whose comments were opened, by post id. */
  readonly threads: Readonly<Record<string, CommentThread>>;
  /** Posts whose like is on its way (their like button is busy). */
  readonly pendingLikes: readonly string[];
  /** The delete confirmation, while it is open; null otherwise. */
  readonly deletion: Deletion | null;
  /** The outcome of the member's last action (a failed "Load more posts" too), to announce; null when there is none. */
  readonly notice: Notice | null;
  /** Whether posts and comments offer "Report" (the feed was given the SDK's moderation module). */
  readonly canReport?: boolean;
  /** The report dialog, while it is open; null otherwise. */
  readonly report?: ReportDraft | null;
  /** Why live updates stopped, while they are stopped; null while they run. */
  readonly liveProblem: string | null;
}

/** What a person can do on the blog feed: {@link useBlogFeed}'s `actions`. @public */
export interface BlogFeedActions {
  /** Loads the first page again, after it failed. */
  retry(): void;
  /** Loads the next page below the posts shown; after a failure, tries the same page again. */
  loadMore(): void;
  /** The new post's text changed. */
  setContent(text: string): void;
  /** Adds picked images to the new post; the whole pick is refused when one is not an acceptable image or there would be too many. */
  addImages(files: readonly File[]): void;
  /** Takes a picked image out of the new post. */
  removeImage(id: string): void;
  /** Publishes the new post, once it passes the domain's checks. */
  submit(): void;
  /** Likes a post, or takes the member's like back. */
  toggleLike(postId: string): void;
  /** Opens a post's comments (loading them the first time) or closes them. */
  toggleComments(postId: string): void;
  /** A post's new comment changed. */
  setCommentDraft(postId: string, text: string): void;
  /** Adds a post's new comment; a blank one is ignored. */
  submitComment(postId: string): void;
  /** Asks to confirm the deletion of a post. */
  requestDelete(postId: string): void;
  /** Asks to confirm the deletion of one's own comment (when the feed was given `deleteComment`). */
  requestDeleteComment?(postId: string, commentId: string): void;
  /** Closes the delete confirmation without deleting. */
  cancelDelete(): void;
  /** Deletes the post or the comment the confirmation asked about. */
  confirmDelete(): void;
  /** Opens the report dialog for a post or a comment. */
  requestReport?(kind: 'post' | 'comment', id: string): void;
  /** The report's reason changed. */
  setReportReason?(reason: string): void;
  /** Sends the report to the teachers' moderation queue. */
  submitReport?(): void;
  /** Closes the report dialog without reporting. */
  cancelReport?(): void;
}
