import { errors } from '../http/errors.ts';

/**
 * The OAuth2 providers of the web SDK's `OAuthProvider` enum (appwrite 27), with the display
 * names Appwrite's provider config uses. Locally every one of them is served by the same
 * built-in identity provider, so an app can keep its real "Sign in with Google" button.
 */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  amazon: 'Amazon',
  apple: 'Apple',
  appwrite: 'Appwrite',
  auth0: 'Auth0',
  authentik: 'Authentik',
  autodesk: 'Autodesk',
  bitbucket: 'BitBucket',
  bitly: 'Bitly',
  box: 'Box',
  cloudflare: 'Cloudflare',
  dailymotion: 'Dailymotion',
  discord: 'Discord',
  disqus: 'Disqus',
  dropbox: 'Dropbox',
  etsy: 'Etsy',
  facebook: 'Facebook',
  figma: 'Figma',
  fusionauth: 'FusionAuth',
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  huggingface: 'Hugging Face',
  keycloak: 'Keycloak',
  kick: 'Kick',
  linkedin: 'LinkedIn',
  microsoft: 'Microsoft',
  notion: 'Notion',
  oidc: 'OpenID Connect',
  okta: 'Okta',
  paypal: 'PayPal',
  paypalSandbox: 'PayPal Sandbox',
  podio: 'Podio',
  resend: 'Resend',
  salesforce: 'Salesforce',
  slack: 'Slack',
  spotify: 'Spotify',
  stripe: 'Stripe',
  tradeshift: 'Tradeshift',
  tradeshiftBox: 'Tradeshift Sandbox',
  twitch: 'Twitch',
  wordpress: 'WordPress',
  x: 'X',
  yahoo: 'Yahoo',
  yammer: 'Yammer',
  yandex: 'Yandex',
  zoho: 'Zoho',
  zoom: 'Zoom',
};

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}

/** Validates a `provider` path param like Appwrite's WhiteList validator (`general_argument_invalid`). */
export function readProvider(value: string | undefined): string {
  if (value !== undefined && Object.hasOwn(PROVIDER_NAMES, value)) return value;
  throw errors.argumentInvalid(`Invalid \`provider\` param: Value must be one of (${Object.keys(PROVIDER_NAMES).join(', ')})`);
}
