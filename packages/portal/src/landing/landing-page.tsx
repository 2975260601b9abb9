import { useNavigate } from 'react-router';
import { CareerCoachChat, CategoryCards, Greeting } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';

/**
 * /landing, the home screen: the greeting by display name and hour with the
 * question "What type of opportunity are you looking for?", the four category cards, and the
 * career coach's chat toggle (its panel is hidden until opened).
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
      </div>
      <CareerCoachChat ai={portal.ai} />
    </Page>
  );
}
