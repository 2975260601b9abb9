import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isPortalError, type HoursConfirmationView, type PortalClient } from '@opportunity-kit/sdk';
import { formatHours, HOURS_LIMITS, HOURS_MESSAGES, MESSAGES, spokenDate, type SupervisorDecision } from '@opportunity-kit/sdk/domain';
import { ConfirmDialog, FormField } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import '../auth/auth-form.css';
import './confirm-hours-page.css';

type Loaded =
  | { state: 'loading' }
  /** The link does not work (wrong, used or expired): nothing to try again, the message says what to do. */
  | { state: 'refused'; message: string }
  /** The server could not be reached or failed: trying again may work. */
  | { state: 'failed'; message: string }
  | { state: 'ready'; entry: HoursConfirmationView };

type Answer =
  { state: 'idle' } | { state: 'sending'; decision: SupervisorDecision } | { state: 'done'; message: string } | { state: 'failed'; message: string };

/** A network failure or a server error may pass; a refusal of the link itself will not. */
const isPassing = (thrown: unknown) => !isPortalError(thrown) || thrown.code === 'network' || thrown.code === 'internal' || thrown.code === 'unknown';
const messageOf = (thrown: unknown) => (isPortalError(thrown) ? thrown.message : MESSAGES.genericError);

async function loadEntry(portal: PortalClient, id: string, token: string): Promise<Loaded> {
  if (!token) return { state: 'refused', message: HOURS_MESSAGES.linkInvalid };
  try {
    return { state: 'ready', entry: await portal.hours.confirmation(id, token) };
  } catch (thrown) {
    return isPassing(thrown) ? { state: 'failed', message: messageOf(thrown) } : { state: 'refused', message: messageOf(thrown) };
  }
}

/**
 * /hours/confirm/{id}?token=…: where the supervisor's mailed link leads. No account is needed: the
 * token vouches for the one entry. It shows what the student logged and answers Confirm or Dispute once;
 * a dispute asks for its reason in a dialog first.
 */
export function ConfirmHoursPage() {
  const portal = usePortal();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [answer, setAnswer] = useState<Answer>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  /** The Dispute dialog: closed (null), or open with the reason typed so far and why it was refused. */
  const [dispute, setDispute] = useState<{ reason: string; error: string | null } | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    // Reading the entry does not spend the link, so React's second mount in strict mode may read it again.
    void loadEntry(portal, id, token).then((next) => live && setLoaded(next));
    return () => {
      live = false;
    };
  }, [portal, id, token, attempt]);

  const decide = async (decision: SupervisorDecision, reason?: string) => {
    setAnswer({ state: 'sending', decision });
    try {
      const saved = await portal.hours.decide(id, token, decision, reason);
      setDispute(null);
      setAnswer({ state: 'done', message: saved.message });
    } catch (thrown) {
      const reasonRefused = isPortalError(thrown) ? thrown.fields.reason : undefined;
      if (reasonRefused && dispute) {
        setDispute({ ...dispute, error: reasonRefused });
        setAnswer({ state: 'idle' });
        return;
      }
      setDispute(null);
      if (isPassing(thrown)) {
        setAnswer({ state: 'failed', message: messageOf(thrown) });
        return;
      }
      // The link stopped working meanwhile (answered in another tab, expired): the buttons can do no more.
      setLoaded({ state: 'refused', message: messageOf(thrown) });
      setAnswer({ state: 'idle' });
    }
  };

  return (
    <Page title="Confirm community involvement hours" narrow>
      {loaded.state === 'loading' && <p role="status">{MESSAGES.loading}</p>}
      {loaded.state === 'refused' && (
        <p className="portal-alert" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'failed' && (
        <div className="portal-alert" role="alert">
          <p>{loaded.message}</p>
          <p>
            <button type="button" className="portal-button" onClick={() => setAttempt((count) => count + 1)}>
              Try again
            </button>
          </p>
        </div>
      )}
      {loaded.state === 'ready' && <EntryFacts entry={loaded.entry} />}
      {loaded.state === 'ready' && answer.state === 'done' && (
        <p className="portal-hours-confirm__done" role="status">
          {answer.message}
        </p>
      )}
      {loaded.state === 'ready' && answer.state !== 'done' && (
        <div className="portal-hours-confirm__answer">
          <p>Please confirm the hours if they are right, or dispute them if they are not. A teacher reviews them next.</p>
          <div className="portal-hours-confirm__buttons">
            <button
              type="button"
              className="portal-button portal-button--primary"
              disabled={answer.state === 'sending'}
              onClick={() => void decide('confirmed')}
            >
              {answer.state === 'sending' && answer.decision === 'confirmed' ? 'Confirming…' : 'Confirm'}
            </button>
            <button type="button" className="portal-button" disabled={answer.state === 'sending'} onClick={() => setDispute({ reason: '', error: null })}>
              Dispute
            </button>
          </div>
          {answer.state === 'failed' && (
            <p className="portal-alert" role="alert">
              {answer.message}
            </p>
          )}
        </div>
      )}
      {loaded.state === 'ready' && dispute && (
        // A dispute cannot be taken back and a teacher follows it up, so it says why and asks once more.
        <ConfirmDialog
          title="Dispute these hours?"
          message="The student and their teacher will read your reason. You cannot change your answer afterwards."
          confirmLabel="Dispute hours"
          busyLabel="Disputing…"
          busy={answer.state === 'sending'}
          onCancel={() => setDispute(null)}
          onConfirm={() => {
            const reason = dispute.reason.trim();
            if (!reason) setDispute({ ...dispute, error: HOURS_MESSAGES.disputeReasonRequired });
            else void decide('disputed', reason);
          }}
        >
          <FormField
            label="What is not right about these hours?"
            error={dispute.error}
            required
            announceError
            className="portal-field portal-hours-confirm__reason"
          >
            {(control) => (
              <textarea
                {...control}
                className="portal-field__input"
                rows={3}
                maxLength={HOURS_LIMITS.disputeReason}
                value={dispute.reason}
                onChange={(event) => setDispute({ reason: event.currentTarget.value, error: null })}
              />
            )}
          </FormField>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function EntryFacts({ entry }: { entry: HoursConfirmationView }) {
  return (
    <section className="portal-hours-confirm" aria-label="The hours logged">
      <p>
        {entry.studentName || 'A student'} logged community involvement hours with {entry.supervisorName} as their supervisor.
      </p>
      <dl className="portal-hours-confirm__facts">
        <div>
          <dt>Student</dt>
          <dd>{entry.studentName || 'A student'}</dd>
        </div>
        <div>
          <dt>Organisation</dt>
          <dd>{entry.organisation}</dd>
        </div>
        <div>
          <dt>Activity</dt>
          <dd>{entry.activity}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{spokenDate(entry.date) ?? entry.date}</dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{formatHours(entry.hours)}</dd>
        </div>
        <div>
          <dt>Supervisor</dt>
          <dd>{entry.supervisorName}</dd>
        </div>
      </dl>
    </section>
  );
}
