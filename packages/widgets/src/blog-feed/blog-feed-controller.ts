import { batch } from '@preact/signals-react';
import { commentText, imageFileProblem, MESSAGES, postImagesProblem, validatePost, type Post } from '@opportunity-kit/sdk/domain';
import { applyPostChange, PortalError, type NewPost, type PostsModule, type ProgressHandler } from '@opportunity-kit/sdk';
import { EMPTY_COMPOSER, type CommentThread, type BlogFeedModel } from './blog-feed-model.ts';
import { createLatestRequest } from '../shared/latest-request.ts';

/**
 * The part of the SDK's posts module the feed uses. `create` may report upload progress; a module
 * that does not (the SDK's today) still fits, and the composer then shows progress without a percent.
 * @public
 */
export type PostsApi = Pick<PostsModule, 'feed' | 'subscribe' | 'remove' | 'toggleLike' | 'comments' | 'addComment'> & {
  create(input: NewPost, options?: { onProgress?: ProgressHandler | undefined }): Promise<Post>;
};

/** What the feed's view can ask for. @public */
export interface FeedActions {
  /** Loads the first page again, after it failed. */
  retry(): void;
  /** Loads the next page below the posts shown. */
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
  /** Closes the delete confirmation without deleting. */
  cancelDelete(): void;
  /** Deletes the post the confirmation asked about. */
  confirmDelete(): void;
}

export interface BlogFeedController extends FeedActions {
  /** Follows live changes and keeps relative times fresh; returns the function that stops both. */
  start(): () => void;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  submit(): Promise<void>;
  toggleLike(postId: string): Promise<void>;
  toggleComments(postId: string): Promise<void>;
  submitComment(postId: string): Promise<void>;
  confirmDelete(): Promise<void>;
}

/**
 * Object URLs for image previews; replaceable where there is no `URL.createObjectURL`.
 * @public
 */
export interface PreviewUrls {
  /** An address that shows the file, until revoked. */
  create(file: File): string;
  /** Frees an address `create` gave. */
  revoke(url: string): void;
}

/** How the feed loads and keeps time; every option has a default. @public */
export interface FeedControllerOptions {
  /** Posts per page (10 by default). */
  pageSize?: number;
  /** Addresses for image previews; the browser's object URLs by default. */
  previews?: PreviewUrls;
  /** How often relative times are refreshed, in milliseconds (30 seconds by default). */
  tickMs?: number;
  /** The current time in milliseconds; `Date.now` by default. */
  clock?: () => number;
}

const browserPreviews: PreviewUrls = { create: (file) => URL.createObjectURL(file), revoke: (url) => URL.revokeObjectURL(url) };
const messageOf = (thrown: unknown): string => PortalError.from(thrown).message;
const CLOSED_THREAD: CommentThread = { open: false, status: 'loading', comments: [], draft: '', sending: false, error: null };

