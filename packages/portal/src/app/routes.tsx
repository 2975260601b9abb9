import type { RouteObject } from 'react-router';
import { MESSAGES, POSTING_TYPES, LISTING_ROUTES } from '@opportunity-kit/sdk/domain';
import { FederatedCallbackPage } from '../auth/federated-callback-page.tsx';
import { FEDERATED_CALLBACK_PATH } from '../auth/federated-button.tsx';
import { SignInPage } from '../auth/sign-in-page.tsx';
import { SignUpPage } from '../auth/sign-up-page.tsx';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { RouteErrorPage } from '../errors/route-error-page.tsx';
import { VERIFY_PATH } from '../verification/verification-prompt.tsx';
import { VerifyEmailPage } from '../verification/verify-email-page.tsx';
import { WelcomePage } from '../welcome/welcome-page.tsx';
import { AppLayout } from './app-layout.tsx';
import { GuestOnly, HomeRedirect, RequireMember } from './route-guards.tsx';

/**
 * Every route of the product, plus the two a real deployment needs (the federated sign-in's
 * return and the e-mail verification link) and the student's own applications (issue 7).
 * The pages a visitor sees first are in the entry bundle; every signed-in page is a lazy route
 * (its own chunk, loaded before the router shows it), so the voice SDK of /interview/{id} and the
 * heavier widgets never weigh on the first page.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: (
      <p className="portal-loading" role="status">
        {MESSAGES.loading}
      </p>
    ),
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
              { path: 'signin', element: <SignInPage /> },
              { path: 'signup', element: <SignUpPage /> },
            ],
          },
          { path: FEDERATED_CALLBACK_PATH.slice(1), element: <FederatedCallbackPage /> },
          { path: VERIFY_PATH.slice(1), element: <VerifyEmailPage /> },
          {
            element: <RequireMember />,
            children: [
              { path: 'landing', lazy: () => import('../landing/landing-page.tsx').then((m) => ({ Component: m.LandingPage })) },
              ...POSTING_TYPES.map((type): RouteObject => ({
                path: LISTING_ROUTES[type].slice(1),
                lazy: () => import('../listings/listing-page.tsx').then((m) => ({ element: <m.ListingPage postingType={type} /> })),
              })),
              { path: 'job/:id', lazy: () => import('../postings/job-detail-page.tsx').then((m) => ({ Component: m.JobDetailPage })) },
              { path: 'job/:id/application', lazy: () => import('../postings/application-page.tsx').then((m) => ({ Component: m.ApplicationPage })) },
              { path: 'post-job', lazy: () => import('../postings/post-job-page.tsx').then((m) => ({ Component: m.PostJobPage })) },
              {
                path: 'application-manager',
                lazy: () => import('../applications/application-manager-page.tsx').then((m) => ({ Component: m.ApplicationManagerPage })),
              },
              { path: 'my-applications', lazy: () => import('../applications/my-applications-page.tsx').then((m) => ({ Component: m.MyApplicationsPage })) },
              { path: 'blog', lazy: () => import('../blog/blog-page.tsx').then((m) => ({ Component: m.BlogPage })) },
              { path: 'profile', lazy: () => import('../people/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })) },
              { path: 'network', lazy: () => import('../people/network-page.tsx').then((m) => ({ Component: m.NetworkPage })) },
              { path: 'network/:id', lazy: () => import('../people/person-page.tsx').then((m) => ({ Component: m.PersonPage })) },
              { path: 'interview/:id', lazy: () => import('../practice/interview-page.tsx').then((m) => ({ Component: m.InterviewPage })) },
              { path: 'resume/:id', lazy: () => import('../practice/resume-review-page.tsx').then((m) => ({ Component: m.ResumeReviewPage })) },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
