import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { CoachMessage } from '@opportunity-kit/sdk';
import { AiText, ProviderNote } from '../ai-text/ai-text.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { CareerCoachChatActions, CareerCoachChatState } from './career-coach-chat-model.ts';

/**
 * Props of {@link CareerCoachChatView}: the chat's `state` and `actions` (from {@link useCareerCoachChat}).
 * The chat has no presentation options, so this is the binding itself.
 * @public
 */
export type CareerCoachChatViewProps = WidgetBinding<CareerCoachChatState, CareerCoachChatActions>;

/**
 * The career coach (spec "Home screen"): a floating toggle and a panel titled "Career Coach Chatbot",
 * hidden until opened, with the conversation (a log that announces new answers), the question input
 * and Send. Opening moves focus to the input; closing (the close button or Escape) returns it to the
 * toggle. An answer written by an outside AI (Gemini) says so.
 * @public
 */
export function CareerCoachChatView({ state, actions }: CareerCoachChatViewProps) {
  const { open, history, messages, pending, draft, error } = state;
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    (open ? input.current : toggle.current)?.focus();
  }, [open]);

  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [messages.length, pending, open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    actions.close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.send();
  };

  return (
    <div className="ok-coach" data-state={open ? 'open' : 'closed'}>
      <button
        className="ok-coach__toggle"
        type="button"
        ref={toggle}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label="Career coach"
        onClick={actions.toggle}
      >
        <svg className="ok-coach__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
          />
        </svg>
      </button>
      <section className="ok-coach__panel" id={`${id}-panel`} hidden={!open} aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <header className="ok-coach__header">
          <h2 className="ok-coach__title" id={`${id}-title`}>
            {MESSAGES.coachTitle}
          </h2>
          <button className="ok-coach__close" type="button" onClick={actions.close} aria-label="Close the career coach">
            ×
          </button>
        </header>
        <div className="ok-coach__messages" ref={log} role="log" aria-label="Conversation with the career coach" tabIndex={0} data-state={history}>
          {history === 'loading' ? <p className="ok-coach__status">{MESSAGES.loading}</p> : null}
          {history === 'ready' && !messages.length && pending === null ? (
            <p className="ok-coach__status">Ask about opportunities, applications, interviews or your resume.</p>
          ) : null}
          {messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
          {pending !== null ? (
            <>
              <div className="ok-coach__message" data-role="user" data-state="pending">
                <p className="ok-coach__author">You</p>
                <p className="ok-coach__text">{pending}</p>
              </div>
              <p className="ok-coach__status" data-state="thinking">
                The coach is writing an answer...
              </p>
            </>
          ) : null}
        </div>
        <p className="ok-coach__error" role="alert">
          {error}
        </p>
        <form className="ok-coach__form" onSubmit={submit}>
          <label className="ok-coach__label ok-visually-hidden" htmlFor={`${id}-input`}>
            Your question
          </label>
          <input
            className="ok-coach__input"
            id={`${id}-input`}
            ref={input}
            value={draft}
            placeholder={MESSAGES.coachPlaceholder}
            onChange={(event) => actions.setDraft(event.currentTarget.value)}
            autoComplete="off"
            maxLength={2000}
          />
          <button className="ok-coach__send" type="submit" disabled={pending !== null}>
            Send
          </button>
        </form>
      </section>
    </div>
  );
}

function Message({ message }: { message: CoachMessage }) {
  return (
    <div className="ok-coach__message" data-role={message.role}>
      <p className="ok-coach__author">{message.role === 'user' ? 'You' : 'Career coach'}</p>
      {message.role === 'user' ? <p className="ok-coach__text">{message.text}</p> : <AiText text={message.text} />}
      {/* An outside AI is named, since its answer may be wrong in ways the portal's own cannot; "the local provider" means nothing to a student. */}
      {message.role === 'coach' && message.provider && message.provider !== 'local' ? <ProviderNote provider={message.provider} verb="Answered by" /> : null}
    </div>
  );
}
