import { greetingFor, MESSAGES } from '@opportunity-kit/sdk/domain';

/** Props of {@link GreetingView}. @public */
export interface GreetingViewProps {
  /** The name after the salutation, as the member's account shows it. */
  displayName: string;
  /** The time whose hour picks the salutation. */
  time: Date;
  /** The level of the greeting's heading; 1 on the home screen. */
  headingLevel?: 1 | 2 | 3;
}

const PERIOD = { 'Good morning': 'morning', 'Good afternoon': 'afternoon', 'Good evening': 'evening' } as const;

/**
 * The home screen's greeting: `Good morning, {name}` before 12:00, `Good afternoon` before 18:00,
 * `Good evening` after (`greetingFor` of the SDK domain), and the question that leads to the
 * category cards. `data-state` names the period for styling.
 * @public
 */
export function GreetingView({ displayName, time, headingLevel = 1 }: GreetingViewProps) {
  const salutation = greetingFor(time);
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="ok-greeting" data-state={PERIOD[salutation]}>
      <Heading className="ok-greeting__title">
        {salutation}, <span className="ok-greeting__name">{displayName}</span>
      </Heading>
      <p className="ok-greeting__prompt">{MESSAGES.opportunityQuestion}</p>
    </section>
  );
}
