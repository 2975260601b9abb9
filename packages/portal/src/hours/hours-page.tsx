import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HOURS_MESSAGES, MESSAGES } from '@opportunity-kit/sdk/domain';
import { ServiceHours, type ServiceHoursPrefill } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { hoursPrefillFor } from './hours-opportunities.ts';

type Prefill = { state: 'loading' } | { state: 'ready'; prefill: ServiceHoursPrefill | undefined } | { state: 'failed' };

/** Texts of the page itself; the widget's are in `@opportunity-kit/widgets`. */
export const HOURS_PAGE_TEXT = {
  title: 'Community involvement hours',
  prefillFailed: 'We could not fill in the form from that opportunity. You can still log your hours here.',
} as const;

/**
 * /hours: a student's community involvement hours (issue 16). `?jobId=` opens "Log hours" pre-filled
 * from that posting, when the student was accepted for it or it is assigned to them.
 */
export function HoursPage() {
  const member = useMember();
  return (
    <Page title={HOURS_PAGE_TEXT.title} heading="hidden">
      {member.role === 'student' ? (
        <StudentHours email={member.email} />
      ) : (
        <p className="portal-alert" role="alert">
          {HOURS_MESSAGES.onlyStudents}
        </p>
      )}
    </Page>
  );
}

function StudentHours({ email }: { email: string }) {
  const portal = usePortal();
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  const [prefill, setPrefill] = useState<Prefill>(jobId ? { state: 'loading' } : { state: 'ready', prefill: undefined });

  useEffect(() => {
    if (!jobId) {
      setPrefill({ state: 'ready', prefill: undefined });
      return;
    }
    let live = true;
    setPrefill({ state: 'loading' });
    hoursPrefillFor(portal, jobId).then(
      (found) => live && setPrefill({ state: 'ready', prefill: found }),
      () => live && setPrefill({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [portal, jobId]);

  if (prefill.state === 'loading') {
    return (
      <p className="portal-loading" role="status">
        {MESSAGES.loading}
      </p>
    );
  }
  return (
    <>
      {prefill.state === 'failed' ? (
        <p className="portal-alert" role="alert">
          {HOURS_PAGE_TEXT.prefillFailed}
        </p>
      ) : null}
      {/* The widget reads its prefill once: another posting gets a fresh one. */}
      <ServiceHours key={jobId ?? ''} hours={portal.hours} studentEmail={email} prefill={prefill.state === 'ready' ? prefill.prefill : undefined} />
    </>
  );
}
