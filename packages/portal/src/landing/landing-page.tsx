import { useNavigate } from 'react-router';
import { CareerCoachChat, CategoryCards, Greeting } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { NewDecisionsNotice } from '../applications/new-decisions-notice.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { SchoolNotice } from '../schools/school-notice.tsx';
import { AssignedToYou } from './assigned-to-you.tsx';

/**
 * /landing, the home screen: the greeting by display name and hour with the
 * question "What type of opportunity are you looking for?", the four category cards, then a student's missing school (issue 23), news of
 * decisions and a student's postings assigned by a teacher, and the career coach's chat toggle (its panel is hidden until opened).
 */
export function LandingPage() {
  const member = useMember();
  const portal = usePortal();
  const navigate = useNavigate();
  return (
    <Page title="Home" heading="own">
      <div className="portal-landing">
        <Greeting displayName={member.displayName} />
        <CategoryCards onSelect={(card) => navigate(card.path)} />
        {/* Below the cards: these arrive after their own request, and above they would push the cards down (layout shift). */}
        <SchoolNotice />
        <NewDecisionsNotice />
        <AssignedToYou />
      </div>
      <CareerCoachChat ai={portal.ai} />
    </Page>
  );
}
