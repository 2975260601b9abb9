/**
 * `@opportunity-kit/widgets`: React widgets over `@opportunity-kit/sdk`. Each widget's stylesheet is
 * in `@opportunity-kit/widgets/styles.css`; the `<opportunity-board>` embed is a separate script.
 * @packageDocumentation
 */
export { Greeting } from './greeting/greeting.tsx';
export type { GreetingProps } from './greeting/greeting.tsx';
export { GreetingView } from './greeting/greeting-view.tsx';
export type { GreetingViewProps } from './greeting/greeting-view.tsx';
export { createHourlyClock } from './greeting/hourly-clock.ts';
export type { HourlyClock } from './greeting/hourly-clock.ts';
export { CategoryCards } from './category-cards/category-cards.tsx';
export type { CategoryCardsProps } from './category-cards/category-cards.tsx';
export { CATEGORY_CARDS } from './category-cards/categories.ts';
export type { CategoryCard } from './category-cards/categories.ts';
export { JobCard } from './job-card/job-card.tsx';
export type { JobCardProps } from './job-card/job-card.tsx';
export type { LoadStatus } from './shared/load-status.ts';
export type { WidgetBinding } from './shared/widget-controller.ts';
export type { PagedListState } from './shared/paged-list.ts';
export { JobBoard, useJobBoard } from './job-board/job-board.tsx';
export type { JobBoardProps, JobBoardOptions } from './job-board/job-board.tsx';
export { JobBoardView } from './job-board/job-board-view.tsx';
export type { JobBoardViewProps } from './job-board/job-board-view.tsx';
export type { JobFiltersViewProps } from './job-board/job-filters-view.tsx';
export type { JobBoardApi, JobBoardApplicationsApi } from './job-board/job-board-controller.ts';
export { NO_FILTERS } from './job-board/job-board-model.ts';
export type { JobBoardFilters, JobBoardState, JobBoardActions } from './job-board/job-board-model.ts';
export { JobDetail, useJobDetail } from './job-detail/job-detail.tsx';
export type { JobDetailProps, JobDetailOptions } from './job-detail/job-detail.tsx';
export { JobDetailView, jobDetailLinks, postingPlace } from './job-detail/job-detail-view.tsx';
export type { JobDetailViewProps, JobDetailLinks, JobDetailPreview } from './job-detail/job-detail-view.tsx';
export type { JobDetailApi, JobDetailApplicationsApi, JobDetailReportsApi } from './job-detail/job-detail-controller.ts';
export type { FindStudents } from './job-detail/student-picker.tsx';
export type { JobDetailState, JobDetailActions, JobDetailStatus, JobActionState, JobReportState } from './job-detail/job-detail-model.ts';
export type { AgeRuling } from './job-detail/job-detail-model.ts';
export type { JobDetailEligibilityApi } from './job-detail/job-detail-controller.ts';
export { PostOpportunityForm, usePostOpportunityForm } from './post-opportunity-form/post-opportunity-form.tsx';
export type {
  PostOpportunityFormProps,
  PostOpportunityFormOptions,
  CreatePostingFormOptions,
  EditPostingFormOptions,
  PostingFormCommonOptions,
  PostingFormChoices,
} from './post-opportunity-form/post-opportunity-form.tsx';
export { PostOpportunityFormView } from './post-opportunity-form/post-opportunity-form-view.tsx';
export type { PostOpportunityFormViewProps, PostingSchool } from './post-opportunity-form/post-opportunity-form-view.tsx';
export type { PostingRuleFormValues } from './post-opportunity-form/posting-rule-fields.tsx';
export { CHOOSE_A_SCHOOL, type PostingApi, type PostingEditApi } from './post-opportunity-form/post-opportunity-form-controller.ts';
export { EMPTY_POSTING, postingFormValues } from './post-opportunity-form/post-opportunity-form-model.ts';
export type {
  PostingFormValues,
  PostingFormErrors,
  PostingSubmission,
  PostOpportunityFormState,
  PostOpportunityFormActions,
  PostingFormMode,
} from './post-opportunity-form/post-opportunity-form-model.ts';
export { ApplicationForm, useApplicationForm } from './application-form/application-form.tsx';
export type { ApplicationFormProps, ApplicationFormOptions } from './application-form/application-form.tsx';
export { ApplicationFormView } from './application-form/application-form-view.tsx';
export type { ApplicationFormViewProps } from './application-form/application-form-view.tsx';
export type { ApplicationFormApi } from './application-form/application-form-controller.ts';
export type {
  AnswerField,
  ApplicationAnswers,
  ApplicationFormField,
  ApplicationSubmitStatus,
  ApplicationFormState,
  ApplicationFormActions,
} from './application-form/application-form-model.ts';
export { ApplicationsManager, useApplicationsManager } from './applications-manager/applications-manager.tsx';
export type { ApplicationsManagerProps, ApplicationsManagerOptions } from './applications-manager/applications-manager.tsx';
export type {
  ApplicationsManagerState,
  ApplicationsManagerActions,
  ManagerFilter,
  ApplicationDecisionState,
  ManagerPostings,
} from './applications-manager/applications-manager-model.ts';
export { ApplicationsManagerView } from './applications-manager/applications-manager-view.tsx';
export type { ApplicationsManagerViewProps } from './applications-manager/applications-manager-view.tsx';
export type { ApplicationsManagerApi, ApplicationsManagerLookups } from './applications-manager/applications-manager-controller.ts';
export { MyApplications, useMyApplications } from './my-applications/my-applications.tsx';
export type { MyApplicationsProps, MyApplicationsOptions } from './my-applications/my-applications.tsx';
export type { MyApplicationsState, MyApplicationsActions, WithdrawalState, SeenDecisions } from './my-applications/my-applications-model.ts';
export { MyApplicationsView } from './my-applications/my-applications-view.tsx';
export type { MyApplicationsViewProps } from './my-applications/my-applications-view.tsx';
export type { MyApplicationsApi } from './my-applications/my-applications-controller.ts';
export { ProfileEditor, useProfileEditor } from './profile-editor/profile-editor.tsx';
export type { ProfileEditorProps, ProfileEditorOptions } from './profile-editor/profile-editor.tsx';
export { ProfileEditorView } from './profile-editor/profile-editor-view.tsx';
export type { ProfileEditorViewProps } from './profile-editor/profile-editor-view.tsx';
export type { ProfileEditorApi, ProfileAccount } from './profile-editor/profile-editor-controller.ts';
export type {
  ProfileFormValues,
  ProfileFormField,
  ProfileSaveStatus,
  ProfileEditorState,
  ProfileEditorActions,
} from './profile-editor/profile-editor-model.ts';
export { NetworkGrid, useNetworkGrid } from './network-grid/network-grid.tsx';
export type { NetworkGridProps, NetworkGridOptions } from './network-grid/network-grid.tsx';
export type { NetworkGridState, NetworkGridActions } from './network-grid/network-grid-model.ts';
export { NetworkGridView } from './network-grid/network-grid-view.tsx';
export type { NetworkGridViewProps } from './network-grid/network-grid-view.tsx';
export type { NetworkGridApi } from './network-grid/network-grid-controller.ts';
export { ProfileCard, useProfileCard } from './profile-card/profile-card.tsx';
export type { ProfileCardProps, ProfileCardOptions } from './profile-card/profile-card.tsx';
export { ProfileCardView } from './profile-card/profile-card-view.tsx';
export type { ProfileCardViewProps } from './profile-card/profile-card-view.tsx';
export type { ProfileCardApi } from './profile-card/profile-card-controller.ts';
export type { ProfileCardState, ProfileCardActions } from './profile-card/profile-card-model.ts';
export { NewsletterSignup, useNewsletterSignup } from './newsletter-signup/newsletter-signup.tsx';
export type { NewsletterSignupProps, NewsletterSignupOptions } from './newsletter-signup/newsletter-signup.tsx';
export { NewsletterSignupView } from './newsletter-signup/newsletter-signup-view.tsx';
export type { NewsletterSignupViewProps } from './newsletter-signup/newsletter-signup-view.tsx';
export type { NewsletterSignupApi } from './newsletter-signup/newsletter-signup-controller.ts';
export type { NewsletterSignupState, NewsletterSignupActions, NewsletterSignupStatus } from './newsletter-signup/newsletter-signup-model.ts';
export { ConfirmDialog } from './confirm-dialog/confirm-dialog.tsx';
export type { ConfirmDialogProps } from './confirm-dialog/confirm-dialog.tsx';
export { AiText, ProviderNote, providerName } from './ai-text/ai-text.tsx';
export type { AiTextProps, ProviderNoteProps } from './ai-text/ai-text.tsx';
export { BlogFeed, useBlogFeed } from './blog-feed/blog-feed.tsx';
export type { BlogFeedProps, BlogFeedOptions } from './blog-feed/blog-feed.tsx';
export type { BlogFeedState, BlogFeedActions } from './blog-feed/blog-feed-model.ts';
export { BlogFeedView } from './blog-feed/blog-feed-view.tsx';
export type { BlogFeedViewProps } from './blog-feed/blog-feed-view.tsx';
export type { PostsApi, FeedControllerOptions, PreviewUrls } from './blog-feed/blog-feed-controller.ts';
export type { ComposerImage, ComposerState, CommentThread, Deletion, Notice, ReportDraft } from './blog-feed/blog-feed-model.ts';
export { CareerCoachChat, useCareerCoachChat } from './career-coach-chat/career-coach-chat.tsx';
export type { CareerCoachChatProps, CareerCoachChatOptions } from './career-coach-chat/career-coach-chat.tsx';
export { CareerCoachChatView } from './career-coach-chat/career-coach-chat-view.tsx';
export type { CareerCoachChatViewProps } from './career-coach-chat/career-coach-chat-view.tsx';
export type { CoachApi } from './career-coach-chat/career-coach-chat-controller.ts';
export type { CoachHistoryStatus, CareerCoachChatState, CareerCoachChatActions } from './career-coach-chat/career-coach-chat-model.ts';
export { ResumeReview, useResumeReview } from './resume-review/resume-review.tsx';
export type { ResumeReviewProps, ResumeReviewOptions } from './resume-review/resume-review.tsx';
export { ResumeReviewView } from './resume-review/resume-review-view.tsx';
export type { ResumeReviewViewProps } from './resume-review/resume-review-view.tsx';
export type { ResumeReviewApi } from './resume-review/resume-review-controller.ts';
export type { ResumeReviewStatus, ResumeReviewState, ResumeReviewActions } from './resume-review/resume-review-model.ts';
export { InterviewRoom, useInterviewRoom } from './interview-room/interview-room.tsx';
export type { InterviewRoomProps, InterviewRoomOptions } from './interview-room/interview-room.tsx';
export { InterviewRoomView } from './interview-room/interview-room-view.tsx';
export type { InterviewRoomViewProps } from './interview-room/interview-room-view.tsx';
export type { InterviewApi } from './interview-room/interview-room-controller.ts';
export type {
  InterviewRoomState,
  InterviewRoomActions,
  InterviewPhase,
  ConnectionStatus,
  AgentMode,
  TextInterview,
  SessionDownloads,
  SessionDownload,
  SessionFile,
} from './interview-room/interview-room-model.ts';
export type { InterviewMedia, MediaCapture, SessionRecording } from './interview-room/interview-media.ts';
export type { VoiceConnector, VoiceEvents, VoiceCall, VoiceSessionStart } from './interview-room/voice-connection.ts';
export { FormField, FormError, useFocusFirstInvalid } from './shared/form-field.tsx';
export type { FormFieldProps, FormFieldControl, FormErrorProps } from './shared/form-field.tsx';
export { Skeleton, SkeletonBone } from './shared/skeleton.tsx';
export type { SkeletonProps, SkeletonBoneProps } from './shared/skeleton.tsx';
export { FilePicker } from './shared/file-picker.tsx';
export type { FilePickerProps } from './shared/file-picker.tsx';
export { ServiceHours, useServiceHours } from './service-hours/service-hours.tsx';
export type { ServiceHoursOptions, ServiceHoursProps } from './service-hours/service-hours.tsx';
export { ServiceHoursView, SERVICE_HOURS_TEXT } from './service-hours/service-hours-view.tsx';
export type { ServiceHoursViewProps } from './service-hours/service-hours-view.tsx';
export type {
  ServiceHoursState,
  ServiceHoursActions,
  ServiceHoursPrefill,
  ServiceHoursFormState,
  ServiceHoursFormField,
  ServiceHoursDraft,
  ServiceHoursWithdrawal,
  ServiceHoursResend,
  ServiceHoursDownload,
} from './service-hours/service-hours-model.ts';
export type { ServiceHoursApi } from './service-hours/service-hours-controller.ts';
export { HoursReview, useHoursReview } from './hours-review/hours-review.tsx';
export type { HoursReviewOptions, HoursReviewProps } from './hours-review/hours-review.tsx';
export { HoursReviewView } from './hours-review/hours-review-view.tsx';
export type { HoursReviewViewProps } from './hours-review/hours-review-view.tsx';
export type { HoursReviewApi, SaveDownload } from './hours-review/hours-review-controller.ts';
export type {
  HoursReviewState,
  HoursReviewActions,
  HoursReviewDraft,
  HoursReviewProgress,
  HoursExportProgress,
  HoursReviewField,
  HoursBulkProgress,
  HoursQueueRest,
} from './hours-review/hours-review-model.ts';
export type { HoursReviewFilters, HoursStatusFilter, HoursReviewSort, HoursSortColumn, HoursStudentChoice } from './hours-review/hours-review-filters.ts';
export { SavedPostings, useSavedPostings } from './saved-postings/saved-postings.tsx';
export type { SavedPostingsOptions, SavedPostingsProps } from './saved-postings/saved-postings.tsx';
export { SavedPostingsView, SAVED_STATUS_NOTES } from './saved-postings/saved-postings-view.tsx';
export type { SavedPostingsViewProps } from './saved-postings/saved-postings-view.tsx';
export type { SavedPostingsState, SavedPostingsActions, SavedPostingsOutcome } from './saved-postings/saved-postings-model.ts';
export type { SavedSearchesApi } from './saved-postings/saved-postings-controller.ts';
export type { SavedApi } from './saved-postings/saved-marks.ts';
export { SaveToggle } from './job-card/save-toggle.tsx';
export type { SaveToggleProps } from './job-card/save-toggle.tsx';
export type { JobBoardAlertsApi } from './job-board/job-board-controller.ts';
export type { SaveSearchState } from './job-board/job-board-model.ts';
export { NotificationBell, useNotificationBell } from './notification-bell/notification-bell.tsx';
export type { NotificationBellProps, NotificationBellOptions } from './notification-bell/notification-bell.tsx';
export { NotificationBellView, NOTIFICATION_BELL_TEXTS, defaultNotificationHref } from './notification-bell/notification-bell-view.tsx';
export type { NotificationBellViewProps } from './notification-bell/notification-bell-view.tsx';
export type { NotificationBellApi } from './notification-bell/notification-bell-controller.ts';
export type { NotificationBellState, NotificationBellActions } from './notification-bell/notification-bell-model.ts';
export type { DownloadProgress } from './shared/save-download.ts';
