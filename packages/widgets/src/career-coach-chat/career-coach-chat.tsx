import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { CareerCoachChatView } from './career-coach-chat-view.tsx';
import { createCareerCoachChatController, type CoachApi } from './career-coach-chat-controller.ts';
import { createCareerCoachChatModel, type CareerCoachChatActions, type CareerCoachChatState } from './career-coach-chat-model.ts';

/** Options of {@link useCareerCoachChat}: the SDK. @public */
export interface CareerCoachChatOptions {
  /** The SDK's `client.ai` (or anything with `askCoach` and `coachHistory`). */
  ai: CoachApi;
}

/** Props of {@link CareerCoachChat}: its options, as the chat has no presentation options. @public */
export type CareerCoachChatProps = CareerCoachChatOptions;

/**
 * The career coach without its markup: a panel that opens and closes, the conversation so far
 * (loaded when the panel first opens), the question as typed, and asking it through the SDK, for a
 * view of your own. The options are read once.
 * @public
 */
export function useCareerCoachChat(options: CareerCoachChatOptions): WidgetBinding<CareerCoachChatState, CareerCoachChatActions> {
  return useWidgetController(() => createCareerCoachChatController(options.ai, createCareerCoachChatModel()));
}

/**
 * The connected career coach: the conversation so far is loaded when the panel first opens, and
 * each question goes to the `ai` function's coach through the SDK.
 * @public
 */
export function CareerCoachChat(props: CareerCoachChatProps) {
  const { state, actions } = useCareerCoachChat(props);
  return <CareerCoachChatView state={state} actions={actions} />;
}
