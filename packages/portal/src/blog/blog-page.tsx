import { BlogFeed } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';

/** /blog: the feed of posts, with likes and comments. */
export function BlogPage() {
  const portal = usePortal();
  const member = useMember();
  return (
    <Page title="Blog">
      <BlogFeed posts={portal.posts} files={portal.files} viewer={member} options={{ reports: portal.moderation }} />
    </Page>
  );
}
