import { Link } from 'react-router';
import type { CurrentUser } from '@opportunity-kit/sdk';
import { LISTING_ROUTES } from '@opportunity-kit/sdk/domain';
import { needsVerification } from '../session/session-check.ts';
import './who-may-post.css';

/**
 * Why this account cannot post, said before any form is filled in (issue 14): an unverified account
 * verifies its address first (the banner above sends the link); a student browses and applies
 * instead; an account whose role is on its way waits a moment.
 */
export function WhoMayPost({ member, settling }: { member: CurrentUser; settling: boolean }) {
  if (needsVerification(member)) {
    return (
      <div className="portal-refusal" role="status">
        <h2 className="portal-refusal__title">Verify your e-mail address first</h2>
        <p>
          Teachers and employers can post opportunities once their address is confirmed. Open the link we e-mailed to <strong>{member.email}</strong>; the
          notice above sends it again if it has not arrived.
        </p>
      </div>
    );
  }
  if (member.role === 'student') {
    return (
      <div className="portal-refusal" role="status">
        <h2 className="portal-refusal__title">Students cannot post opportunities</h2>
        <p>Teachers and employers post opportunities here. As a student, you can browse them and apply.</p>
        <p className="portal-refusal__actions">
          <Link className="portal-button portal-button--primary" to={LISTING_ROUTES.Job}>
            Browse Jobs
          </Link>
          <Link className="portal-button" to="/my-applications">
            My applications
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="portal-refusal" role="status">
      <h2 className="portal-refusal__title">{settling ? 'Setting up your account…' : 'Your account has no role yet'}</h2>
      <p>
        {settling
          ? 'The form opens here as soon as your account is set up as a teacher or employer.'
          : 'Only teachers and employers can post opportunities. Reload the page in a moment; if this stays, ask your school to check your account.'}
      </p>
    </div>
  );
}
