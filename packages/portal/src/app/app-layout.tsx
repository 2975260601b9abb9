import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { TopNav } from '../navigation/top-nav.tsx';
import { SiteFooter } from './site-footer.tsx';
import { VerificationPrompt } from '../verification/verification-prompt.tsx';

/** Every page: a skip link, the top navigation, the verification prompt when due, the page and the footer. */
export function AppLayout() {
  const navigation = useNavigation();
  return (
    <>
      <a className="portal-skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      {/* A thin bar while the next page's code loads. */}
      <div className="portal-progress" data-state={navigation.state} aria-hidden="true" />
      <main className="portal-main" id="main" tabIndex={-1}>
        <VerificationPrompt />
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}
