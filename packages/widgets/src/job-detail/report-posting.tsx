import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { ReportDialog } from '../blog-feed/report-dialog.tsx';
import type { JobDetailActions, JobReportState } from './job-detail-model.ts';

export interface ReportPostingProps {
  report: JobReportState;
  actions: Required<Pick<JobDetailActions, 'openReport' | 'setReportReason' | 'submitReport' | 'cancelReport'>>;
}

/** "Report" for a member who did not post the opportunity, its dialog, and the thanks once the report went. */
export function ReportPosting({ report, actions }: ReportPostingProps) {
  return (
    <div className="ok-job-detail__report">
      {report.sent ? (
        <p className="ok-job-detail__report-sent" role="status">
          {MESSAGES.reportThanks}
        </p>
      ) : (
        <button className="ok-job-detail__report-button" type="button" aria-haspopup="dialog" onClick={actions.openReport}>
          Report
        </button>
      )}
      {report.open ? (
        <ReportDialog
          what="opportunity"
          report={report}
          onReasonChange={actions.setReportReason}
          onSubmit={actions.submitReport}
          onCancel={actions.cancelReport}
        />
      ) : null}
    </div>
  );
}
