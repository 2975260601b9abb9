import type { Route } from '../platform/router.ts';
import { addComment } from './add-comment.ts';
import { approvalQueue, decidedApprovals, decideApproval } from './approvals/approval-routes.ts';
import { createAlert, deleteAlert, listAlerts } from './alerts/alert-routes.ts';
import { markAllNotificationsRead, markNotificationRead, readMailSettings, unsubscribeDigest, updateMailSettings } from './alerts/notification-routes.ts';
import { listSaved, savePosting, unsavePosting } from './alerts/saved-postings.ts';
import { assignStudent } from './assign-student.ts';
import { assignableStudents } from './assignable-students.ts';
import { createPost } from './create-post.ts';
import { createPosting } from './create-posting.ts';
import { deleteComment } from './delete-comment.ts';
import { deletePost } from './delete-post.ts';
import { editPosting } from './edit-posting.ts';
import { decideConfirmation, viewConfirmation } from './hours/confirm-hours.ts';
import { exportHoursCsv } from './hours/hours-export-csv.ts';
import { hoursRecordPdf } from './hours/hours-record-pdf.ts';
import { editHours, resendHoursLink, withdrawHours } from './hours/change-hours.ts';
import { checkHoursEntry, logHours } from './hours/log-hours.ts';
import { signParentSignOff, viewParentSignOff } from './hours/parent-sign-off.ts';
import { hoursSummary, listMyHours } from './hours/my-hours.ts';
import { approveHours } from './hours/approve-hours.ts';
import { reviewHours } from './hours/review-hours.ts';
import { reviewQueue } from './hours/review-queue.ts';
import { homeCounts, homeSummary } from './home/home-routes.ts';
import { createReport, decideReport, reportQueue } from './moderation/report-routes.ts';
import { recordView } from './record-view.ts';
import { removePosting } from './remove-posting.ts';
import { readBoardRules } from './rules/rules-routes.ts';
import { listBoardRuleChanges, saveBoardRules } from './rules/board-rules-edit-routes.ts';
import { correctBirthMonth, giveBirthMonth, readAgeStatus } from './students/birth-month.ts';
import { openToMe } from './students/open-to-me.ts';
import { importRoster } from './roster/import-roster.ts';
import { decideRequest, listRequests, requestToJoin } from './schools/join-requests.ts';
import { createSchoolRoute, listSchools, mySchools, schoolFigures } from './schools/school-routes.ts';
import { addStaff, listStaff, removeStaff } from './schools/staff-routes.ts';
import { resendLink } from './roster/resend-link.ts';
import { saveProfile } from './save-profile.ts';
import { setApplicationStatus } from './set-application-status.ts';
import { setPostingState } from './set-posting-state.ts';
import { submitApplication } from './submit-application.ts';
import { confirmNewsletter, requestNewsletterUnsubscribeLink, unsubscribeNewsletter } from './newsletter-links.ts';
import { subscribeNewsletter } from './subscribe-newsletter.ts';
import { toggleLike } from './toggle-like.ts';
import { withdrawApplication } from './withdraw-application.ts';

