import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CareerCoachChatView } from './career-coach-chat-view.tsx';
import { createCareerCoachChatController, type CoachApi } from './career-coach-chat-controller.ts';
import { createCareerCoachChatModel } from './career-coach-chat-model.ts';

/** Props of {@link CareerCoachChat}. @public */
export interface CareerCoachChatProps {
  /** The SDK's `client.ai` (or anything with `askCoach` and `coachHistory`). */
  ai: CoachApi;
}

/**
 * The connected career coach: the conversation so far is loaded when the panel first opens, and
 * each question goes to the `ai` function's coach through the SDK.
 * @public
 */
export function CareerCoachChat({ ai }: CareerCoachChatProps) {
  useSignals();
  const [model] = useState(createCareerCoachChatModel);
  const [controller] = useState(() => createCareerCoachChatController(ai, model));
  useEffect(() => controller.start(), [controller]);
  return (
    <CareerCoachChatView
      open={model.open.value}
      history={model.history.value}
      messages={model.messages.value}
      pending={model.pending.value}
      draft={model.draft.value}
      error={model.error.value}
      actions={controller}
    />
  );
}
