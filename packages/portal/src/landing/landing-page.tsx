import { useNavigate } from 'react-router';
import { CareerCoachChat, CategoryCards, Greeting } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { NewDecisionsNotice } from '../applications/new-decisions-notice.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { RoleHome } from '../home/role-home.tsx';
import { useMember } from '../session/session-context.tsx';
import { SchoolNotice } from '../schools/school-notice.tsx';
import { AssignedToYou } from './assigned-to-you.tsx';
import { BirthMonthPrompt } from './birth-month-prompt.tsx';

/**
 * /landing, the home screen: the greeting by display name and hour with the
 * question "What type of opportunity are you looking for?", for staff, employers and administrators
 * what waits for them and what they look after (issue 24), the four category cards, then a student's
 * missing school (issue 23), news of decisions and a student's postings assigned by a teacher, and the
 * career coach's chat toggle (its panel is hidden until opened).
 */
export function LandingPage() {
  const member = useMember();
  const portal = usePortal();
  const navigate = useNavigate();
  const looksAfterOthers = member.role === 'teacher' || member.role === 'recruiter' || member.boardAdmin === true;
  return (
    <Page title="Home" heading="own">
      <div className="portal-landing">
        <Greeting displayName={member.displayName} />
        {/* Staff, employers and administrators first see what waits for them (issue 24); the cards follow. */}
        {looksAfterOthers ? <RoleHome /> : null}
        <CategoryCards onSelect={(card) => navigate(card.path)} />
        {/* Below the cards: these arrive after their own request, and above they would push the cards down (layout shift). */}
        <SchoolNotice />
        <BirthMonthPrompt />
        <NewDecisionsNotice />
        <AssignedToYou />
      </div>
      <CareerCoachChat ai={portal.ai} />
    </Page>
  );
}
