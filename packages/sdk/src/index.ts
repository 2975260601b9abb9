/**
 * `@opportunity-kit/sdk`: the typed client every widget and the portal use, over the official `appwrite`
 * web SDK. It owns the protocol, the queries, the errors and the spec's rules: `createPortalClient`
 * gives one module per concept (auth, jobs, applications, profiles, posts, newsletter, ai, files), and
 * every failure is a `PortalError` with a stable `code`. The pure rules and texts are also available
 * alone at `@opportunity-kit/sdk/domain`, and a tiny read-only client for public postings at
 * `@opportunity-kit/sdk/public`.
 * @packageDocumentation
 */
export { createPortalClient } from './client/portal-client.ts';
export type { PortalClient, PortalClientOptions } from './client/portal-client.ts';
export { PortalError, isPortalError } from './client/errors.ts';
export type { PortalErrorCode } from './client/errors.ts';
export type { Removed } from './domain/wire/command-payloads.ts';
export type {
  AuthModule,
  SignInInput,
  FederatedSignInInput,
  FederatedProvider,
  LinkSecret,
  InvitationAcceptance,
  PasswordResetRequest,
  PasswordReset,
} from './client/auth.ts';
export { INVITATION_LINK_USED } from './client/invitation.ts';
export type { RosterModule, RosterImportAnswer, RosterImportOptions, RosterImportProgress } from './client/roster.ts';
export type { ModerationModule } from './client/moderation.ts';
export type { ApprovalsModule } from './client/approvals.ts';
export type { SchoolsModule } from './client/schools.ts';
export type {
  StaffRole,
  School,
  SchoolMembership,
  SchoolFigures,
  SchoolStaffMember,
  JoinRequest,
  JoinRequestKind,
  JoinRequestStatus,
  NewStaffMember,
  MySchools,
  JoinRequestDecision,
} from './domain/index.ts';
export type { ApprovalDecision, ApprovalStatus, WaitingRecruiter, ApprovalOutcome } from './domain/index.ts';
export { WAITING_FOR_APPROVAL, APPROVAL_MESSAGES } from './domain/index.ts';
export type { AssignableStudent } from './domain/index.ts';
export type { Report, QueuedReport, ReportKind, ReportStatus, ModerationDecision } from './domain/index.ts';
export { hiddenNote } from './domain/index.ts';
export type { RosterResult, RosterRow, RosterOutcome, RosterResendAnswer, RosterResendOutcome } from './domain/index.ts';
export type { JobsModule, NewPosting } from './client/jobs.ts';
export { applyJobChange, matchesJobFilter } from './client/job-listing.ts';
export type { JobChange, JobFilter } from './client/job-listing.ts';
export type { ApplicationsModule, ApplicationSubmission, ApplicationListFilter, AppliedState } from './client/applications.ts';
export type { ProfilesModule, ProfileSave } from './client/profiles.ts';
export { applyPostChange } from './client/post-changes.ts';
export type { PostsModule, FeedPost, PostChange, NewPost, LikeState, AddedComment } from './client/posts.ts';
export type { NewsletterModule } from './client/newsletter.ts';
export type {
  AiModule,
  AiProvider,
  AiProviders,
  ResumeReview,
  ResumeReviewDetails,
  ResumeOnFile,
  InterviewSession,
  VoiceInterviewSession,
  TextInterviewSession,
  InterviewAnswerResult,
  InterviewAnalysis,
  InterviewAnalysisInput,
  CoachMessage,
  CoachReply,
  InterviewAgentOverrides,
  InterviewAnalysisOptions,
  InterviewAnalysisStage,
} from './client/ai.ts';
export type { FilesModule } from './client/files.ts';
export type { HoursModule, HoursReview, HoursDownload } from './client/hours.ts';
export type {
  ServiceHoursEntry,
  ServiceHoursInput,
  ServiceHoursStatus,
  SupervisorDecision,
  HoursSummary,
  HoursConfirmationView,
  HoursConfirmationAnswer,
  HoursBulkApprovalAnswer,
  HoursApprovalOutcome,
  HoursApprovalSkipReason,
} from './domain/index.ts';
export type { SavedModule, AlertsModule } from './client/alerts.ts';
export type { NotificationsModule, NotificationChange } from './client/notifications.ts';
export type { HomeModule } from './client/home.ts';
export type { YouthRulesModule } from './client/youth-rules.ts';
export type { AgeStatus, OpenToMeAnswer, PostingRuleInput } from './domain/index.ts';
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
} from './domain/index.ts';
export { alertCriteriaOf } from './client/job-listing.ts';
export { ALERT_LIMITS, ALERT_MESSAGES, NOTIFICATION_KINDS, NOTIFICATION_KIND_NAMES, matchesAlertCriteria, notificationPath } from './domain/index.ts';
export type {
  AlertCriteria,
  NormalizedAlertCriteria,
  MatchablePosting,
  SavedPosting,
  SavedPostingStatus,
  Alert,
  NotificationKind,
  PortalNotification,
  MarkedRead,
  MailDelivery,
  MailSettings,
} from './domain/index.ts';
export type { BucketId } from './domain/wire/ids.ts';
export type { Page, PageRequest } from './client/pagination.ts';
export type { UploadProgress, ProgressHandler } from './client/context.ts';
export type { LiveAction, Unsubscribe, LiveErrorHandler } from './client/live.ts';
export { SESSION_KEYS, readSessionFlag } from './client/session-flag.ts';
export type { KeyValueStorage, StoredSession } from './client/session-flag.ts';
export { MESSAGES, POSTING_TYPES, CLUSTERS, LOCATIONS, ROLES, APPLICATION_STATUSES, POSTING_STATES } from './domain/index.ts';
export type {
  Job,
  Application,
  Profile,
  Post,
  Comment,
  CurrentUser,
  PostingType,
  Role,
  ApplicationStatus,
  PostingState,
  PostingInput,
  SignUpInput,
  ProfileInput,
  DateString,
  Viewer,
} from './domain/index.ts';
export type { BoardRulesInput, BoardRuleChange, BoardRuleChangesAnswer, HoursExclusionInput, AgeRuleInput } from './domain/index.ts';
