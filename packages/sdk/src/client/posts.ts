import { Query } from 'appwrite';
import type { Comment, CurrentUser, Post } from '../domain/entities.ts';
import { validateComment, validatePost } from '../domain/feed-validation.ts';
import { imageFileProblem } from '../domain/validation.ts';
import type { AddCommentBody, AddedComment, CreatePostBody, DeletedComment, LikeState } from '../domain/wire/command-payloads.ts';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { toComment, toPost } from '../domain/wire/rows.ts';
import { segment, type PortalContext, type ProgressHandler } from './context.ts';
import { guard, invalidInput } from './errors.ts';
import { tableChannel, type LiveAction, type LiveErrorHandler, type Unsubscribe } from './live.ts';
import type { PortalRow } from './mapping.ts';
import { pageQueries, toPage, type Page, type PageRequest } from './pagination.ts';

export type { AddedComment, LikeState } from '../domain/wire/command-payloads.ts';

/** A post of the feed, with whether the caller likes it (a like is per member, never a flag on the post). @public */
export interface FeedPost extends Post {
  /** Whether the signed-in member likes this post. */
  likedByMe: boolean;
}

/** A post created, changed (likes, comments) or deleted while the feed is open. @public */
export interface PostChange {
  /** What happened to the post. */
  action: LiveAction;
  /** The post as it is now (for `delete`, as it was). */
  post: Post;
}

/** A new post: text and at most 3 images. @public */
export interface NewPost {
  /** The text of the post (required). */
  content: string;
  /** Up to 3 image files. */
  images?: readonly File[] | undefined;
  /** Staff of several schools: the school whose feed the post goes to (`invalid-input` without it). */
  schoolId?: string | undefined;
}

/**
 * The blog feed (the portal's /blog): posts newest first with live updates, likes and comments.
 * Members only.
 * @public
 */
export interface PostsModule {
  /** One page of the feed, newest first, each post with `likedByMe`. */
  feed(page?: PageRequest): Promise<Page<FeedPost>>;
  /** Calls `onChange` for every post created, changed or deleted from now on; see {@link applyPostChange}. */
  subscribe(onChange: (change: PostChange) => void, onError?: LiveErrorHandler): Unsubscribe;
  /**
   * Uploads up to 3 images ("You can only upload up to 3 images"), reporting the progress of all of
   * them together, and publishes the post.
   */
  create(input: NewPost, options?: { onProgress?: ProgressHandler | undefined }): Promise<Post>;
  /** Deletes the caller's own post with its comments, likes and images. */
  remove(id: string): Promise<void>;
  /** Likes the post, or takes the like back. */
  toggleLike(id: string): Promise<LikeState>;
  /** A post's comments, oldest first. */
  comments(postId: string, page?: PageRequest): Promise<Page<Comment>>;
  /** Adds a comment; a blank one is `invalid-input` (forms ignore it before calling, as the spec says). */
  addComment(postId: string, content: string): Promise<AddedComment>;
  /** Deletes the caller's own comment; answers the post's new comment count. */
  deleteComment(commentId: string): Promise<{ postId: string; commentCount: number }>;
}

export function createPosts(context: PortalContext): PostsModule {
  const { tables } = context;

  async function likedAmong(postIds: string[], userId: string): Promise<Set<string>> {
    if (!postIds.length) return new Set();
    const likes = await guard(() =>
      tables.listRows<PortalRow>({
        databaseId: DATABASE_ID,
        tableId: TABLES.postLikes,
        queries: [Query.equal('userId', userId), Query.equal('postId', postIds), Query.limit(postIds.length)],
        total: false,
      }),
    );
    return new Set(likes.rows.map((row) => String(row.postId)));
  }

  return {
    async feed(page) {
      const member = await context.member();
      const list = await guard(() =>
        tables.listRows<PortalRow>({
          databaseId: DATABASE_ID,
          tableId: TABLES.posts,
          queries: [Query.orderDesc('$createdAt'), ...pageQueries(page)],
        }),
      );
      const posts = toPage(list, page, toPost);
      const liked = await likedAmong(
        posts.items.map((post) => post.id),
        member.id,
      );
      return { ...posts, items: posts.items.map((post) => ({ ...post, likedByMe: liked.has(post.id) })) };
    },

    subscribe(onChange, onError) {
      // A teacher hiding a post first writes its reason for every reader to receive: for all but its
      // author and teachers, that update is the post leaving the feed.
      let viewer: CurrentUser | null = null;
      void context.viewer().then(
        (current) => (viewer = current),
        () => undefined,
      );
      return context.live.listen(
        tableChannel(TABLES.posts),
        (action, row) => {
          const post = toPost(row);
          const leaves = action !== 'delete' && post.hiddenReason && post.authorId !== viewer?.id && viewer?.role !== 'teacher';
          onChange({ action: leaves ? 'delete' : action, post });
        },
        onError,
      );
    },

    async create(input, options = {}) {
      await context.member();
      const images = [...(input.images ?? [])];
      const checked = validatePost({ content: input.content, imageCount: images.length });
      if (!checked.ok) throw invalidInput(checked.errors);
      const imageProblem = images.map((image) => imageFileProblem(image)).find(Boolean);
      if (imageProblem) throw invalidInput({ images: imageProblem });
      const uploaded: string[] = [];
      const totalBytes = images.reduce((sum, image) => sum + image.size, 0);
      let doneBytes = 0;
      for (const image of images) {
        const onProgress: ProgressHandler | undefined =
          options.onProgress &&
          (({ uploadedBytes }) => {
            const overall = doneBytes + uploadedBytes;
            options.onProgress?.({ percent: totalBytes ? Math.round((overall / totalBytes) * 100) : 100, uploadedBytes: overall, totalBytes });
          });
        uploaded.push((await context.upload(image, onProgress)).$id);
        doneBytes += image.size;
      }
      const school = input.schoolId ? { schoolId: input.schoolId } : {};
      return context.command<Post>('POST', '/posts', { content: checked.value.content, imageFileIds: uploaded, ...school } satisfies CreatePostBody);
    },

    async remove(id) {
      await context.command('DELETE', `/posts/${segment(id)}`);
    },

    toggleLike(id) {
      return context.command<LikeState>('POST', `/posts/${segment(id)}/like`);
    },

    async comments(postId, page) {
      const list = await guard(() =>
        tables.listRows<PortalRow>({
          databaseId: DATABASE_ID,
          tableId: TABLES.comments,
          queries: [Query.equal('postId', postId), Query.orderAsc('$createdAt'), ...pageQueries(page)],
        }),
      );
      return toPage(list, page, toComment);
    },

    async addComment(postId, content) {
      const checked = validateComment(content);
      if (!checked.ok) throw invalidInput(checked.errors);
      return context.command<AddedComment>('POST', `/posts/${segment(postId)}/comments`, { content: checked.value.content } satisfies AddCommentBody);
    },

    async deleteComment(commentId) {
      const { postId, commentCount } = await context.command<DeletedComment>('DELETE', `/comments/${segment(commentId)}`);
      return { postId, commentCount };
    },
  };
}
