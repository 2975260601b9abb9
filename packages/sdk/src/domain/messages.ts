import type { ApplicationStatus } from './constants.ts';

/**
 * Every user-facing text the spec fixes, in one place. Widgets, the
 * portal and the functions use these constants so the wording never drifts.
 * @public
 */
export const MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  // Not in the spec: the server refuses the most common passwords (issue 11), and the form says why.
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  passwordHint: 'At least 8 characters. Avoid common passwords such as "password1" or "12345678".',
  userNotFound: 'User not found',
  onlyPdf: 'Please upload only PDF files',
  selectFile: 'Please select a file',
  uploadResume: 'Please upload your resume',
  tooManyImages: 'You can only upload up to 3 images',
  applicationFailed: 'An error has occurred',
  applicationSubmitted: 'Application submitted successfully!',
  assignFailed: 'An error occurred on assigning',
  genericError: 'An error occurred',
  newsletterThanks: "Thank you for signing up for our newsletter! We'll keep you updated with the latest job opportunities.",
  postDeleteFailed: 'An error occurred while deleting post',
  postDeleted: 'Post deleted',
  profileUpdated: 'Profile updated successfully!',
  statusUpdatedAccepted: 'Status updated successfully. You are responsible for contacting the applicant through email directly.',
  statusUpdated: 'Status updated successfully.',
  confirmDeletePost: 'Are you sure you want to delete this post?',
  confirmRemoveJob: 'Are you sure you want to remove this job?',
  loading: 'Loading...',
  jobNotFound: 'Job not found',
  notFoundRoute: '404 Not Found. The route you are trying to access does not exist.',
  routerError: 'Unexpected Application Error!',
  studentAssignedTo: 'Student Assigned to',
  // Not the spec's: what a reader who may not learn who holds an assigned posting reads (students are minors).
  assignedToSomeone: 'This opportunity has been assigned',
  // Not the spec's: a student's own application, on the cards of a listing.
  applied: 'Applied',
  // Not the spec's: a student's second application to one posting, refused by the server and said before the form.
  alreadyApplied: 'You have already applied to this opportunity.',
  // Not the spec's: the thanks once a member's report of a posting, post or comment went to the teachers.
  reportThanks: 'Thank you. A teacher will look at your report.',
  discoverNetwork: 'Discover Your Network',
  coachTitle: 'Career Coach Chatbot',
  coachPlaceholder: 'Ask a question...',
  cameraPlaceholder: 'Camera feed will appear here',
  generatingResults: 'Generating results...',
  imageHint: 'PNG, JPG, GIF up to 10MB',
  connectionClosed: 'The connection was closed by the server.',
  opportunityQuestion: 'What type of opportunity are you looking for?',
  inAppBrowser: "Sign-in through this app's built-in browser is not allowed. Please open this page in Chrome (or your default browser) to continue.",
  profileNotFound: 'Profile not found',
  // A student's own applications: the outcome in plain words (the spec shows the status only to the employer).
  applicationPending: 'Waiting for the employer',
  applicationAccepted: 'Accepted — the employer will contact you by email',
  applicationRejected: 'Not selected this time',
  // Not in the spec (issue 14): postings that end, and applications a student takes back.
  applicationPostingRemoved: 'This posting was removed',
  applicationWithdrawn: 'Application withdrawn.',
  onlyPendingWithdrawn: 'Only a pending application can be withdrawn.',
  postingNotOpen: 'This opportunity is no longer accepting applications.',
  postingAssigned: 'This opportunity is assigned to a student.',
  postingUpdated: 'Opportunity updated successfully.',
  // Not in the spec (issue 21): password recovery. The sent message is the same whether or not the
  // address has an account, so the page never tells anyone which addresses do.
  passwordResetSent:
    'If an account exists for that address, we sent a link to reset your password. The link works once, within one hour. Check your spam folder if it does not arrive.',
  passwordResetRateLimited:
    'Too many reset links were asked for this address or from your network. Please wait up to an hour before asking again, and look for the links already sent in your inbox and spam folder.',
  passwordResetLinkUsed: 'This password reset link has already been used or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  accountExists: 'An account with this email address already exists. Sign in, or choose "Forgot password?" to set a new password.',
} as const;

/** "Successfully assigned to {email}" @public */
export function assignedMessage(email: string): string {
  return `Successfully assigned to ${email}`;
}

/** "No {type} opportunities posted yet. Be the first to post an opportunity!" @public */
export function emptyListingMessage(type: string): string {
  return `No ${type} opportunities posted yet. Be the first to post an opportunity!`;
}

/** A listing whose search or filters match nothing (the spec's empty message is for a listing with none set). @public */
export function noMatchingListingMessage(type: string): string {
  return `No ${type} opportunities match your search and filters.`;
}

/** "Candidate was blocked due to {reason}" @public */
export function candidateBlockedMessage(reason: string): string {
  return `Candidate was blocked due to ${reason}`;
}

/**
 * "Response was blocked", with the reason and the provider's explanation when it gives them
 * (the prompt itself was refused, so no candidate answer exists). @public
 */
export function responseBlockedMessage(reason?: string, detail?: string): string {
  return `Response was blocked${reason ? ` due to ${reason}` : ''}${detail ? `: ${detail}` : ''}`;
}

/** The confirmation of an application's new status: accepted gets the longer text. @public */
export function statusUpdatedMessage(status: string): string {
  return status === 'accepted' ? MESSAGES.statusUpdatedAccepted : MESSAGES.statusUpdated;
}

/** What a student reads about one of their applications: the outcome in plain words. @public */
export function applicationOutcomeMessage(status: ApplicationStatus): string {
  if (status === 'accepted') return MESSAGES.applicationAccepted;
  if (status === 'rejected') return MESSAGES.applicationRejected;
  return MESSAGES.applicationPending;
}

/**
 * What a student reads about one of their applications in My applications: the outcome, except that
 * a pending application to a removed posting says the posting was removed (it will not be decided,
 * and "not selected" would be untrue). A decision made before the removal stands. @public
 */
export function myApplicationMessage(application: { status: ApplicationStatus; postingRemoved: boolean }): string {
  if (application.postingRemoved && application.status === 'pending') return MESSAGES.applicationPostingRemoved;
  return applicationOutcomeMessage(application.status);
}
