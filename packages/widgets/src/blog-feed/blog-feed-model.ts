import { signal, type Signal } from '@preact/signals-react';
import type { Comment } from '@opportunity-kit/sdk/domain';
import type { FeedPost, Page } from '@opportunity-kit/sdk';
import type { LoadStatus } from '../shared/load-status.ts';

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
  /** The post to delete. */
  postId: string;
  /** `confirm` while the dialog asks, `deleting` once confirmed. */
  status: 'confirm' | 'deleting';
}

/** The outcome of an action the member took, announced once. @public */
export interface Notice {
  /** Whether the action succeeded. */
  tone: 'success' | 'error';
  /** What to announce ("Post published", the spec's texts, or the SDK's message). */
  text: string;
}

/** The blog feed's state, as signals: the connected widget renders from it, the controller writes it. */
export interface BlogFeedModel {
  /** Where the feed's first page stands. */
  status: Signal<LoadStatus>;
  error: Signal<string | null>;
  page: Signal<Page<FeedPost>>;
  loadingMore: Signal<boolean>;
  /** The time relative labels count from; it moves while the feed is open. */
  now: Signal<number>;
  composer: Signal<ComposerState>;
  threads: Signal<Readonly<Record<string, CommentThread>>>;
  /** Posts whose like toggle is on its way. */
  pendingLikes: Signal<readonly string[]>;
  deletion: Signal<Deletion | null>;
  notice: Signal<Notice | null>;
  /** Why live updates stopped, while they are stopped. */
  liveProblem: Signal<string | null>;
}

export const EMPTY_COMPOSER: ComposerState = { content: '', images: [], status: 'idle', progress: null, error: null };

export function createBlogFeedModel(now: number = Date.now()): BlogFeedModel {
  return {
    status: signal<LoadStatus>('loading'),
    error: signal<string | null>(null),
    page: signal<Page<FeedPost>>({ items: [], total: 0, nextCursor: null }),
    loadingMore: signal(false),
    now: signal(now),
    composer: signal(EMPTY_COMPOSER),
    threads: signal({}),
    pendingLikes: signal([]),
    deletion: signal<Deletion | null>(null),
    notice: signal<Notice | null>(null),
    liveProblem: signal<string | null>(null),
  };
}
