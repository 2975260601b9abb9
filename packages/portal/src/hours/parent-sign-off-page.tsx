import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isPortalError, type PortalClient } from '@opportunity-kit/sdk';
import { formatHours, HOURS_ACTIVITY_MESSAGES, MESSAGES, spokenDate, type ParentPart, type ParentSignOffView } from '@opportunity-kit/sdk/domain';
import { FormField } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import '../auth/auth-form.css';
import './confirm-hours-page.css';

type Loaded = { state: 'loading' } | { state: 'refused'; message: string } | { state: 'ready'; entry: ParentSignOffView };

const PARTS: ReadonlyArray<{ part: ParentPart; title: string; statement: string }> = [
  {
    part: 'notice',
    title: 'Planned-activity notice',
    statement: 'I know of this activity and agree that my child takes part in it.',
  },
  {
    part: 'completion',
    title: 'Completion record',
    statement: 'I confirm that my child completed this activity as recorded.',
  },
];

async function loadEntry(portal: PortalClient, id: string, token: string): Promise<Loaded> {
  if (!token) return { state: 'refused', message: HOURS_ACTIVITY_MESSAGES.parentLinkInvalid };
  try {
    return { state: 'ready', entry: await portal.hours.parentSignOff(id, token) };
  } catch (thrown) {
    return { state: 'refused', message: isPortalError(thrown) ? thrown.message : MESSAGES.genericError };
  }
}

/**
 * /hours/parent/{id}?token=…: where a parent's or guardian's mailed link leads (issue 26). No account
 * is needed: the token vouches for the one entry. They read what the student logged and what the
 * rules say about it, then sign the planned-activity notice and the completion record, each once, by
 * typing their name.
 */
export function ParentSignOffPage() {
  const portal = usePortal();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    void loadEntry(portal, id, token).then((next) => live && setLoaded(next));
    return () => {
      live = false;
    };
  }, [portal, id, token]);

  const reload = () => void loadEntry(portal, id, token).then(setLoaded);
  return (
    <Page title="Sign community involvement hours" narrow>
      {loaded.state === 'loading' && <p role="status">{MESSAGES.loading}</p>}
      {loaded.state === 'refused' && (
        <p className="portal-alert" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'ready' && (
        <>
          <section className="portal-hours-confirm" aria-label="The hours logged">
            <p>{loaded.entry.studentName || 'A student'} logged these community involvement hours and named you as their parent or guardian.</p>
            <dl className="portal-hours-confirm__facts">
              <Fact term="Organisation" value={loaded.entry.organisation} />
              <Fact term="Activity" value={loaded.entry.activity} />
              {loaded.entry.activityKind ? <Fact term="Kind of activity" value={loaded.entry.activityKind} /> : null}
              <Fact term="Date" value={spokenDate(loaded.entry.date) ?? loaded.entry.date} />
              <Fact term="Hours" value={formatHours(loaded.entry.hours)} />
            </dl>
          </section>
          {PARTS.map((part) => (
            <SignaturePart key={part.part} {...part} entry={loaded.entry} token={token} onSigned={reload} />
          ))}
        </>
      )}
    </Page>
  );
}

function SignaturePart({
  part,
  title,
  statement,
  entry,
  token,
  onSigned,
}: (typeof PARTS)[number] & { entry: ParentSignOffView; token: string; onSigned(): void }) {
  const portal = usePortal();
  const id = useId();
  const signedAt = part === 'notice' ? entry.checks.parentNoticeSignedAt : entry.checks.parentCompletionSignedAt;
  const signedBy = part === 'notice' ? entry.checks.parentNoticeSignedBy : entry.checks.parentCompletionSignedBy;
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(HOURS_ACTIVITY_MESSAGES.parentNameToSign);
    setSending(true);
    portal.hours.signAsParent(entry.id, token, part, name.trim()).then(
      (answer) => {
        setDone(answer.message);
        onSigned();
      },
      (thrown: unknown) => {
        setSending(false);
        setError(isPortalError(thrown) ? (thrown.fields.name ?? thrown.message) : MESSAGES.genericError);
      },
    );
  };

  return (
    <section className="portal-hours-confirm__answer" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{statement}</p>
      {signedAt ? (
        <p role="status">
          Signed by {signedBy} on {spokenDate(signedAt) ?? signedAt.slice(0, 10)}.
        </p>
      ) : done ? (
        <p role="status">{done}</p>
      ) : (
        <form className="portal-form" onSubmit={submit} noValidate>
          <FormField label="Your full name, as your signature" error={error} required className="portal-field">
            {(control) => (
              <input
                {...control}
                className="portal-field__input"
                value={name}
                maxLength={120}
                autoComplete="name"
                onChange={(event) => setName(event.currentTarget.value)}
              />
            )}
          </FormField>
          <button type="submit" className="portal-button portal-button--primary" disabled={sending}>
            {sending ? 'Signing…' : `Sign the ${title.toLowerCase()}`}
          </button>
        </form>
      )}
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
