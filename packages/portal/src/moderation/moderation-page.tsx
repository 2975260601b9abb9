import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PortalError, type ModerationModule, type QueuedReport, type ReportKind } from '@opportunity-kit/sdk';
import { checkModerationReason, MODERATION_REASON_MISSING, spokenDate } from '@opportunity-kit/sdk/domain';
import { ConfirmDialog, FormError, FormField } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { announceWorkDone } from '../navigation/use-work-counts.ts';
import { useMember } from '../session/session-context.tsx';
import '../auth/auth-form.css';
import './moderation-page.css';

const KIND_LABEL: Readonly<Record<ReportKind, string>> = { job: 'Opportunity', post: 'Blog post', comment: 'Comment' };
/** The kind inside a sentence. */
const KIND_WORD: Readonly<Record<ReportKind, string>> = { job: 'opportunity', post: 'post', comment: 'comment' };

const messageOf = (error: unknown): string => (error instanceof PortalError ? error.message : 'Something went wrong. Please try again.');
const dateOf = (iso: string | null): string => spokenDate(iso) ?? '';

type QueueState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; reports: QueuedReport[] };

/** What a decision did, in the words the teacher reads after it (what is true of hiding: its author still reads it, with the reason). */
function outcomeOf(report: QueuedReport, decision: 'hide' | 'dismiss'): string {
  const what = KIND_WORD[report.kind];
  return decision === 'hide'
    ? `Hidden. Only its author and teachers see the ${what} now, and its author sees your reason.`
    : `Report dismissed. The ${what} stays as it was.`;
}

/** /moderation: the teachers' queue of reported postings, posts and comments, each hidden (with a reason for its author) or dismissed. */
export function ModerationPage() {
  const member = useMember();
  return (
    <Page title="Moderation">
      {member.role === 'teacher' ? <ModerationQueue /> : <p className="portal-alert">Only teachers can see the moderation queue.</p>}
    </Page>
  );
}

function ModerationQueue() {
  const portal = usePortal();
  const [state, setState] = useState<QueueState>({ phase: 'loading' });
  const [outcome, setOutcome] = useState('');
  const outcomeLine = useRef<HTMLParagraphElement>(null);
  const load = useCallback(async () => {
    try {
      setState({ phase: 'ready', reports: await portal.moderation.queue() });
    } catch (error) {
      setState({ phase: 'failed', message: messageOf(error) });
    }
  }, [portal]);
  useEffect(() => void load(), [load]);
  // The decided report leaves the list: focus goes to the line that says what happened, not to the page's top.
  useEffect(() => {
    if (outcome) outcomeLine.current?.focus();
  }, [outcome]);

  const status = (
    <p className="portal-flash moderation__outcome" role="status" tabIndex={-1} ref={outcomeLine} hidden={!outcome}>
      {outcome}
    </p>
  );
  if (state.phase === 'loading') return <p className="portal-loading">Loading reports…</p>;
  if (state.phase === 'failed') return <p className="portal-alert">{state.message}</p>;
  return (
    <>
      {status}
      {state.reports.length === 0 ? (
        <p className="moderation__empty">No open reports.</p>
      ) : (
        <ul className="moderation" aria-label="Open reports">
          {state.reports.map((report) => (
            <ReportItem
              key={report.id}
              report={report}
              moderation={portal.moderation}
              onDecided={(message) => {
                setOutcome(message);
                announceWorkDone();
                void load();
              }}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function ReportItem({ report, moderation, onDecided }: { report: QueuedReport; moderation: ModerationModule; onDecided: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const what = KIND_WORD[report.kind];
  const decide = async (decision: 'hide' | 'dismiss') => {
    setBusy(true);
    setError(null);
    try {
      await moderation.decide(report.id, decision, decision === 'hide' ? reason : undefined);
      setConfirming(false);
      onDecided(outcomeOf(report, decision));
    } catch (thrown) {
      setConfirming(false);
      setError(messageOf(thrown));
      setBusy(false);
    }
  };
  // Hiding cannot be undone from here: the reason is checked first, then the teacher confirms.
  const askToHide = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkModerationReason(reason, MODERATION_REASON_MISSING.hide);
    if (!checked.ok) {
      setReasonError(checked.message);
      return;
    }
    setReasonError(null);
    setConfirming(true);
  };
  const author = report.targetAuthorName || 'an unknown author';
  return (
    <li className="moderation__item" aria-label={`${KIND_LABEL[report.kind]} report`}>
      <p className="moderation__kind">{KIND_LABEL[report.kind]}</p>
      <blockquote className="moderation__target">{report.targetText || 'This content no longer exists.'}</blockquote>
      {report.targetPath ? (
        <p className="moderation__meta">
          By {author}
          {report.targetCreatedAt ? `, ${dateOf(report.targetCreatedAt)}` : ''} ·{' '}
          <Link to={report.targetPath}>{report.kind === 'job' ? 'Open the opportunity' : 'Open the blog'}</Link>
        </p>
      ) : null}
      <p className="moderation__reason">Reported because: {report.reason}</p>
      <p className="moderation__meta">
        Reported by {report.reporterName || 'a deleted account'}, {dateOf(report.createdAt)}
      </p>
      <form className="moderation__form" onSubmit={askToHide} noValidate aria-busy={busy}>
        <FormField label="Reason shown to its author" error={reasonError} className="portal-field">
          {(control) => (
            <textarea
              {...control}
              className="portal-field__input"
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              disabled={busy}
            />
          )}
        </FormField>
        <FormError className="portal-alert" message={error} />
        <div className="moderation__actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
            Hide
          </button>
          <button type="button" className="portal-button" onClick={() => void decide('dismiss')} disabled={busy}>
            Dismiss
          </button>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={`Hide this ${what}?`}
          message={`Only its author and teachers will see it, with your reason: “${reason.trim()}”.`}
          confirmLabel="Hide"
          busyLabel="Hiding…"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void decide('hide')}
        />
      ) : null}
    </li>
  );
}
