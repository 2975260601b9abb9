import { useLocation } from 'react-router';
import { NewsletterSignup } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { fromState } from '../auth/return-path.ts';
import { useSession } from '../session/session-context.tsx';
import { WelcomeFeatures, WelcomeHero } from './welcome-hero.tsx';
import './welcome.css';

/** /welcome: the visitor's page. */
export function WelcomePage() {
  const portal = usePortal();
  const { user } = useSession();
  const from = fromState(useLocation().state);
  return (
    <Page title="Find your next opportunity" heading="own">
      <WelcomeHero signedIn={user !== null} linkState={from ? { from } : undefined} />
      <WelcomeFeatures />
      <section className="portal-newsletter" aria-label="Newsletter">
        <NewsletterSignup newsletter={portal.newsletter} title="Get new opportunities by e-mail" />
      </section>
    </Page>
  );
}
