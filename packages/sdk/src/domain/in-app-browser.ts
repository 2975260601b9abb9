/**
 * Markers of social networks' in-app browsers in a user agent (Facebook, Messenger, Instagram,
 * TikTok, Snapchat, LinkedIn, Pinterest, Line, WeChat, X/Twitter). Federated sign-in is refused in
 * them by the identity providers, so the portal asks people to open the page in Chrome instead.
 */
const IN_APP_MARKERS =
  /FBAN|FBAV|FB_IAB|FBIOS|Messenger|Instagram|musical_ly|BytedanceWebview|TikTok|Snapchat|LinkedInApp|Pinterest|\bLine\/|MicroMessenger|Twitter/i;

/** True for the mobile user agent of a social network's in-app browser. @public */
export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_MARKERS.test(userAgent);
}
