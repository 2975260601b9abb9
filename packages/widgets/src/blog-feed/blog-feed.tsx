import type { Viewer } from '@opportunity-kit/sdk/domain';
import type { FilesModule } from '@opportunity-kit/sdk';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { BlogFeedView } from './blog-feed-view.tsx';
import { createBlogFeedController, type FeedControllerOptions, type PostsApi } from './blog-feed-controller.ts';
import { createBlogFeedModel, type BlogFeedActions, type BlogFeedState } from './blog-feed-model.ts';

/** Options of {@link useBlogFeed}: the SDK, the page size, and the feed's previews and clock. @public */
export interface BlogFeedOptions {
  /** The SDK's `client.posts` (or anything with the same calls). */
  posts: PostsApi;
  /** Posts per page (10 by default). */
  pageSize?: number;
  /** Image previews and the clock, for tests and stories. */
  options?: Omit<FeedControllerOptions, 'pageSize'>;
}

/** Props of {@link BlogFeed}. @public */
export interface BlogFeedProps extends BlogFeedOptions {
  /** The SDK's `client.files`, for the addresses of post images and avatars. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** The signed-in member. */
  viewer: Viewer;
}

/**
 * The blog feed without its markup: the newest posts a page at a time, followed live, with the
 * composer, likes, comments and deletes through the SDK, for a view of your own. The options are read
 * once.
 * @public
 */
export function useBlogFeed({ posts, pageSize, options }: BlogFeedOptions): WidgetBinding<BlogFeedState, BlogFeedActions> {
  return useWidgetController(() => createBlogFeedController(posts, createBlogFeedModel(), { ...options, pageSize }));
}

/**
 * The connected blog feed: loads the newest posts, follows live changes (posts by others appear on
 * top), and publishes, likes, comments and deletes through the SDK.
 * @public
 */
export function BlogFeed(props: BlogFeedProps) {
  const { state, actions } = useBlogFeed(props);
  const { files } = props;
  return (
    <BlogFeedView
      state={state}
      actions={actions}
      viewer={props.viewer}
      imageUrl={(fileId) => files.viewUrl('post-images', fileId)}
      avatarUrl={(fileId) => files.viewUrl('profile-photos', fileId)}
    />
  );
}
