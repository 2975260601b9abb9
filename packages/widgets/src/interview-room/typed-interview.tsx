import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import type { InterviewRoomActions, TextInterview } from './interview-room-model.ts';

export interface TypedInterviewProps {
  text: TextInterview;
  actions: Pick<InterviewRoomActions, 'setAnswer' | 'submitAnswer'>;
}

/**
 * A typed interview: one question at a time, answered in a text area; focus follows the question.
 * Enter sends the answer, as in a chat; Shift+Enter starts a new line.
 */
export function TypedInterview({ text, actions }: TypedInterviewProps) {
  const id = useId();
  const answer = useRef<HTMLTextAreaElement>(null);
  // `text.current` is the question's index, not a ref: focus follows each new question.
  const question = text.current;
  useEffect(() => answer.current?.focus(), [question]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submitAnswer();
  };
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A composing input method (Japanese, Chinese…) uses Enter to pick its text: not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    actions.submitAnswer();
  };
  return (
    <form className="ok-interview__typed" onSubmit={submit}>
      <label className="ok-interview__question" htmlFor={`${id}-answer`}>
        <span className="ok-interview__question-number">
          Question {text.current + 1} of {text.questions.length}
        </span>{' '}
        <span className="ok-interview__question-text">{text.questions[text.current]}</span>
      </label>
      <textarea
        className="ok-interview__answer"
        id={`${id}-answer`}
        ref={answer}
        rows={5}
        maxLength={2000}
        value={text.draft}
        onChange={(event) => actions.setAnswer(event.currentTarget.value)}
        onKeyDown={sendOnEnter}
        aria-invalid={text.answerError ? true : undefined}
        aria-describedby={`${id}-error`}
        readOnly={text.sending}
      />
      <p className="ok-interview__answer-error" id={`${id}-error`} role="alert">
        {text.answerError}
      </p>
      <button className="ok-interview__button" type="submit" disabled={text.sending}>
        {text.sending ? 'Sending...' : 'Send answer'}
      </button>
    </form>
  );
}
