import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import type { SavedApi } from './saved-marks.ts';
import { createSavedPostingsController, type SavedSearchesApi } from './saved-postings-controller.ts';
import { createSavedPostingsModel, type SavedPostingsActions, type SavedPostingsState } from './saved-postings-model.ts';
import { SavedPostingsView, type SavedPostingsViewProps } from './saved-postings-view.tsx';

/** Options of {@link useSavedPostings}: the SDK's modules. @public */
export interface SavedPostingsOptions {
  /** The SDK's saved module (`portal.saved`), or anything with its `list` and `unsave`. */
  saved: SavedApi;
  /** The SDK's alerts module (`portal.alerts`), or anything with its `list` and `remove`. */
  alerts: SavedSearchesApi;
}

/** Props of {@link SavedPostings}: the SDK, and where a posting's link leads. @public */
export interface SavedPostingsProps extends SavedPostingsOptions, Pick<SavedPostingsViewProps, 'jobHref' | 'onOpenJob' | 'searchHref' | 'onOpenSearch'> {}

/**
 * The student's saved postings and saved searches without their markup, with Unsave and Delete, for
 * a view of your own. The options are read once.
 * @public
 */
export function useSavedPostings(options: SavedPostingsOptions): WidgetBinding<SavedPostingsState, SavedPostingsActions> {
  return useWidgetController(() => createSavedPostingsController(options.saved, options.alerts, createSavedPostingsModel()));
}

/**
 * The connected Saved page: the student's saved postings (closed and removed ones say so) and saved
 * searches, with Unsave and Delete.
 * @public
 */
export function SavedPostings({ saved, alerts, ...links }: SavedPostingsProps) {
  const { state, actions } = useSavedPostings({ saved, alerts });
  return <SavedPostingsView {...links} state={state} actions={actions} />;
}
