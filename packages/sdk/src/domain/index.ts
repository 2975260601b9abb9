/**
 * The pure domain of Opportunity Kit: types, constants, the spec's texts and rules, and the wire
 * contract between the clients and the functions (`wire/`: ids, error codes, row mappers, payloads).
 * No network and no browser APIs, so the widgets, the portal and the Appwrite Functions all share it.
 * @packageDocumentation
 */
export {
  POSTING_TYPES,
  DEFAULT_POSTING_TYPE,
  CLUSTERS,
  LOCATIONS,
  ROLES,
  APPLICATION_STATUSES,
  POSTING_STATES,
  MAX_POST_IMAGES,
  MAX_YEARS_AHEAD,
  MAX_UPLOAD_BYTES,
  IMAGE_EXTENSIONS,
  LISTING_ROUTES,
  DEFAULT_SETTINGS,
  INTERVIEW_AGENT_COUNT,
  AGENT_REPLY_MAX_WORDS,
  SESSION_AUDIO_DELAY_MS,
} from './constants.ts';
export type { PostingType, Cluster, Role, ApplicationStatus, PostingState, DeploymentSettings } from './constants.ts';
export {
  MESSAGES,
  assignedMessage,
  emptyListingMessage,
  noMatchingListingMessage,
  candidateBlockedMessage,
  responseBlockedMessage,
  statusUpdatedMessage,
  applicationOutcomeMessage,
  myApplicationMessage,
} from './messages.ts';
export { greetingFor } from './greeting.ts';
export { relativeTimeLabel } from './relative-time.ts';
export { roleForEmail, isSchoolAddress, roleNeedsVerification, roleLabelFor, roleFromLabels, awaitsSchool, isBoardAdmin } from './roles.ts';
export {
  SCHOOL_TEAM_PREFIX,
  STAFF_ROLES,
  STAFF_ROLE_NAMES,
  STAFF_MEMBERSHIP_ROLE,
  STUDENT_MEMBERSHIP_ROLE,
  BOARD_ADMIN_LABEL,
  SCHOOL_NAME_MAX,
  SCHOOL_RULES,
  isSchoolId,
  schoolIdFor,
  membershipRoles,
  staffRolesOf,
  schoolNameProblem,
  staffRoleProblem,
  SCHOOL_MESSAGES,
} from './schools.ts';
export type {
  StaffRole,
  School,
  SchoolMembership,
  SchoolFigures,
  SchoolStaffMember,
  JoinRequest,
  JoinRequestKind,
  JoinRequestStatus,
  JoinRequestColumns,
  NewStaffMember,
  MySchools,
  JoinRequestDecision,
} from './schools.ts';
export type { RoleEvidence } from './roles.ts';
export { isInAppBrowser } from './in-app-browser.ts';
export {
  isDateString,
  todayDateString,
  earliestTodayAnywhere,
  addYears,
  postingDateBounds,
  isEndDateEnabled,
  withStartDate,
  matchesDateFilter,
  spokenDate,
  endOfLocalDay,
} from './dates.ts';
export type { DateString, DateFilter } from './dates.ts';
export {
  isEmailAddress,
  isHttpUrl,
  validateSignUp,
  validatePosting,
  resumeFileProblem,
  hasPdfSignature,
  imageFileProblem,
  postImagesProblem,
  commentText,
  validateApplication,
  POSTING_DATE_FIELDS,
} from './validation.ts';
export { formatHourlyRate } from './hourly-rate.ts';
export { EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS, PAY_UNITS, MAX_PAY, BOARD_PLACES, postalCodeOf, streetOfAddress, postingPlace } from './posting-details.ts';
export type { EmploymentType, PayUnit, BoardPlace, PostingPlaceFields } from './posting-details.ts';
export type { Validation, SignUpInput, PostingInput, ValidPosting, PostingField, PostingDateField, FileFacts, ApplicationInput } from './validation.ts';
export type { Job, Application, Profile, Post, Comment, CurrentUser } from './entities.ts';
export {
  canRemovePosting,
  canManagePosting,
  canApply,
  applyRefusal,
  canWithdrawApplication,
  canAssignStudents,
  canPostOpportunities,
  canPostPrivately,
  canSetApplicationStatus,
  canDeletePost,
  canDeleteComment,
  DECISION_STATUSES,
  decisionStatus,
} from './abilities.ts';
export type { Viewer, ApplyTarget } from './abilities.ts';
export { validateProfile, PROFILE_LIMITS } from './profile-validation.ts';
export type { ProfileInput, ValidProfile, ProfileField } from './profile-validation.ts';
export { validatePost, validateComment, FEED_LIMITS } from './feed-validation.ts';
export type { PostInput } from './feed-validation.ts';
export { parseAiMarkdown, aiPlainText, aiJobLink } from './ai-markdown.ts';
export type { AiBlock, AiParagraph, AiBulletList, AiSpan } from './ai-markdown.ts';
export { DATABASE_ID, TABLES, BUCKETS, UPLOADS_BUCKET, FUNCTIONS } from './wire/ids.ts';
export type { TableId, BucketId, FunctionId } from './wire/ids.ts';
export { portalErrorCode, REFUSAL_STATUS, refusalCodeOf, FAILURE_STATUS, fieldRefusal, INVALID_INPUT_FALLBACK } from './wire/error-codes.ts';
export type { PortalErrorCode, RefusalCode, FailureCode, WireErrorCode, FieldMessages, ErrorEnvelope, DataEnvelope } from './wire/error-codes.ts';
export { JOB_COLUMNS, toJob, withAssignment, toApplication, toProfile, toPost, toComment } from './wire/rows.ts';
export type {
  WireRow,
  JobColumns,
  JobAssignmentColumns,
  AssignmentRowLike,
  ApplicationColumns,
  ProfileColumns,
  PostColumns,
  CommentColumns,
  PostLikeColumns,
  NewsletterColumns,
  NewsletterIssueColumns,
} from './wire/rows.ts';
export type {
  CreatePostingBody,
  EditPostingBody,
  SetPostingStateBody,
  AssignStudentBody,
  AssignableStudentsBody,
  AssignableStudent,
  ViewCounted,
  Removed,
  SubmitApplicationBody,
  SetApplicationStatusBody,
  SaveProfileBody,
  CreatePostBody,
  LikeState,
  AddCommentBody,
  AddedComment,
  DeletedComment,
  NewsletterBody,
  NewsletterAnswer,
  NewsletterTokenBody,
} from './wire/command-payloads.ts';
export type {
  AiProvider,
  AiProviders,
  ResumeReviewBody,
  ResumeReviewDetails,
  ResumeReview,
  ResumeOnFile,
  StartInterviewBody,
  InterviewAgentOverrides,
  VoiceInterviewSession,
  TextInterviewSession,
  InterviewSession,
  InterviewAnswerBody,
  InterviewAnswerResult,
  InterviewAnalysisBody,
  InterviewAnalysis,
  InterviewAnalysisStatus,
  InterviewSessionColumns,
  CoachQuestionBody,
  CoachMessage,
  CoachReply,
  CoachHistory,
  CoachCleared,
} from './wire/ai-payloads.ts';
export {
  SERVICE_HOURS_STATUSES,
  HOURS_LIMITS,
  HOURS_MESSAGES,
  isValidHours,
  toQuarterHours,
  fromQuarterHours,
  formatHours,
  latestTodayAnywhere,
  earliestHoursDate,
  isSameMailbox,
  containsWebAddress,
  validateServiceHours,
  dayLimitProblem,
  isHoursEditable,
  isHoursReviewable,
  countsTowardsDay,
  validateHoursReview,
  reviewQueueRank,
  HOURS_BULK_APPROVAL_MAX,
  HOURS_QUEUE_PAGE_MAX,
  HOURS_APPROVAL_SKIP_REASONS,
  validateBulkApproval,
} from './service-hours.ts';
export type {
  ServiceHoursStatus,
  SupervisorDecision,
  HoursReviewDecision,
  ServiceHoursInput,
  ValidServiceHours,
  ServiceHoursField,
  ServiceHoursContext,
  HoursReviewInput,
  HoursApprovalSkipReason,
  HoursBulkApprovalInput,
} from './service-hours.ts';
export { toServiceHoursEntry } from './wire/service-hours.ts';
export type {
  ServiceHoursEntry,
  ServiceHoursColumns,
  HoursConfirmationColumns,
  LogHoursBody,
  ConfirmationTokenBody,
  ConfirmationDecisionBody,
  HoursConfirmationView,
  HoursConfirmationAnswer,
  HoursReviewBody,
  HoursBulkApprovalBody,
  HoursApprovalOutcome,
  HoursBulkApprovalAnswer,
  HoursQueuePage,
  HoursSummary,
  HoursFile,
  StudentHoursTotal,
} from './wire/service-hours.ts';
export {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  NOTIFICATION_KIND_NAMES,
  hasAlertCriteria,
  validateAlertCriteria,
  prepareCriteria,
  postingMatcher,
  matchesAlertCriteria,
} from './alerts.ts';
export { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES } from './newsletter.ts';
export type { AlertCriteria, NormalizedAlertCriteria, AlertField, MatchablePosting, PreparedCriteria } from './alerts.ts';
export { buildSearchText, fulltextWords, matchesFulltext, fulltextMatcher } from './fulltext.ts';
export { NOTIFICATION_KINDS, notificationPath, toAlert, toNotification } from './wire/alerts.ts';
export type {
  SavedPosting,
  SavedPostingStatus,
  SavedPostingColumns,
  Alert,
  AlertColumns,
  NotificationKind,
  PortalNotification,
  NotificationColumns,
  DigestSubscriptionColumns,
  MailDelivery,
  MailSettings,
  UnsubscribeBody,
  MarkedRead,
} from './wire/alerts.ts';
export type {
  WorkCounts,
  StudentGlance,
  CohortGlance,
  SchoolGlance,
  PostingGlance,
  EmployerGlance,
  SchoolOverview,
  StaffRequestGlance,
  HomeSummary,
  HomeRequest,
} from './wire/home.ts';
export { csvText, spreadsheetCsv } from './csv.ts';
export type { CsvRow } from './csv.ts';
export { ROSTER_MAX_ROWS, ROSTER_OUTCOME_LABELS, ROSTER_REQUEST_ROWS, isGraduationYear, parseRoster, rosterRowProblem, rosterResultsCsv } from './roster.ts';
export type { RosterOutcome, RosterRow, RosterResult, RosterParse } from './roster.ts';
export { rosterResendMessage } from './roster-resend.ts';
export type { RosterResendAnswer, RosterResendOutcome } from './roster-resend.ts';
export {
  REPORT_KINDS,
  REPORT_STATUSES,
  MODERATION_DECISIONS,
  MODERATION_REASON_MAX,
  REPORT_REASON_MAX,
  REPORTS_PER_DAY,
  MODERATION_REASON_MISSING,
  checkModerationReason,
  hiddenNote,
} from './moderation.ts';
export type { ReportKind, ReportStatus, ModerationDecision, Report, QueuedReport, ModerationAuditEntry, ReasonCheck } from './moderation.ts';
export { WAITING_FOR_APPROVAL, APPROVAL_REASON_MAX, APPROVAL_MESSAGES, approvalDecisionProblem } from './employer-approval.ts';
export type { ApprovalDecision, ApprovalStatus, WaitingRecruiter, ApprovalOutcome } from './employer-approval.ts';
export {
  WORKPLACE_TYPES,
  WORKPLACE_LABELS,
  POSTING_TASKS,
  TASK_LABELS,
  WEEKDAYS,
  HOURS_ACTIVITY_KINDS,
  HOURS_ACTIVITY_LABELS,
  DEFAULT_BOARD_RULES,
  rulePackOf,
  rulesVersionOf,
  ageOn,
  isPlausibleBirthMonth,
  ruleOnPosting,
  ruleForStudent,
  notOpenYetMessage,
  ruleOnHours,
  signOffsFor,
  hoursCountFrom,
  formatMoney,
  ruleFactsOf,
  ruleDetailsFromColumns,
  POSTING_RULE_COLUMNS,
  rulesVersionLabel,
  ruleColumnsOf,
  YOUTH_RULE_MESSAGES,
} from './youth-rules.ts';
export type {
  WorkplaceType,
  PostingTask,
  Weekday,
  PostingSchedule,
  PostingRuleFacts,
  HoursActivityKind,
  HoursActivityFacts,
  RuleSource,
  AgeRule,
  SchoolHoursRule,
  MinorHoursRule,
  WageRate,
  HoursExclusion,
  CommunityHoursRules,
  SignOffRule,
  RulePackId,
  RulePack,
  BoardAdditions,
  BoardRules,
  RuleFinding,
  RulesVersion,
  PostingRuling,
  StudentRuling,
  HoursRuling,
  SignOff,
  PostingRuleDetails,
  PostingRuleColumns,
  BoardRulesAnswer,
  AgeStatus,
  OpenToMeAnswer,
} from './youth-rules.ts';
export { RULE_PACKS } from './youth-rule-packs.ts';
export { checkPostingRules, POSTING_RULE_LIMITS } from './posting-rule-input.ts';
export type { PostingRuleInput, PostingRuleField, CheckedRuleInput } from './posting-rule-input.ts';
export { HOURS_ACTIVITY_MESSAGES, checkHoursActivity, hoursCheckColumns, hoursChecksOf, hoursCheckLines, ruleOnHoursActivity } from './hours-activity.ts';
export type {
  HoursActivityInput,
  CheckedHoursActivity,
  HoursChecks,
  HoursCheckColumns,
  ParentPart,
  ParentSignOffView,
  ParentSignOffAnswer,
} from './hours-activity.ts';
export {
  BOARD_AGE_LIMITS,
  BOARD_REASON_MAX_LENGTH,
  BOARD_RULE_MESSAGES,
  BOARD_POLICY_SOURCE,
  checkBoardAdditions,
  describeBoardRuleChange,
  describeExclusion,
  describeAgeRule,
  packAgeFor,
} from './board-rule-edits.ts';
export type { HoursExclusionInput, AgeRuleInput, BoardRulesInput, BoardRuleChange, BoardRuleChangesAnswer, CheckedAdditions } from './board-rule-edits.ts';
