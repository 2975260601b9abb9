import { useMemo } from 'react';
import type { PostsModule } from '@opportunity-kit/sdk';
import { BlogFeed } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { ActingSchoolPicker, useActingSchool } from '../schools/acting-school.tsx';
import { creatingFor } from '../schools/for-school.ts';
import { SchoolOnlyNotice } from '../schools/school-notice.tsx';
import { useMember } from '../session/session-context.tsx';

/**
 * /blog: the feed of posts of the member's school (its members read them, issue 23), with likes and
 * comments. A recruiter belongs to no school, so reads and writes no school's feed: the page says so
 * instead of offering a composer the server would refuse.
 */
export function BlogPage() {
  const member = useMember();
  if (member.role === 'recruiter') {
    return (
      <Page title="Blog">
        <div className="portal-refusal" role="status">
          <h2 className="portal-refusal__title">The feed belongs to each school</h2>
          <p>Students and staff share posts with their own school only, so employers do not post or read there. Your postings reach students on the board.</p>
        </div>
      </Page>
    );
  }
  return <SchoolFeed />;
}

/** The feed with its composer; staff of several schools choose whose feed a new post goes to. */
function SchoolFeed() {
  const portal = usePortal();
  const member = useMember();
  const acting = useActingSchool();
  const { schoolId } = acting;
  const posts = useMemo<PostsModule>(() => (schoolId ? creatingFor(portal.posts, schoolId) : portal.posts), [portal, schoolId]);
  return (
    <Page title="Blog">
      <SchoolOnlyNotice surface="feed" />
      <ActingSchoolPicker acting={acting} label="Post to the feed of" />
      <BlogFeed posts={posts} files={portal.files} viewer={member} options={{ reports: portal.moderation }} />
    </Page>
  );
}
