import { batch, computed } from '@preact/signals-react';
import { commentText, imageFileProblem, MESSAGES, postImagesProblem, validatePost, type Post } from '@opportunity-kit/sdk/domain';
import {
  applyPostChange,
  PortalError,
  type ModerationModule,
  type NewPost,
  type PostChange,
  type PostsModule,
  type ProgressHandler,
} from '@opportunity-kit/sdk';
import { createLatestRequest } from '../shared/latest-request.ts';
import { createPagedListController } from '../shared/paged-list.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import { EMPTY_COMPOSER, type BlogFeedActions, type BlogFeedModel, type BlogFeedState, type CommentThread } from './blog-feed-model.ts';

/**
 * The part of the SDK's posts module the feed uses. `create` may report upload progress; a module
 * that does not (the SDK's today) still fits, and the composer then shows progress without a percent.
 * @public
 */
export type PostsApi = Pick<PostsModule, 'feed' | 'subscribe' | 'remove' | 'toggleLike' | 'comments' | 'addComment'> & {
  create(input: NewPost, options?: { onProgress?: ProgressHandler | undefined }): Promise<Post>;
  /** When given, each member's own comments offer Delete (the SDK's posts module has it). */
  deleteComment?: PostsModule['deleteComment'];
};

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
  /** The SDK's `client.moderation`: when given, posts and comments others wrote offer "Report". */
  reports?: Pick<ModerationModule, 'report'>;
}

const browserPreviews: PreviewUrls = { create: (file) => URL.createObjectURL(file), revoke: (url) => URL.revokeObjectURL(url) };
const messageOf = (thrown: unknown): string => PortalError.from(thrown).message;
/** Said beside the post once one's comment on it is deleted. */
export const COMMENT_DELETED = 'Comment deleted';
const CLOSED_THREAD: CommentThread = { open: false, status: 'loading', comments: [], draft: '', sending: false, error: null };

/**
 * Loads the feed a page at a time, follows its live changes and keeps relative times fresh while
 * started, and publishes, likes, comments and deletes through the SDK.
 */
