import { useEffect, useId, useState, type FormEvent } from 'react';
import { isPortalError } from '@opportunity-kit/sdk';
import { MESSAGES, YOUTH_RULE_MESSAGES } from '@opportunity-kit/sdk/domain';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';

/** Where "Later" is remembered for this browser session, so the question does not return on every page. */
const LATER_KEY = 'opportunity-kit.birth-month-later';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

type Prompt = { state: 'hidden' } | { state: 'asking'; error: string | null; pending: boolean } | { state: 'saved' };

/**
 * A student who has not given their birth month is asked once, on their home page (issue 26): some
 * work is open only from an age, and "Open to me" needs it. Until they answer, the rules weigh them as
 * the youngest student. The month goes to the server, which keeps it where no client reads it.
 */
export function BirthMonthPrompt() {
  const member = useMember();
  return member.role === 'student' ? <BirthMonthQuestion /> : null;
}

function BirthMonthQuestion() {
  const portal = usePortal();
  const id = useId();
  const [prompt, setPrompt] = useState<Prompt>({ state: 'hidden' });
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');

  useEffect(() => {
    if (sessionStorage.getItem(LATER_KEY)) return;
    let live = true;
    portal.youthRules.ageStatus().then(
      (status) => live && status.asked && !status.birthMonthGiven && setPrompt({ state: 'asking', error: null, pending: false }),
      // Not asking is safe: the rules weigh a student who has not answered as the youngest.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [portal]);

  if (prompt.state === 'hidden') return null;
  if (prompt.state === 'saved') {
    return (
      <p className="ok-confirmation" role="status">
        Thank you. Your listings now show what is open to you.
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const birthMonth = `${year.trim()}-${month}`;
    setPrompt({ state: 'asking', error: null, pending: true });
    portal.youthRules.giveBirthMonth(birthMonth).then(
      () => setPrompt({ state: 'saved' }),
      (thrown: unknown) =>
        setPrompt({ state: 'asking', pending: false, error: isPortalError(thrown) ? (thrown.fields.birthMonth ?? thrown.message) : MESSAGES.genericError }),
    );
  };
  const later = () => {
    sessionStorage.setItem(LATER_KEY, '1');
    setPrompt({ state: 'hidden' });
  };
  return (
    <section className="portal-birth-month" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{YOUTH_RULE_MESSAGES.birthMonthPrompt}</h2>
      <p id={`${id}-why`}>{YOUTH_RULE_MESSAGES.birthMonthWhy}</p>
      <form className="portal-birth-month__form" onSubmit={submit} aria-describedby={`${id}-why`} noValidate>
        <label>
          Month
          <select value={month} onChange={(event) => setMonth(event.currentTarget.value)} required>
            <option value="">Choose…</option>
            {MONTHS.map((name, index) => (
              <option key={name} value={String(index + 1).padStart(2, '0')}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Year
          <input inputMode="numeric" pattern="[0-9]{4}" maxLength={4} value={year} onChange={(event) => setYear(event.currentTarget.value)} required />
        </label>
        {prompt.error ? (
          <p className="portal-alert" role="alert">
            {prompt.error}
          </p>
        ) : null}
        <div className="portal-birth-month__actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={prompt.pending}>
            {prompt.pending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="portal-button" onClick={later}>
            Later
          </button>
        </div>
      </form>
    </section>
  );
}
