import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store.ts';
import { randomSecret } from '../store/store.ts';

/** Which answer the app asked for: a token for `account.createSession` or a cookie session. */
export type LoginFlow = 'token' | 'session';

/** What the server remembers between the app's redirect and the provider's callback. */
export interface LoginState {
  provider: string;
  project: string;
  flow: LoginFlow;
  success: string;
  failure: string;
  /** Unix milliseconds after which the callback refuses the state. */
  expire: number;
}

/** A person may linger on the identity provider page; a real provider's consent screen allows as long. */
const STATE_LIFETIME_MS = 30 * 60 * 1000;

/**
 * The `state` the identity provider carries back: the login parameters, signed, so the callback
 * needs no server-side table and a tampered redirect target is refused. It is signed with a key
 * of its own, kept in the store, so states survive a restart of a durable server.
 */
export class LoginStates {
  private readonly key: string;

  constructor(store: Store) {
    this.key = store.ensureMeta('oauthStateKey', () => randomSecret(32));
  }

  seal(input: Omit<LoginState, 'expire'>): string {
    const body = Buffer.from(JSON.stringify({ ...input, expire: Date.now() + STATE_LIFETIME_MS })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /**
   * Opens a state this server sealed. Undefined means it is not ours (malformed or tampered);
   * an authentic but expired state is returned with `expired: true`, because its failure URL
   * is still trustworthy and the app deserves to hear why the sign-in ended.
   */
  open(sealed: string | undefined): { state: LoginState; expired: boolean } | undefined {
    if (!sealed) return undefined;
    const [body, signature, extra] = sealed.split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(body), 'base64url');
    const actual = Buffer.from(signature, 'base64url');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
    const state = parseState(Buffer.from(body, 'base64url').toString('utf8'));
    return state && { state, expired: state.expire < Date.now() };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

function parseState(text: string): LoginState | undefined {
  try {
    const value = JSON.parse(text) as Partial<LoginState>;
    const strings = [value.provider, value.project, value.success, value.failure];
    if (strings.some((item) => typeof item !== 'string')) return undefined;
    if (value.flow !== 'token' && value.flow !== 'session') return undefined;
    if (typeof value.expire !== 'number') return undefined;
    return value as LoginState;
  } catch {
    return undefined;
  }
}