/** Every write with a business rule (clients read rows directly, but write these through here), by method and path. */
export const routes: readonly Route[] = [
  { method: 'POST', path: '/jobs', command: createPosting },
  { method: 'PUT', path: '/jobs/{id}', command: editPosting },
  { method: 'DELETE', path: '/jobs/{id}', command: removePosting },
  { method: 'PUT', path: '/jobs/{id}/state', command: setPostingState },
  { method: 'PUT', path: '/jobs/{id}/assignment', command: assignStudent },
  { method: 'POST', path: '/jobs/{id}/assignment/candidates', command: assignableStudents },
  { method: 'POST', path: '/jobs/{id}/views', command: recordView },
  { method: 'POST', path: '/applications', command: submitApplication },
  { method: 'PUT', path: '/applications/{id}/status', command: setApplicationStatus },
  { method: 'DELETE', path: '/applications/{id}', command: withdrawApplication },
  { method: 'PUT', path: '/profile', command: saveProfile },
  { method: 'POST', path: '/posts', command: createPost },
  { method: 'DELETE', path: '/posts/{id}', command: deletePost },
  { method: 'POST', path: '/posts/{id}/like', command: toggleLike },
  { method: 'POST', path: '/posts/{id}/comments', command: addComment },
  { method: 'DELETE', path: '/comments/{id}', command: deleteComment },
  { method: 'POST', path: '/newsletter', command: subscribeNewsletter },
  { method: 'POST', path: '/newsletter/confirm', command: confirmNewsletter },
  { method: 'POST', path: '/newsletter/unsubscribe', command: unsubscribeNewsletter },
  { method: 'POST', path: '/newsletter/unsubscribe-link', command: requestNewsletterUnsubscribeLink },
  { method: 'GET', path: '/rules', command: readBoardRules },
  { method: 'PUT', path: '/rules', command: saveBoardRules },
  { method: 'GET', path: '/rules/changes', command: listBoardRuleChanges },
  { method: 'GET', path: '/me/age', command: readAgeStatus },
  { method: 'POST', path: '/me/birth-month', command: giveBirthMonth },
  { method: 'PUT', path: '/students/{id}/birth-month', command: correctBirthMonth },
  { method: 'POST', path: '/jobs/open-to-me', command: openToMe },
  { method: 'POST', path: '/hours', command: logHours },
  { method: 'POST', path: '/hours/check', command: checkHoursEntry },
  { method: 'POST', path: '/hours/{id}/parent/view', command: viewParentSignOff },
  { method: 'POST', path: '/hours/{id}/parent', command: signParentSignOff },
  { method: 'GET', path: '/hours', command: listMyHours },
  { method: 'GET', path: '/hours/summary', command: hoursSummary },
  { method: 'GET', path: '/hours/queue', command: reviewQueue },
  { method: 'POST', path: '/hours/review', command: approveHours },
  { method: 'GET', path: '/hours/record.pdf', command: hoursRecordPdf },
  { method: 'GET', path: '/hours/export.csv', command: exportHoursCsv },
  { method: 'PUT', path: '/hours/{id}', command: editHours },
  { method: 'DELETE', path: '/hours/{id}', command: withdrawHours },
  { method: 'POST', path: '/hours/{id}/resend', command: resendHoursLink },
  { method: 'POST', path: '/hours/{id}/confirmation/view', command: viewConfirmation },
  { method: 'POST', path: '/hours/{id}/confirmation', command: decideConfirmation },
  { method: 'POST', path: '/hours/{id}/review', command: reviewHours },
  { method: 'PUT', path: '/saved/{jobId}', command: savePosting },
  { method: 'DELETE', path: '/saved/{jobId}', command: unsavePosting },
  { method: 'GET', path: '/saved', command: listSaved },
  { method: 'POST', path: '/alerts', command: createAlert },
  { method: 'GET', path: '/alerts', command: listAlerts },
  { method: 'DELETE', path: '/alerts/{id}', command: deleteAlert },
  { method: 'PUT', path: '/notifications/read', command: markAllNotificationsRead },
  { method: 'GET', path: '/home', command: homeSummary },
  { method: 'GET', path: '/home/counts', command: homeCounts },
  { method: 'GET', path: '/notifications/settings', command: readMailSettings },
  { method: 'PUT', path: '/notifications/settings', command: updateMailSettings },
  { method: 'PUT', path: '/notifications/{id}/read', command: markNotificationRead },
  { method: 'POST', path: '/unsubscribe', command: unsubscribeDigest },
  { method: 'POST', path: '/roster', command: importRoster },
  { method: 'POST', path: '/roster/resend', command: resendLink },
  { method: 'POST', path: '/reports', command: createReport },
  { method: 'GET', path: '/reports', command: reportQueue },
  { method: 'POST', path: '/reports/{id}/decision', command: decideReport },
  { method: 'GET', path: '/approvals', command: approvalQueue },
  { method: 'GET', path: '/approvals/decided', command: decidedApprovals },
  { method: 'GET', path: '/schools', command: listSchools },
  { method: 'POST', path: '/schools', command: createSchoolRoute },
  { method: 'GET', path: '/schools/mine', command: mySchools },
  { method: 'GET', path: '/schools/figures', command: schoolFigures },
  { method: 'GET', path: '/schools/{id}/staff', command: listStaff },
  { method: 'POST', path: '/schools/{id}/staff', command: addStaff },
  { method: 'DELETE', path: '/schools/{id}/staff/{userId}', command: removeStaff },
  { method: 'POST', path: '/schools/{id}/requests', command: requestToJoin },
  { method: 'GET', path: '/schools/{id}/requests', command: listRequests },
  { method: 'POST', path: '/schools/{id}/requests/{userId}', command: decideRequest },
  { method: 'POST', path: '/approvals/{recruiterId}', command: decideApproval },
];
