import type { RouteObject } from 'react-router';
import { POSTING_TYPES, LISTING_ROUTES } from '@opportunity-kit/sdk/domain';
import { FEDERATED_CALLBACK_PATH } from '../auth/federated-button.tsx';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '../auth/recovery-paths.ts';
import { RouteErrorPage } from '../errors/route-error-page.tsx';
import { VERIFY_PATH } from '../verification/verification-prompt.tsx';
import { WelcomePage } from '../welcome/welcome-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { GuestOnly, HomeRedirect, RequireMember } from './route-guards.tsx';

/**
 * Every route of the product, plus the two a real deployment needs (the federated sign-in's
 * return and the e-mail verification link), the student's own applications (issue 7) and password
 * recovery (issue 21: "Forgot password?" and the mailed reset link's page).
 * Only /welcome, the page a visitor sees first, is in the entry bundle; every other page is a lazy
 * route (its own chunk, loaded before the router shows it), so the voice SDK of /interview/{id}, the
 * heavier widgets and the sign-in forms never weigh on the first page.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      {
        // Errors inside a page keep the navigation around the error screen.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'welcome', element: <WelcomePage /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'signin', lazy: () => import('../auth/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })) },
              { path: 'signup', lazy: () => import('../auth/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage })) },
            ],
          },
          {
            path: FEDERATED_CALLBACK_PATH.slice(1),
            lazy: () => import('../auth/federated-callback-page.tsx').then((m) => ({ Component: m.FederatedCallbackPage })),
          },
          { path: VERIFY_PATH.slice(1), lazy: () => import('../verification/verify-email-page.tsx').then((m) => ({ Component: m.VerifyEmailPage })) },
          { path: 'hours/confirm/:id', lazy: () => import('../hours/confirm-hours-page.tsx').then((m) => ({ Component: m.ConfirmHoursPage })) },
          { path: 'hours/parent/:id', lazy: () => import('../hours/parent-sign-off-page.tsx').then((m) => ({ Component: m.ParentSignOffPage })) },
          { path: 'set-password', lazy: () => import('../auth/set-password-page.tsx').then((m) => ({ Component: m.SetPasswordPage })) },
          {
            path: FORGOT_PASSWORD_PATH.slice(1),
            lazy: () => import('../auth/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: RESET_PASSWORD_PATH.slice(1),
            lazy: () => import('../auth/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          // The footer's pages (issue 25), for visitors and members: the texts a school edits in content/.
          ...(['privacy', 'terms', 'help'] as const).map((document): RouteObject => ({
            path: document,
            lazy: () => import('../legal/document-page.tsx').then((m) => ({ element: <m.DocumentPage document={document} /> })),
          })),
          { path: 'unsubscribe', lazy: () => import('../unsubscribe/unsubscribe-page.tsx').then((m) => ({ Component: m.UnsubscribePage })) },
          {
            path: 'newsletter/confirm',
            lazy: () => import('../newsletter/newsletter-confirm-page.tsx').then((m) => ({ Component: m.NewsletterConfirmPage })),
          },
          {
            path: 'newsletter/unsubscribe',
            lazy: () => import('../newsletter/newsletter-unsubscribe-page.tsx').then((m) => ({ Component: m.NewsletterUnsubscribePage })),
          },
          {
            element: <RequireMember />,
            children: [
              { path: 'landing', lazy: () => import('../landing/landing-page.tsx').then((m) => ({ Component: m.LandingPage })) },
              ...POSTING_TYPES.map((type): RouteObject => ({
                path: LISTING_ROUTES[type].slice(1),
                lazy: () => import('../listings/listing-page.tsx').then((m) => ({ element: <m.ListingPage postingType={type} /> })),
              })),
              { path: 'job/:id', lazy: () => import('../postings/job-detail-page.tsx').then((m) => ({ Component: m.JobDetailPage })) },
              { path: 'job/:id/edit', lazy: () => import('../postings/edit-job-page.tsx').then((m) => ({ Component: m.EditJobPage })) },
              { path: 'job/:id/application', lazy: () => import('../postings/application-page.tsx').then((m) => ({ Component: m.ApplicationPage })) },
              { path: 'post-job', lazy: () => import('../postings/post-job-page.tsx').then((m) => ({ Component: m.PostJobPage })) },
              {
                path: 'application-manager',
                lazy: () => import('../applications/application-manager-page.tsx').then((m) => ({ Component: m.ApplicationManagerPage })),
              },
              { path: 'saved', lazy: () => import('../saved/saved-page.tsx').then((m) => ({ Component: m.SavedPage })) },
              { path: 'my-applications', lazy: () => import('../applications/my-applications-page.tsx').then((m) => ({ Component: m.MyApplicationsPage })) },
              { path: 'blog', lazy: () => import('../blog/blog-page.tsx').then((m) => ({ Component: m.BlogPage })) },
              { path: 'profile', lazy: () => import('../people/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })) },
              { path: 'network', lazy: () => import('../people/network-page.tsx').then((m) => ({ Component: m.NetworkPage })) },
              { path: 'network/:id', lazy: () => import('../people/person-page.tsx').then((m) => ({ Component: m.PersonPage })) },
              { path: 'interview/:id', lazy: () => import('../practice/interview-page.tsx').then((m) => ({ Component: m.InterviewPage })) },
              { path: 'resume/:id', lazy: () => import('../practice/resume-review-page.tsx').then((m) => ({ Component: m.ResumeReviewPage })) },
              { path: 'search', lazy: () => import('../search/search-page.tsx').then((m) => ({ Component: m.SearchPage })) },
              { path: 'email-settings', lazy: () => import('../settings/email-settings-page.tsx').then((m) => ({ Component: m.EmailSettingsPage })) },
              { path: 'hours/review', lazy: () => import('../hours/review-hours-page.tsx').then((m) => ({ Component: m.ReviewHoursPage })) },
              { path: 'hours', lazy: () => import('../hours/hours-page.tsx').then((m) => ({ Component: m.HoursPage })) },
              { path: 'roster', lazy: () => import('../roster/roster-page.tsx').then((m) => ({ Component: m.RosterPage })) },
              { path: 'moderation', lazy: () => import('../moderation/moderation-page.tsx').then((m) => ({ Component: m.ModerationPage })) },
              { path: 'approvals', lazy: () => import('../approvals/approvals-page.tsx').then((m) => ({ Component: m.ApprovalsPage })) },
              { path: 'board', lazy: () => import('../schools/board-page.tsx').then((m) => ({ Component: m.BoardPage })) },
              { path: 'school', lazy: () => import('../schools/school-page.tsx').then((m) => ({ Component: m.SchoolPage })) },
              { path: 'waiting', lazy: () => import('../schools/waiting-page.tsx').then((m) => ({ Component: m.WaitingPage })) },
            ],
          },
          { path: '*', lazy: () => import('../errors/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
];
