import { signal, type Signal } from '@preact/signals-react';
import type { Comment } from '@opportunity-kit/sdk/domain';
import type { FeedPost, Page } from '@opportunity-kit/sdk';

/** An image picked for a new post, with the address of its preview. @public */
export interface ComposerImage {
  id: string;
  file: File;
  previewUrl: string;
}

/** The new-post form. `progress` is the upload's percent, or null while it is not known. @public */
export interface ComposerState {
  content: string;
  images: ComposerImage[];
  status: 'idle' | 'posting';
  progress: number | null;
  error: string | null;
}

/** The comments of one post, once opened. @public */
export interface CommentThread {
  open: boolean;
  status: 'loading' | 'ready' | 'error';
  comments: Comment[];
  draft: string;
  sending: boolean;
  error: string | null;
}

/** The delete confirmation: asked, or the delete running. @public */
export interface Deletion {
  postId: string;
  status: 'confirm' | 'deleting';
}

/** The outcome of an action the member took, announced once. @public */
export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/** Where the feed's first page stands. @public */
export type FeedStatus = 'loading' | 'ready' | 'error';

/** The blog feed's state, as signals: the connected widget renders from it, the controller writes it. */
export interface FeedModel {
  status: Signal<FeedStatus>;
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

export function createFeedModel(now: number = Date.now()): FeedModel {
  return {
    status: signal<FeedStatus>('loading'),
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
