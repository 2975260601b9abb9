/**
 * What a student reads when a roster invitation link was already used or has expired. Its own module:
 * the portal's set-password page compares with it, and must not pull the web SDK in to do so.
 * @public
 */
export const INVITATION_LINK_USED =
  'This invitation link has already been used or has expired. Please ask your teacher to send you a new one, or get a new link yourself: choose "Forgot password?" on the sign-in page and enter your school email address.';
