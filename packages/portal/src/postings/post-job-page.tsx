import { useBoardRules } from './use-board-rules.ts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Job, JobsModule } from '@opportunity-kit/sdk';
import { canPostOpportunities } from '@opportunity-kit/sdk/domain';
import { PostOpportunityForm } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { ActingSchoolPicker, useActingSchool } from '../schools/acting-school.tsx';
import { useBoardSchools } from '../schools/board-schools.ts';
import { creatingFor } from '../schools/for-school.ts';
import { useMember, useSession } from '../session/session-context.tsx';
import { jobPath } from './job-route.ts';
import { WhoMayPost } from './who-may-post.tsx';

const TITLE = 'Post a New Opportunity';

/**
 * /post-job: "Post a New Opportunity" for teachers and recruiters; anyone else learns why not before
 * filling anything in. A created posting opens, so its poster sees it as others will.
 */
export function PostJobPage() {
  const portal = usePortal();
  const member = useMember();
  const boardRules = useBoardRules();
  const { settling } = useSession();
  const navigate = useNavigate();
  const schools = useBoardSchools(member.role === 'recruiter');
  const acting = useActingSchool();
  const { schoolId } = acting;
  // Staff of several schools post for the school they choose (issue 23).
  const jobs = useMemo<JobsModule>(() => (schoolId ? creatingFor(portal.jobs, schoolId) : portal.jobs), [portal, schoolId]);
  if (!canPostOpportunities(member)) {
    return (
      <Page title={TITLE} narrow>
        <WhoMayPost member={member} settling={settling} />
      </Page>
    );
  }
  return (
    <Page title={TITLE} heading="own">
      <ActingSchoolPicker acting={acting} label="Post for" />
      <PostOpportunityForm
        boardRules={boardRules}
        jobs={jobs}
        viewer={member}
        schools={schools}
        onCreated={(job) =>
          navigate(jobPath(job.id), { replace: true, state: { job, ...flashState(postedMessage(job), job.waitingForApproval ? 'waiting' : 'success') } })
        }
      />
    </Page>
  );
}

/**
 * What the poster is told: posted, or, while no school may show it yet, that it waits for a school's
 * approval and who was told (never a green "posted" that students cannot see).
 */
export function postedMessage(job: Pick<Job, 'waitingForApproval'>): string {
  return job.waitingForApproval
    ? "Your opportunity is saved. Students will see it once a school approves your organisation: the school's staff have been told, and you'll be e-mailed when they decide."
    : 'Your opportunity is posted.';
}
