import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createMyApplicationsController, type MyApplicationsApi } from './my-applications-controller.ts';
import { createMyApplicationsModel, type MyApplicationsActions, type MyApplicationsState, type SeenDecisions } from './my-applications-model.ts';
import { MyApplicationsView, type MyApplicationsViewProps } from './my-applications-view.tsx';

/** Options of {@link useMyApplications}: the SDK, and the page size. @public */
export interface MyApplicationsOptions {
  /** The SDK's `applications` module (or anything with its `listMine` and `withdraw`). */
  applications: MyApplicationsApi;
  /** Applications per page (25 by default). */
  pageSize?: number | undefined;
  /** Which decisions the student has seen (the portal keeps them per account); without it nothing is marked "New". */
  seenDecisions?: SeenDecisions | undefined;
}

/** Props of {@link MyApplications}: the list's links, and the SDK. @public */
export interface MyApplicationsProps extends MyApplicationsOptions, Pick<MyApplicationsViewProps, 'jobHref' | 'onOpenJob' | 'onOpenListing'> {}

/**
 * The signed-in student's applications without their markup: the list newest first, paged with
 * "Show more", the decisions not seen before, and withdrawing a pending one, for a view of your own.
 * The options are read once.
 * @public
 */
export function useMyApplications(options: MyApplicationsOptions): WidgetBinding<MyApplicationsState, MyApplicationsActions> {
  return useWidgetController(() => createMyApplicationsController(options.applications, createMyApplicationsModel(), options.pageSize, options.seenDecisions));
}

/**
 * The connected list of the signed-in student's applications, newest first, each with its outcome;
 * a pending one can be withdrawn.
 * @public
 */
export function MyApplications({ applications, pageSize, seenDecisions, ...links }: MyApplicationsProps) {
  const { state, actions } = useMyApplications({ applications, pageSize, seenDecisions });
  return <MyApplicationsView {...links} state={state} actions={actions} />;
}
