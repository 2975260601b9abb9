import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { PortalError, type ModerationModule, type QueuedReport, type ReportKind } from '@opportunity-kit/sdk';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { announceWorkDone } from '../navigation/use-work-counts.ts';
import { useMember } from '../session/session-context.tsx';
import './moderation-page.css';

const KIND_LABEL: Readonly<Record<ReportKind, string>> = { job: 'Opportunity', post: 'Blog post', comment: 'Comment' };

const messageOf = (error: unknown): string => (error instanceof PortalError ? error.message : 'Something went wrong. Please try again.');

type QueueState = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; reports: QueuedReport[] };

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
  const load = useCallback(async () => {
    try {
      setState({ phase: 'ready', reports: await portal.moderation.queue() });
    } catch (error) {
      setState({ phase: 'failed', message: messageOf(error) });
    }
  }, [portal]);
  useEffect(() => void load(), [load]);

  if (state.phase === 'loading') return <p className="portal-loading">Loading reports…</p>;
  if (state.phase === 'failed') return <p className="portal-alert">{state.message}</p>;
  if (state.reports.length === 0) return <p className="moderation__empty">No open reports.</p>;
  return (
    <ul className="moderation" aria-label="Open reports">
      {state.reports.map((report) => (
        <ReportItem
          key={report.id}
          report={report}
          moderation={portal.moderation}
          onDecided={() => {
            announceWorkDone();
            void load();
          }}
        />
      ))}
    </ul>
  );
}

function ReportItem({ report, moderation, onDecided }: { report: QueuedReport; moderation: ModerationModule; onDecided: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: 'hide' | 'dismiss') => {
    setBusy(true);
    setError(null);
    try {
      await moderation.decide(report.id, decision, decision === 'hide' ? reason : undefined);
      onDecided();
    } catch (thrown) {
      setError(messageOf(thrown));
      setBusy(false);
    }
  };
  const hide = (event: FormEvent) => {
    event.preventDefault();
    void decide('hide');
  };
  const reasonId = `moderation-reason-${report.id}`;
  return (
    <li className="moderation__item" aria-label={`${KIND_LABEL[report.kind]} report`}>
      <p className="moderation__kind">{KIND_LABEL[report.kind]}</p>
      <blockquote className="moderation__target">{report.targetText || 'This content no longer exists.'}</blockquote>
      <p className="moderation__reason">Reported because: {report.reason}</p>
      <form className="portal-form moderation__form" onSubmit={hide} noValidate aria-busy={busy}>
        <div className="portal-field">
          <label htmlFor={reasonId}>Reason shown to its author</label>
          <input id={reasonId} className="portal-field__input" value={reason} onChange={(event) => setReason(event.target.value)} disabled={busy} />
        </div>
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
    </li>
  );
}
