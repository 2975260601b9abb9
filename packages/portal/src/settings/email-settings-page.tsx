import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { MailDelivery, MailSettings, NotificationKind, Role } from '@opportunity-kit/sdk';
import { NOTIFICATION_KIND_NAMES } from '@opportunity-kit/sdk/domain';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { messageOf, useLoaded } from '../schools/use-loaded.ts';
import '../auth/auth-form.css';
import './email-settings-page.css';

/** The kinds each role is e-mailed about (a school's decision on an employer is always mailed, with its reason). */
const KINDS_BY_ROLE: Readonly<Record<Role, readonly NotificationKind[]>> = {
  student: ['application-status', 'assignment', 'alert-match', 'deadline'],
  teacher: ['approval-waiting', 'application-received', 'application-reminder'],
  recruiter: ['application-received', 'application-reminder'],
};

/**
 * /email-settings: how the member's notifications reach their inbox (as things happen, or one summary
 * a day), which kinds do, or none at all. The bell shows every notification whatever is chosen here.
 */
export function EmailSettingsPage() {
  const portal = usePortal();
  const load = useCallback(() => portal.notifications.mailSettings(), [portal]);
  const { state } = useLoaded(load);
  return (
    <Page title="E-mail settings" narrow>
      {state.phase === 'loading' ? (
        <p className="portal-loading" role="status">
          Loading your settings…
        </p>
      ) : null}
      {state.phase === 'failed' ? <p className="portal-alert">{state.message}</p> : null}
      {state.phase === 'ready' ? <SettingsForm initial={state.value} /> : null}
    </Page>
  );
}

function SettingsForm({ initial }: { initial: MailSettings }) {
  const portal = usePortal();
  const member = useMember();
  // A board administrator with no school role decides employers, as staff do.
  const kinds = KINDS_BY_ROLE[member.role ?? (member.boardAdmin ? 'teacher' : 'student')];
  const [delivery, setDelivery] = useState<MailDelivery>(initial.delivery);
  const [muted, setMuted] = useState<ReadonlySet<NotificationKind>>(new Set(initial.mutedKinds));
  const [allStopped, setAllStopped] = useState(initial.allStopped);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [delivery, muted, allStopped]);

  const toggle = (kind: NotificationKind) =>
    setMuted((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const stored = await portal.notifications.saveMailSettings({ delivery, mutedKinds: [...muted], allStopped });
      setMuted(new Set(stored.mutedKinds));
      setSaved(true);
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="portal-form email-settings" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <fieldset className="email-settings__group" disabled={allStopped}>
        <legend>When should we e-mail you?</legend>
        <label className="email-settings__choice">
          <input type="radio" name="delivery" value="instant" checked={delivery === 'instant'} onChange={() => setDelivery('instant')} />
          As things happen
        </label>
        <label className="email-settings__choice">
          <input type="radio" name="delivery" value="daily" checked={delivery === 'daily'} onChange={() => setDelivery('daily')} />
          One summary a day
        </label>
      </fieldset>
      <fieldset className="email-settings__group" disabled={allStopped}>
        <legend>E-mail me about</legend>
        {kinds.map((kind) => (
          <label key={kind} className="email-settings__choice">
            <input type="checkbox" checked={!muted.has(kind)} onChange={() => toggle(kind)} />
            {capitalised(NOTIFICATION_KIND_NAMES[kind])}
          </label>
        ))}
      </fieldset>
      <label className="email-settings__choice">
        <input type="checkbox" checked={allStopped} onChange={(event) => setAllStopped(event.target.checked)} />
        Stop every e-mail (the bell still shows your notifications)
      </label>
      <FormError className="portal-alert" message={error} />
      {saved ? (
        <p className="portal-flash ok-confirmation" role="status">
          Your e-mail settings are saved.
        </p>
      ) : null}
      <div>
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
