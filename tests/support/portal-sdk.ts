import { createServer } from 'node:net';
import { expect } from 'vitest';
import {
  createPortalClient,
  PortalError,
  type KeyValueStorage,
  type NewPosting,
  type Page,
  type PageRequest,
  type PortalClient,
  type PortalErrorCode,
} from '@opportunity-kit/sdk';
import type { TestBackend } from './backend.ts';
import { openBrowser, type TestBrowser } from './browser.ts';
import { PDF, PNG, recruiter, student, teacher, type Member } from './portal.ts';
import { aPosting } from './postings.ts';
import { SCHOOL_A, type TestSchool } from './schools.ts';
import { TracedWebSocket, waitFor } from './realtime.ts';

/**
 * Fixtures for the SDK's contract tests (tests/contract/sdk-*.test.ts): portal clients over simulated
 * browsers, members with their roles, typed builders for what the forms send, and the browser
 * globals the web SDK's realtime needs in Node.
 */

/** A localStorage stand-in: one per simulated browser, so the session flag can be inspected. */
export class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

/** Awaits a call that must fail, checks it failed with a PortalError of `code`, and answers the error. */
export async function refusal(promise: Promise<unknown>, code: PortalErrorCode): Promise<PortalError> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(PortalError);
  expect((thrown as PortalError).code).toBe(code);
  return thrown as PortalError;
}

/** Every page of an SDK list, from the first to the one without a next cursor. */
export async function allPages<T>(list: (page: PageRequest) => Promise<Page<T>>, limit = 100): Promise<Array<Page<T>>> {
  const pages: Array<Page<T>> = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await list({ limit, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

/** A portal client in a simulated browser, with that browser's local storage. */
export interface PortalBrowser {
  portal: PortalClient;
  browser: TestBrowser;
  storage: MemoryStorage;
}

/** A portal client in a fresh browser nobody has signed in to. */
export function guestPortal(backend: TestBackend): PortalBrowser {
  const browser = openBrowser(backend);
  const storage = new MemoryStorage();
  const portal = createPortalClient({ endpoint: backend.endpoint, projectId: backend.projectId, client: browser.client, storage });
  return { portal, browser, storage };
}

/** A signed-in member with a role, and a portal client in their browser. */
export type PortalMember = Member & { portal: PortalClient };

function withPortal(backend: TestBackend, member: Member): PortalMember {
  // Realtime sockets cannot carry the simulated browser's cookies; the session travels as a header instead.
  const session = member.sessionToken();
  if (session) member.client.setSession(session);
  const portal = createPortalClient({ endpoint: backend.endpoint, projectId: backend.projectId, client: member.client, storage: null });
  return Object.assign(member, { portal });
}

/** A student of `school` (the first test school unless named), with their portal client. */
export const aStudent = async (backend: TestBackend, school: TestSchool = SCHOOL_A): Promise<PortalMember> =>
  withPortal(backend, await student(backend, undefined, school));
/** A teacher on the staff of `school` (the first test school unless named), with their portal client. */
export const aTeacher = async (backend: TestBackend, school: TestSchool = SCHOOL_A): Promise<PortalMember> =>
  withPortal(backend, await teacher(backend, undefined, school));
export const aRecruiter = async (backend: TestBackend): Promise<PortalMember> => withPortal(backend, await recruiter(backend));

/** A valid public Job posting as the post-opportunity form sends it, dates relative to today. */
export function aNewPosting(overrides: Partial<NewPosting> = {}): NewPosting {
  return { ...aPosting(), ...overrides };
}

/** A Gig: no cluster needed, no salary, no website (spec section 5). */
export function aNewGig(overrides: Partial<NewPosting> = {}): NewPosting {
  return aNewPosting({ postingType: 'Gig', cluster: null, hourlyRate: null, companyWebsite: null, ...overrides });
}

/** A file as a browser's file input gives it. */
export function aFile(name: string, bytes: Uint8Array | string, type = ''): File {
  const part: BlobPart = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  return new File([part], name, type ? { type } : {});
}

export const aPdf = (name = 'resume.pdf'): File => aFile(name, PDF, 'application/pdf');
export const aPng = (name = 'photo.png'): File => aFile(name, PNG, 'image/png');

/** An address on 127.0.0.1 where nothing listens, for network failures. */
export async function closedEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

const sockets: TracedWebSocket[] = [];

/** Every realtime socket the SDK opens, traced, so a test can wait for the server's acknowledgements. */
class CollectedWebSocket extends TracedWebSocket {
  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols);
    sockets.push(this);
  }
}

const emptyStorage = { getItem: (): string | null => null, setItem: (): void => {}, removeItem: (): void => {} };
/** The SDK warns on every session answer once a `window.localStorage` exists; that shared storage is not used. */
const quietConsole = {
  ...console,
  warn: (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Appwrite is using localStorage')) console.warn(...args);
  },
};

/**
 * The browser globals the web SDK's `Realtime` uses: `WebSocket` and a `window` with timers. The
 * shared `window.localStorage` stays empty; sessions live in each simulated browser (see realtime.ts).
 */
export function installRealtimeGlobals(): void {
  Object.assign(globalThis, {
    WebSocket: CollectedWebSocket,
    window: { setTimeout, clearTimeout, setInterval, clearInterval, localStorage: emptyStorage, console: quietConsole },
  });
}

/** How many subscriptions the server has acknowledged on every socket so far. */
export function acknowledgedSubscriptions(): number {
  return sockets.reduce((sum, socket) => sum + socket.subscribeAcks().flat().length, 0);
}

/** Runs `subscribe` and waits until the server has acknowledged one more subscription. */
export async function subscribed<T>(subscribe: () => T): Promise<T> {
  const before = acknowledgedSubscriptions();
  const result = subscribe();
  await waitFor('the server to acknowledge the subscription', () => acknowledgedSubscriptions() > before);
  return result;
}

export { waitFor };
