import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Viewer } from '@opportunity-kit/sdk/domain';
import type { FilesModule } from '@opportunity-kit/sdk';
import { BlogFeedView } from './blog-feed-view.tsx';
import { createBlogFeedController, type FeedControllerOptions, type PostsApi } from './blog-feed-controller.ts';
import { createBlogFeedModel } from './blog-feed-model.ts';

/** Props of {@link BlogFeed}. @public */
export interface BlogFeedProps {
  /** The SDK's `client.posts` (or anything with the same calls). */
  posts: PostsApi;
  /** The SDK's `client.files`, for the addresses of post images and avatars. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** The signed-in member. */
  viewer: Viewer;
  /** Posts per page (10 by default). */
  pageSize?: number;
  /** Image previews and the clock, for tests and stories. */
  options?: Omit<FeedControllerOptions, 'pageSize'>;
}

/**
 * The connected blog feed: loads the newest posts, follows live changes (posts by others appear on
 * top), and publishes, likes, comments and deletes through the SDK.
 * @public
 */
export function BlogFeed({ posts, files, viewer, pageSize, options }: BlogFeedProps) {
  useSignals();
  const [model] = useState(() => createBlogFeedModel());
  const [controller] = useState(() => createBlogFeedController(posts, model, { ...options, pageSize }));
  useEffect(() => {
    const stop = controller.start();
    void controller.load();
    return stop;
  }, [controller]);
  const page = model.page.value;
  return (
    <BlogFeedView
      viewer={viewer}
      status={model.status.value}
      error={model.error.value}
      posts={page.items}
      hasMore={page.nextCursor !== null}
      loadingMore={model.loadingMore.value}
      now={model.now.value}
      composer={model.composer.value}
      threads={model.threads.value}
      pendingLikes={model.pendingLikes.value}
      deletion={model.deletion.value}
      notice={model.notice.value}
      liveProblem={model.liveProblem.value}
      imageUrl={(fileId) => files.viewUrl('post-images', fileId)}
      avatarUrl={(fileId) => files.viewUrl('profile-photos', fileId)}
      actions={controller}
    />
  );
}
