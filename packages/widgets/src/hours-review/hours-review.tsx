import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createHoursReviewController, type HoursReviewApi, type SaveDownload } from './hours-review-controller.ts';
import { createHoursReviewModel, type HoursReviewActions, type HoursReviewState } from './hours-review-model.ts';
import { HoursReviewView } from './hours-review-view.tsx';
import { saveInBrowser } from '../shared/save-download.ts';

/** Options of {@link useHoursReview}: the SDK, and how a generated file reaches the person. @public */
export interface HoursReviewOptions {
  /** The SDK's hours module (`portal.hours`), or anything with its `queuePage`, `review`, `approveMany` and `exportCsv`. */
  hours: HoursReviewApi;
  /** Hands the CSV export to the person; a browser download by default. */
  save?: SaveDownload | undefined;
}

/** Props of {@link HoursReview}. @public */
export type HoursReviewProps = HoursReviewOptions;

/**
 * The teachers' review of community involvement hours without its markup: the queue (confirmed first,
 * disputed flagged, then unanswered; ready with its first page, the rest loading behind it), each decision checked with the domain's rule before it is sent,
 * and the CSV export of every student's totals. The options are read once.
 * @public
 */
export function useHoursReview(options: HoursReviewOptions): WidgetBinding<HoursReviewState, HoursReviewActions> {
  return useWidgetController(() => createHoursReviewController(options.hours, createHoursReviewModel(), options.save ?? saveInBrowser));
}

/**
 * The connected hours review for teachers: approve, partially approve (fewer hours, with a comment)
 * or decline (with a comment) each entry; a saved entry leaves the queue with a confirmation.
 * "Export totals (CSV)" downloads every student's approved and pending hours.
 * @public
 */
export function HoursReview(props: HoursReviewProps) {
  const { state, actions } = useHoursReview(props);
  return <HoursReviewView state={state} actions={actions} />;
}
