import type { Comment } from '@opportunity-kit/sdk/domain';
import type { FeedPost } from '@opportunity-kit/sdk';

let sequence = 0;

/** A post of the feed as the SDK hands it out, with `overrides` applied. */
export function aFeedPost(overrides: Partial<FeedPost> = {}): FeedPost {
  sequence += 1;
  return {
    id: `post${sequence}`,
    authorId: 'student1',
    authorName: 'Ana Lima',
    authorAvatarFileId: null,
    content: 'Just finished my first shift at the library. Shelving is oddly relaxing!',
    imageFileIds: [],
    likeCount: 0,
    commentCount: 0,
    createdAt: '2026-11-21T09:30:00.000+00:00',
    likedByMe: false,
    ...overrides,
  };
}

/** A comment on a post, with `overrides` applied. */
export function aComment(overrides: Partial<Comment> = {}): Comment {
  sequence += 1;
  return {
    id: `comment${sequence}`,
    postId: 'post1',
    authorId: 'student2',
    authorName: 'Sam Park',
    content: 'Congrats!',
    createdAt: '2026-11-21T09:40:00.000+00:00',
    ...overrides,
  };
}
