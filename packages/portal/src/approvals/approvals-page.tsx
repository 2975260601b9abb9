import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PortalError, type ApprovalDecision, type ApprovalsModule, type WaitingRecruiter } from '@opportunity-kit/sdk';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import './approvals-page.css';

const messageOf = (error: unknown): string => (error instanceof PortalError ? error.message : 'Something went wrong. Please try again.');

type QueueState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; recruiters: WaitingRecruiter[] };

/** /approvals: the recruiters whose postings wait for a teacher, each approved or declined (with a reason the recruiter is mailed). */
export function ApprovalsPage() {
  const member = useMember();
  return <Page title="Approvals">{member.role === 'teacher' ? <ApprovalQueue /> : <p className="portal-alert">Only teachers can approve employers.</p>}</Page>;
}

function ApprovalQueue() {
  const portal = usePortal();
  const [state, setState] = useState<QueueState>({ phase: 'loading' });
  const load = useCallback(async () => {
    try {
      setState({ phase: 'ready', recruiters: await portal.approvals.queue() });
    } catch (error) {
      setState({ phase: 'failed', message: messageOf(error) });
    }
  }, [portal]);
  useEffect(() => void load(), [load]);

  if (state.phase === 'loading') return <p className="portal-loading">Loading employers…</p>;
  if (state.phase === 'failed') return <p className="portal-alert">{state.message}</p>;
  if (state.recruiters.length === 0) return <p className="approvals__empty">No employers are waiting for approval.</p>;
  return (
    <ul className="approvals" aria-label="Employers waiting for approval">
      {state.recruiters.map((recruiter) => (
        <WaitingItem key={recruiter.recruiterId} recruiter={recruiter} approvals={portal.approvals} onDecided={() => void load()} />
      ))}
    </ul>
  );
}

function WaitingItem({ recruiter, approvals, onDecided }: { recruiter: WaitingRecruiter; approvals: ApprovalsModule; onDecided: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: ApprovalDecision) => {
    setBusy(true);
    setError(null);
    try {
      await approvals.decide(recruiter.recruiterId, decision, decision === 'declined' ? reason : undefined);
      onDecided();
    } catch (thrown) {
      setError(messageOf(thrown));
      setBusy(false);
    }
  };
  const decline = (event: FormEvent) => {
    event.preventDefault();
    void decide('declined');
  };
  const reasonId = `approval-reason-${recruiter.recruiterId}`;
  return (
    <li className="approvals__item" aria-label={recruiter.organisation}>
      <h2 className="approvals__organisation">{recruiter.organisation}</h2>
      <p className="approvals__recruiter">
        {recruiter.recruiterName} · {recruiter.recruiterEmail}
      </p>
      <ul className="approvals__postings" aria-label={`Postings by ${recruiter.organisation}`}>
        {recruiter.postings.map((job) => (
          <li key={job.id}>
            <Link to={`/job/${job.id}`}>{job.title}</Link>
          </li>
        ))}
      </ul>
      <form className="portal-form approvals__form" onSubmit={decline} noValidate aria-busy={busy}>
        <div className="portal-field">
          <label htmlFor={reasonId}>Reason for declining (mailed to the employer)</label>
          <input id={reasonId} className="portal-field__input" value={reason} onChange={(event) => setReason(event.target.value)} disabled={busy} />
        </div>
        <FormError className="portal-alert" message={error} />
        <div className="approvals__actions">
          <button type="button" className="portal-button portal-button--primary" onClick={() => void decide('approved')} disabled={busy}>
            Approve
          </button>
          <button type="submit" className="portal-button" disabled={busy}>
            Decline
          </button>
        </div>
      </form>
    </li>
  );
}
