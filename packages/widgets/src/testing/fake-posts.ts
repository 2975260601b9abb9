import type { Comment, Post } from '@opportunity-kit/sdk/domain';
import { PortalError, type FeedPost, type PostChange } from '@opportunity-kit/sdk';
import type { PostsApi } from '../blog-feed/blog-feed-controller.ts';
import { aComment } from './a-post.ts';

/**
 * An in-memory stand-in for the SDK's posts module, for stories and controller tests: it answers
 * like the SDK (same types, `PortalError`s), can push live changes, and can be told to fail.
 */
export interface FakePosts extends PostsApi {
  /** Delivers a live change to every subscriber, as the realtime socket would. */
  emit(change: PostChange): void;
  /** Makes the named call reject with this error from now on. */
  fail(call: keyof PostsApi, error?: PortalError): void;
  /** Makes the named call wait until `release()`. */
  hold(call: keyof PostsApi): { release(): void };
  readonly calls: Array<{ call: keyof PostsApi; args: unknown[] }>;
}

export function fakePosts(initial: FeedPost[], options: { viewerId: string; viewerName?: string; comments?: Comment[] } = { viewerId: 'student1' }): FakePosts {
  let posts = [...initial];
  let comments = [...(options.comments ?? [])];
  const listeners = new Set<(change: PostChange) => void>();
  const failures = new Map<keyof PostsApi, PortalError>();
  const holds = new Map<keyof PostsApi, Promise<void>>();
  const calls: FakePosts['calls'] = [];
  let sequence = 0;

  async function enter(call: keyof PostsApi, args: unknown[]): Promise<void> {
    calls.push({ call, args });
    await holds.get(call);
    const failure = failures.get(call);
    if (failure) throw failure;
  }

  const api: FakePosts = {
    calls,
    emit: (change) => listeners.forEach((listener) => listener(change)),
    fail: (call, error = new PortalError('network')) => void failures.set(call, error),
    hold(call) {
      let resolve = () => {};
      holds.set(call, new Promise<void>((done) => (resolve = done)));
      return {
        release() {
          holds.delete(call);
          resolve();
        },
      };
    },

    async feed(page = {}) {
      await enter('feed', [page]);
      const start = page.cursor ? posts.findIndex((post) => post.id === page.cursor) + 1 : 0;
      const limit = page.limit ?? 25;
      const items = posts.slice(start, start + limit);
      return { items, total: posts.length, nextCursor: start + limit < posts.length ? (items[items.length - 1]?.id ?? null) : null };
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return async () => void listeners.delete(onChange);
    },
    async create(input, callOptions) {
      await enter('create', [input]);
      const images = input.images ?? [];
      images.forEach((_, index) => callOptions?.onProgress?.({ percent: Math.round(((index + 1) / images.length) * 100), uploadedBytes: 0, totalBytes: 0 }));
      const post: Post = {
        id: `new${++sequence}`,
        authorId: options.viewerId,
        authorName: options.viewerName ?? 'You',
        authorAvatarFileId: null,
        content: input.content.trim(),
        imageFileIds: images.map((_, index) => `upload${sequence}-${index}`),
        likeCount: 0,
        commentCount: 0,
        createdAt: new Date().toISOString(),
      };
      posts = [{ ...post, likedByMe: false }, ...posts];
      return post;
    },
    async remove(id) {
      await enter('remove', [id]);
      posts = posts.filter((post) => post.id !== id);
    },
    async toggleLike(id) {
      await enter('toggleLike', [id]);
      const post = posts.find((candidate) => candidate.id === id);
      if (!post) throw new PortalError('not-found', 'Post not found');
      const liked = !post.likedByMe;
      const updated = { ...post, likedByMe: liked, likeCount: post.likeCount + (liked ? 1 : -1) };
      posts = posts.map((candidate) => (candidate.id === id ? updated : candidate));
      return { postId: id, liked, likeCount: updated.likeCount };
    },
    async comments(postId) {
      await enter('comments', [postId]);
      const items = comments.filter((comment) => comment.postId === postId);
      return { items, total: items.length, nextCursor: null };
    },
    async addComment(postId, content) {
      await enter('addComment', [postId, content]);
      const comment = aComment({ postId, authorId: options.viewerId, authorName: options.viewerName ?? 'You', content, createdAt: new Date().toISOString() });
      comments = [...comments, comment];
      const commentCount = comments.filter((candidate) => candidate.postId === postId).length;
      posts = posts.map((post) => (post.id === postId ? { ...post, commentCount } : post));
      return { comment, commentCount };
    },
    async deleteComment(commentId) {
      await enter('deleteComment', [commentId]);
      const comment = comments.find((candidate) => candidate.id === commentId);
      if (!comment) throw new PortalError('not-found', 'Comment not found');
      if (comment.authorId !== options.viewerId)
        throw new PortalError('not-allowed', 'Only the author of this comment or a teacher of its school can delete it.');
      comments = comments.filter((candidate) => candidate !== comment);
      const commentCount = comments.filter((candidate) => candidate.postId === comment.postId).length;
      posts = posts.map((post) => (post.id === comment.postId ? { ...post, commentCount } : post));
      return { postId: comment.postId, commentCount };
    },
  };
  return api;
}
