import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { APPROVAL_MESSAGES, PortalError, type ApprovalDecision, type ApprovalsModule, type WaitingRecruiter } from '@opportunity-kit/sdk';
import { approvalDecisionProblem, spokenDate } from '@opportunity-kit/sdk/domain';
import { ConfirmDialog, FormError, FormField } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { announceWorkDone } from '../navigation/use-work-counts.ts';
import { useMember } from '../session/session-context.tsx';
import '../auth/auth-form.css';
import './approvals-page.css';

const messageOf = (error: unknown): string => (error instanceof PortalError ? error.message : 'Something went wrong. Please try again.');

type Lists = { waiting: WaitingRecruiter[]; decided: WaitingRecruiter[] };
type QueueState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; lists: Lists };

/** Whom an entry's decision is for: its school, or every school for the board's own. */
const decidingFor = (entry: WaitingRecruiter): string => entry.schoolName ?? 'every school';
const entryKey = (entry: WaitingRecruiter): string => `${entry.recruiterId}:${entry.schoolId ?? 'board'}`;

/**
 * /approvals (issue 23): each school's staff approve or decline employers for their school; the
 * board's administrators decide for every school (the board's trusted list). What waits comes first,
 * per school; below, the decisions that may be changed, so a school can decline an employer the board
 * trusts, or take back its own decline.
 */
export function ApprovalsPage() {
  const member = useMember();
  const allowed = member.role === 'teacher' || member.boardAdmin === true;
  return <Page title="Approvals">{allowed ? <ApprovalLists /> : <p className="portal-alert">{APPROVAL_MESSAGES.onlyStaff}</p>}</Page>;
}

function ApprovalLists() {
  const portal = usePortal();
  const [state, setState] = useState<QueueState>({ phase: 'loading' });
  const [announcement, setAnnouncement] = useState('');
  const announcementLine = useRef<HTMLParagraphElement>(null);
  const load = useCallback(async () => {
    try {
      const [waiting, decided] = await Promise.all([portal.approvals.queue(), portal.approvals.decided()]);
      setState({ phase: 'ready', lists: { waiting, decided } });
    } catch (error) {
      setState({ phase: 'failed', message: messageOf(error) });
    }
  }, [portal]);
  useEffect(() => void load(), [load]);
  // The decided entry moves or leaves: focus goes to the line that says what happened.
  useEffect(() => {
    if (announcement) announcementLine.current?.focus();
  }, [announcement]);
  const onDecided = (message: string) => {
    setAnnouncement(message);
    announceWorkDone();
    void load();
  };

  if (state.phase === 'loading') return <p className="portal-loading">Loading employers…</p>;
  if (state.phase === 'failed') return <p className="portal-alert">{state.message}</p>;
  const { waiting, decided } = state.lists;
  return (
    <>
      <p className="portal-flash approvals__announcement" role="status" aria-live="polite" tabIndex={-1} ref={announcementLine}>
        {announcement}
      </p>
      <section aria-labelledby="approvals-waiting">
        <h2 id="approvals-waiting">Waiting for a decision</h2>
        {waiting.length === 0 ? (
          <p className="approvals__empty">No employers are waiting for approval.</p>
        ) : (
          <ul className="approvals" aria-label="Employers waiting for approval">
            {waiting.map((entry) => (
              <ApprovalItem key={entryKey(entry)} entry={entry} approvals={portal.approvals} onDecided={onDecided} />
            ))}
          </ul>
        )}
      </section>
      {decided.length > 0 ? (
        <section aria-labelledby="approvals-decided">
          <h2 id="approvals-decided">Decided</h2>
          <ul className="approvals" aria-label="Employers decided">
            {decided.map((entry) => (
              <ApprovalItem key={entryKey(entry)} entry={entry} approvals={portal.approvals} onDecided={onDecided} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Where an entry stands, in words, for the decided list. */
function standing(entry: WaitingRecruiter): string {
  if (entry.status === 'declined') return `Declined for ${decidingFor(entry)}`;
  if (entry.schoolId && entry.boardStatus === 'approved') return 'Approved by the board for every school';
  return `Approved for ${decidingFor(entry)}`;
}

function ApprovalItem({ entry, approvals, onDecided }: { entry: WaitingRecruiter; approvals: ApprovalsModule; onDecided: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const forWhom = decidingFor(entry);
  const decide = async (decision: ApprovalDecision) => {
    setBusy(true);
    setError(null);
    try {
      await approvals.decide(entry.recruiterId, decision, decision === 'declined' ? reason : undefined, { schoolId: entry.schoolId });
      setConfirmingDecline(false);
      // The command mails the recruiter either way (and rings their bell), so the line says so.
      onDecided(`${decision === 'approved' ? 'Approved' : 'Declined'} ${entry.organisation} for ${forWhom}. The employer was e-mailed.`);
    } catch (thrown) {
      setConfirmingDecline(false);
      setError(messageOf(thrown));
      setBusy(false);
    }
  };
  // Declining takes the employer's postings away from the school's students: it is confirmed first.
  const decline = (event: FormEvent) => {
    event.preventDefault();
    const problem = approvalDecisionProblem('declined', reason);
    setReasonError(problem?.reason ?? null);
    if (!problem) setConfirmingDecline(true);
  };
  const reasonId = `approval-reason-${entryKey(entry).replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  const mayApprove = entry.status !== 'approved';
  const mayDecline = entry.status !== 'declined';
  return (
    <li className="approvals__item" aria-label={`${entry.organisation}, ${forWhom}`}>
      <h3 className="approvals__organisation">{entry.organisation}</h3>
      <p className="approvals__recruiter">
        {entry.recruiterName} · {entry.recruiterEmail}
      </p>
      <p className="approvals__recruiter">Asked on {spokenDate(entry.requestedAt) ?? entry.requestedAt}</p>
      <p className="approvals__for">{entry.status === 'pending' ? `Asks to reach ${forWhom}` : standing(entry)}</p>
      <ul className="approvals__postings" aria-label={`Postings by ${entry.organisation}`}>
        {entry.postings.map((job) => (
          <li key={job.id}>
            <Link to={`/job/${job.id}`}>{job.title}</Link>
          </li>
        ))}
      </ul>
      <form className="approvals__form" onSubmit={decline} noValidate aria-busy={busy}>
        {mayDecline ? (
          <FormField id={reasonId} label="Reason for declining (mailed to the employer)" error={reasonError} className="portal-field">
            {(control) => (
              <textarea
                {...control}
                className="portal-field__input"
                rows={2}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonError(null);
                }}
                disabled={busy}
              />
            )}
          </FormField>
        ) : null}
        <FormError className="portal-alert" message={error} />
        <div className="approvals__actions">
          {mayApprove ? (
            <button type="button" className="portal-button portal-button--primary" onClick={() => void decide('approved')} disabled={busy}>
              Approve for {forWhom}
            </button>
          ) : null}
          {mayDecline ? (
            <button type="submit" className="portal-button" disabled={busy}>
              Decline for {forWhom}
            </button>
          ) : null}
        </div>
      </form>
      {confirmingDecline ? (
        <ConfirmDialog
          title={`Decline ${entry.organisation}?`}
          message={`Its postings will no longer reach the students of ${forWhom}, and the employer is e-mailed your reason.`}
          confirmLabel={`Decline for ${forWhom}`}
          busyLabel="Declining…"
          busy={busy}
          onCancel={() => setConfirmingDecline(false)}
          onConfirm={() => void decide('declined')}
        />
      ) : null}
    </li>
  );
}
