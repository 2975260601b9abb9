/**
 * The pure domain of Opportunity Kit: types, constants, the spec's texts and rules. No network and no
 * browser APIs, so the widgets, the portal and the Appwrite Functions all share it.
 * @packageDocumentation
 */
export {
  POSTING_TYPES, DEFAULT_POSTING_TYPE, CLUSTERS, LOCATIONS, ROLES, APPLICATION_STATUSES, MAX_POST_IMAGES,
  MAX_YEARS_AHEAD, MAX_UPLOAD_BYTES, IMAGE_EXTENSIONS, LISTING_ROUTES, DEFAULT_SETTINGS, INTERVIEW_AGENT_COUNT,
  AGENT_REPLY_MAX_WORDS, SESSION_AUDIO_DELAY_MS,
} from './constants.ts';
export type { PostingType, Cluster, Role, ApplicationStatus, DeploymentSettings } from './constants.ts';
export {
  MESSAGES, assignedMessage, emptyListingMessage, candidateBlockedMessage, responseBlockedMessage, statusUpdatedMessage, applicationOutcomeMessage,
} from './messages.ts';
export { greetingFor } from './greeting.ts';
export { relativeTimeLabel } from './relative-time.ts';
export { roleForEmail, isSchoolAddress, roleNeedsVerification, roleLabelFor, roleFromLabels } from './roles.ts';
export type { RoleEvidence } from './roles.ts';
export { isInAppBrowser } from './in-app-browser.ts';
export { isDateString, todayDateString, earliestTodayAnywhere, addYears, postingDateBounds, isEndDateEnabled, withStartDate, matchesDateFilter } from './dates.ts';
export type { DateString, DateFilter } from './dates.ts';
export {
  isEmailAddress, isHttpUrl, validateSignUp, validatePosting, resumeFileProblem, hasPdfSignature, imageFileProblem,
  postImagesProblem, commentText, validateApplication, buildSearchText, formatHourlyRate,
} from './validation.ts';
export type { Validation, SignUpInput, PostingInput, ValidPosting, PostingField, FileFacts, ApplicationInput } from './validation.ts';
export type { Job, Application, Profile, Post, Comment, CurrentUser } from './entities.ts';
export {
  canRemovePosting, canApply, canAssignStudents, canPostOpportunities, canPostPrivately, canSetApplicationStatus, canDeletePost, canDeleteComment, DECISION_STATUSES, decisionStatus,
} from './abilities.ts';
export type { Viewer } from './abilities.ts';
export { validateProfile, PROFILE_LIMITS } from './profile-validation.ts';
export type { ProfileInput, ValidProfile, ProfileField } from './profile-validation.ts';
export { validatePost, validateComment, FEED_LIMITS } from './feed-validation.ts';
export type { PostInput } from './feed-validation.ts';
export { parseAiMarkdown, aiPlainText } from './ai-markdown.ts';
export type { AiBlock, AiParagraph, AiBulletList, AiSpan } from './ai-markdown.ts';