export function createBlogFeedController(
  posts: PostsApi,
  model: BlogFeedModel,
  options: FeedControllerOptions = {},
): WidgetController<BlogFeedState, BlogFeedActions> {
  const { pageSize = 10, previews = browserPreviews, tickMs = 30_000, clock = Date.now, reports } = options;
  const list = createPagedListController(model, (cursor) => posts.feed({ ...(cursor ? { cursor } : {}), limit: pageSize }), {
    messageOf,
    keyOf: (post) => post.id,
  });
  const subscriptions = createLatestRequest();
  let imageSequence = 0;

  const patchComposer = (patch: Partial<typeof EMPTY_COMPOSER>) => {
    model.composer.value = { ...model.composer.value, ...patch };
  };
  const thread = (postId: string): CommentThread => model.threads.value[postId] ?? CLOSED_THREAD;
  const patchThread = (postId: string, patch: Partial<CommentThread>) => {
    model.threads.value = { ...model.threads.value, [postId]: { ...thread(postId), ...patch } };
  };
  const patchPost = (postId: string, patch: Partial<Post> & { likedByMe?: boolean }) => {
    model.items.value = model.items.value.map((post) => (post.id === postId ? { ...post, ...patch } : post));
  };
  const applyChange = (change: PostChange) => {
    const page = applyPostChange({ items: model.items.value, total: model.total.value, nextCursor: model.nextCursor.value }, change);
    batch(() => {
      model.items.value = page.items;
      model.total.value = page.total;
    });
  };

  async function loadMore(): Promise<void> {
    await list.loadMore();
    // The feed announces a page that failed in its one alert, with the member's other outcomes; the
    // posts stay and "Load more posts" tries the same page again.
    const problem = model.loadMoreError.value;
    if (problem) model.notice.value = { tone: 'error', text: problem };
  }

  async function submit(): Promise<void> {
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
        applyChange({ action: 'create', post });
        model.composer.value = EMPTY_COMPOSER;
        model.notice.value = { tone: 'success', text: 'Post published' };
      });
    } catch (thrown) {
      patchComposer({ status: 'idle', progress: null, error: messageOf(thrown) });
    }
  }

  async function toggleLike(postId: string): Promise<void> {
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
  }

  async function toggleComments(postId: string): Promise<void> {
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
  }

  async function submitComment(postId: string): Promise<void> {
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
  }

  async function confirmDeleteComment(postId: string, commentId: string): Promise<void> {
    if (!posts.deleteComment) return;
    try {
      const deleted = await posts.deleteComment(commentId);
      batch(() => {
        patchThread(postId, { comments: thread(postId).comments.filter((comment) => comment.id !== commentId) });
        patchPost(postId, { commentCount: deleted.commentCount });
        model.deletion.value = null;
        model.notice.value = { tone: 'success', text: COMMENT_DELETED, about: { kind: 'post', id: postId } };
      });
    } catch (thrown) {
      batch(() => {
        model.deletion.value = null;
        model.notice.value = { tone: 'error', text: messageOf(thrown) };
      });
    }
  }

  async function confirmDelete(): Promise<void> {
    const deletion = model.deletion.value;
    if (!deletion || deletion.status !== 'confirm') return;
    model.deletion.value = { ...deletion, status: 'deleting' };
    if (deletion.commentId !== undefined) {
      await confirmDeleteComment(deletion.postId, deletion.commentId);
      return;
    }
    try {
      await posts.remove(deletion.postId);
      const post = model.items.value.find((candidate) => candidate.id === deletion.postId);
      batch(() => {
        if (post) applyChange({ action: 'delete', post });
        model.deletion.value = null;
        model.notice.value = { tone: 'success', text: MESSAGES.postDeleted };
      });
    } catch {
      batch(() => {
        model.deletion.value = null;
        model.notice.value = { tone: 'error', text: MESSAGES.postDeleteFailed };
      });
    }
  }

  const submitReport = async () => {
    const draft = model.report.value;
    if (!draft || draft.sending || !reports) return;
    model.report.value = { ...draft, sending: true, error: null };
    try {
      await reports.report(draft.kind, draft.id, draft.reason);
      batch(() => {
        model.report.value = null;
        // Beside what was reported, where the member's eyes are: the feed's own notice sits above it, off-screen.
        model.notice.value = { tone: 'success', text: MESSAGES.reportThanks, about: { kind: draft.kind, id: draft.id } };
      });
    } catch (thrown) {
      if (model.report.value?.id === draft.id) model.report.value = { ...draft, sending: false, error: messageOf(thrown) };
    }
  };

  const actions: BlogFeedActions = {
    retry: () => void list.load(),
    loadMore: () => void loadMore(),
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
    submit: () => void submit(),
    toggleLike: (postId) => void toggleLike(postId),
    toggleComments: (postId) => void toggleComments(postId),
    setCommentDraft(postId, draft) {
      patchThread(postId, { draft, error: null });
    },
    submitComment: (postId) => void submitComment(postId),
    requestDelete(postId) {
      model.deletion.value = { postId, status: 'confirm' };
    },
    ...(posts.deleteComment
      ? {
          requestDeleteComment(postId: string, commentId: string) {
            model.deletion.value = { postId, commentId, status: 'confirm' };
          },
        }
      : {}),
    cancelDelete() {
      if (model.deletion.value?.status === 'confirm') model.deletion.value = null;
    },
    confirmDelete: () => void confirmDelete(),
    requestReport(kind, id) {
      if (reports) model.report.value = { kind, id, reason: '', sending: false, error: null };
    },
    setReportReason(reason) {
      const draft = model.report.value;
      if (draft && !draft.sending) model.report.value = { ...draft, reason, error: null };
    },
    submitReport: () => void submitReport(),
    cancelReport() {
      if (!model.report.value?.sending) model.report.value = null;
    },
  };

  return {
    state: computed(() => ({
      status: model.status.value,
      error: model.error.value,
      posts: model.items.value,
      hasMore: model.nextCursor.value !== null,
      loadingMore: model.loadingMore.value,
      now: model.now.value,
      composer: model.composer.value,
      threads: model.threads.value,
      pendingLikes: model.pendingLikes.value,
      deletion: model.deletion.value,
      notice: model.notice.value,
      liveProblem: model.liveProblem.value,
      canReport: reports !== undefined,
      report: model.report.value,
    })),
    actions,
    start() {
      const mine = subscriptions.begin();
      const unsubscribe = posts.subscribe(
        (change) => {
          if (!mine.isCurrent()) return;
          // Only the list shown takes changes: a first page still on its way replaces the list anyway.
          if (model.status.value === 'ready') applyChange(change);
          model.liveProblem.value = null;
        },
        (error) => {
          if (mine.isCurrent()) model.liveProblem.value = error.message;
        },
      );
      const ticker = setInterval(() => {
        model.now.value = clock();
      }, tickMs);
      void list.load();
      return () => {
        clearInterval(ticker);
        list.stop();
        subscriptions.invalidate();
        void unsubscribe();
        for (const image of model.composer.value.images) previews.revoke(image.previewUrl);
      };
    },
  };
}
