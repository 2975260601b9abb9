import { BlogFeed } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { SchoolOnlyNotice } from '../schools/school-notice.tsx';
import { useMember } from '../session/session-context.tsx';

/** /blog: the feed of posts of the member's school (its members read them, issue 23), with likes and comments. */
export function BlogPage() {
  const portal = usePortal();
  const member = useMember();
  return (
    <Page title="Blog">
      <SchoolOnlyNotice surface="feed" />
      <BlogFeed posts={portal.posts} files={portal.files} viewer={member} options={{ reports: portal.moderation }} />
    </Page>
  );
}
