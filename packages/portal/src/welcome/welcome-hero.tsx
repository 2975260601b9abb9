import { Link } from 'react-router';

const FEATURES = [
  {
    title: 'Local Opportunities',
    text: 'Part-time jobs, gigs, enrichment and volunteering from employers and teachers in your own community.',
    icon: 'M32 54s-16-14-16-27a16 16 0 0 1 32 0c0 13-16 27-16 27zm0-21a6 6 0 1 0 0-12 6 6 0 0 0 0 12z',
  },
  {
    title: 'Skill Development',
    text: 'Practise an interview for a posting and get your resume reviewed against it before you apply.',
    icon: 'M12 46l14-14 9 9 17-19M40 22h12v12',
  },
  {
    title: 'Safe & Verified',
    text: 'Students and teachers join with verified school addresses, and every posting comes from a known account.',
    icon: 'M32 10l18 7v13c0 12-8 20-18 24-10-4-18-12-18-24V17zm-8 22l6 6 11-12',
  },
] as const;

interface WelcomeHeroProps {
  /** A signed-in member is offered their home page instead of Sign Up and Sign In. */
  signedIn: boolean;
  /** Router state for Sign Up and Sign In (the page to come back to once signed in). */
  linkState?: { from: string } | undefined;
}

/**
 * The headline, mission and first step of /welcome. It needs no session or SDK, so the build can
 * also render it into the first HTML of /welcome (build/prerender-welcome.ts).
 */
export function WelcomeHero({ signedIn, linkState }: WelcomeHeroProps) {
  return (
    <section className="portal-hero" aria-labelledby="welcome-headline">
      <p className="portal-hero__eyebrow">For high-school students</p>
      <h1 className="portal-hero__headline" id="welcome-headline">
        Find your first job, gig or volunteer role, close to home
      </h1>
      <p className="portal-hero__mission">
        Our mission is to connect every student with real opportunities posted by local employers and their own teachers, and to help them apply with
        confidence.
      </p>
      {signedIn ? (
        <p className="portal-hero__actions">
          <Link className="portal-button portal-button--primary portal-button--large" to="/landing">
            Go to your home page
          </Link>
        </p>
      ) : (
        <p className="portal-hero__actions">
          <Link className="portal-button portal-button--primary portal-button--large" to="/signup" state={linkState}>
            Sign Up Now
          </Link>
          <Link className="portal-button portal-button--large" to="/signin" state={linkState}>
            Sign In
          </Link>
        </p>
      )}
    </section>
  );
}

/** The three feature blurbs under the hero. */
export function WelcomeFeatures() {
  return (
    <section className="portal-features" aria-label="Why Opportunity Kit">
      {FEATURES.map((feature) => (
        <article className="portal-feature" key={feature.title}>
          <svg className="portal-feature__icon" viewBox="0 0 64 64" width="48" height="48" aria-hidden="true">
            <path d={feature.icon} fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <h2 className="portal-feature__title">{feature.title}</h2>
          <p className="portal-feature__text">{feature.text}</p>
        </article>
      ))}
    </section>
  );
}