export function createBlogFeedController(posts: PostsApi, model: BlogFeedModel, options: FeedControllerOptions = {}): BlogFeedController {
  const { pageSize = 10, previews = browserPreviews, tickMs = 30_000, clock = Date.now } = options;
  const requests = createLatestRequest();
  let imageSequence = 0;

  const patchComposer = (patch: Partial<typeof EMPTY_COMPOSER>) => {
    model.composer.value = { ...model.composer.value, ...patch };
  };
  const thread = (postId: string): CommentThread => model.threads.value[postId] ?? CLOSED_THREAD;
  const patchThread = (postId: string, patch: Partial<CommentThread>) => {
    model.threads.value = { ...model.threads.value, [postId]: { ...thread(postId), ...patch } };
  };
  const patchPost = (postId: string, patch: Partial<Post> & { likedByMe?: boolean }) => {
    const page = model.page.value;
    model.page.value = { ...page, items: page.items.map((post) => (post.id === postId ? { ...post, ...patch } : post)) };
  };

  async function load(): Promise<void> {
    const mine = requests.begin();
    model.status.value = 'loading';
    try {
      const page = await posts.feed({ limit: pageSize });
      if (!mine.isCurrent()) return;
      batch(() => {
        model.page.value = page;
        model.status.value = 'ready';
        model.error.value = null;
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = messageOf(thrown);
        model.status.value = 'error';
      });
    }
  }

  return {
    load,
    retry: () => void load(),

    start() {
      const unsubscribe = posts.subscribe(
        (change) => {
          model.page.value = applyPostChange(model.page.value, change);
          model.liveProblem.value = null;
        },
        (error) => {
          model.liveProblem.value = error.message;
        },
      );
      const ticker = setInterval(() => {
        model.now.value = clock();
      }, tickMs);
      return () => {
        clearInterval(ticker);
        requests.invalidate();
        void unsubscribe();
        for (const image of model.composer.value.images) previews.revoke(image.previewUrl);
      };
    },

    async loadMore() {
      const cursor = model.page.value.nextCursor;
      if (!cursor || model.loadingMore.value) return;
      const mine = requests.current();
      model.loadingMore.value = true;
      try {
        const next = await posts.feed({ cursor, limit: pageSize });
        if (!mine.isCurrent()) return;
        const page = model.page.value;
        // A post that went live while this page was on its way may now be in both.
        const known = new Set(page.items.map((post) => post.id));
        model.page.value = { items: [...page.items, ...next.items.filter((post) => !known.has(post.id))], total: next.total, nextCursor: next.nextCursor };
      } catch (thrown) {
        if (mine.isCurrent()) model.notice.value = { tone: 'error', text: messageOf(thrown) };
      } finally {
        if (mine.isCurrent()) model.loadingMore.value = false;
      }
    },

    setContent(content) {
      patchComposer({ content, error: null });
    },

    addImages(files) {
      const { images } = model.composer.value;
      // The whole pick is refused when it would pass the limit, so the member chooses what to keep.
      const problem = postImagesProblem(images.length + files.length) ?? files.map((file) => imageFileProblem(file)).find(Boolean);
      if (problem) {
        patchComposer({ error: problem });
        return;
      }
      const added = files.map((file) => ({ id: `image${++imageSequence}`, file, previewUrl: previews.create(file) }));
      patchComposer({ images: [...images, ...added], error: null });
    },

    removeImage(id) {
      const { images } = model.composer.value;
      const image = images.find((candidate) => candidate.id === id);
      if (image) previews.revoke(image.previewUrl);
      patchComposer({ images: images.filter((candidate) => candidate !== image), error: null });
    },

    async submit() {
      const composer = model.composer.value;
      if (composer.status === 'posting') return;
      const checked = validatePost({ content: composer.content, imageCount: composer.images.length });
      if (!checked.ok) {
        patchComposer({ error: checked.errors.content ?? checked.errors.images ?? null });
        return;
      }
      patchComposer({ status: 'posting', progress: composer.images.length ? 0 : null, error: null });
      try {
        const post = await posts.create(
          { content: composer.content, images: composer.images.map((image) => image.file) },
          { onProgress: ({ percent }) => patchComposer({ progress: percent }) },
        );
        for (const image of composer.images) previews.revoke(image.previewUrl);
        batch(() => {
          // The live update may have brought it already; applyPostChange keeps one copy.
          model.page.value = applyPostChange(model.page.value, { action: 'create', post });
          model.composer.value = EMPTY_COMPOSER;
          model.notice.value = { tone: 'success', text: 'Post published' };
        });
      } catch (thrown) {
        patchComposer({ status: 'idle', progress: null, error: messageOf(thrown) });
      }
    },

    async toggleLike(postId) {
      if (model.pendingLikes.value.includes(postId)) return;
      model.pendingLikes.value = [...model.pendingLikes.value, postId];
      try {
        const like = await posts.toggleLike(postId);
        patchPost(postId, { likedByMe: like.liked, likeCount: like.likeCount });
      } catch (thrown) {
        model.notice.value = { tone: 'error', text: messageOf(thrown) };
      } finally {
        model.pendingLikes.value = model.pendingLikes.value.filter((id) => id !== postId);
      }
    },

    async toggleComments(postId) {
      const current = model.threads.value[postId];
      if (current?.open) {
        patchThread(postId, { open: false });
        return;
      }
      if (current && current.status !== 'error') {
        patchThread(postId, { open: true });
        return;
      }
      patchThread(postId, { open: true, status: 'loading', error: null });
      try {
        const page = await posts.comments(postId, { limit: 100 });
        patchThread(postId, { status: 'ready', comments: page.items });
      } catch (thrown) {
        patchThread(postId, { status: 'error', error: messageOf(thrown) });
      }
    },

    setCommentDraft(postId, draft) {
      patchThread(postId, { draft, error: null });
    },

    async submitComment(postId) {
      const current = thread(postId);
      const text = commentText(current.draft);
      // The spec ignores a blank comment: nothing is sent and nothing is said.
      if (text === undefined || current.sending) return;
      patchThread(postId, { sending: true, error: null });
      try {
        const added = await posts.addComment(postId, text);
        batch(() => {
          patchThread(postId, { sending: false, draft: '', comments: [...thread(postId).comments, added.comment] });
          patchPost(postId, { commentCount: added.commentCount });
        });
      } catch (thrown) {
        patchThread(postId, { sending: false, error: messageOf(thrown) });
      }
    },

    requestDelete(postId) {
      model.deletion.value = { postId, status: 'confirm' };
    },

    cancelDelete() {
      if (model.deletion.value?.status === 'confirm') model.deletion.value = null;
    },

    async confirmDelete() {
      const deletion = model.deletion.value;
      if (!deletion || deletion.status !== 'confirm') return;
      model.deletion.value = { ...deletion, status: 'deleting' };
      try {
        await posts.remove(deletion.postId);
        const post = model.page.value.items.find((candidate) => candidate.id === deletion.postId);
        batch(() => {
          if (post) model.page.value = applyPostChange(model.page.value, { action: 'delete', post });
          model.deletion.value = null;
          model.notice.value = { tone: 'success', text: MESSAGES.postDeleted };
        });
      } catch {
        batch(() => {
          model.deletion.value = null;
          model.notice.value = { tone: 'error', text: MESSAGES.postDeleteFailed };
        });
      }
    },
  };
}
