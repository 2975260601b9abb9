import type { Client } from 'appwrite';
import type { AiModule } from './ai.ts';
import type { AlertsModule, SavedModule } from './alerts.ts';
import type { ApprovalsModule } from './approvals.ts';
import type { ApplicationsModule } from './applications.ts';
import type { AuthModule, ImmediateAuth } from './auth.ts';
import type { PortalContext } from './context.ts';
import { isPortalError, PortalError } from './errors.ts';
import { startFederatedSignIn } from './federated-sign-in.ts';
import { createFiles, type FilesModule } from './files.ts';
import type { HomeModule } from './home.ts';
import type { HoursModule } from './hours.ts';
import type { JobsModule } from './jobs.ts';
import { lazyModule, loadOnce, type LazyModuleOptions } from './lazy-module.ts';
import type { ModerationModule } from './moderation.ts';
import type { NewsletterModule } from './newsletter.ts';
import type { NotificationsModule } from './notifications.ts';
import type { PostsModule } from './posts.ts';
import type { ProfilesModule } from './profiles.ts';
import type { RosterModule } from './roster.ts';
import type { SchoolsModule } from './schools.ts';
import { browserStorage, readSessionFlag, type KeyValueStorage } from './session-flag.ts';
import type { YouthRulesModule } from './youth-rules.ts';
import { unregisteredOrigin, unregisteredOriginMessage } from '../domain/wire/unregistered-origin.ts';

/** How to reach the portal's backend. @public */
export interface PortalClientOptions {
  /** The Appwrite API endpoint, for example `http://127.0.0.1:4000/v1` for `pnpm start`. */
  endpoint: string;
  /** The Appwrite project id. */
  projectId: string;
  /**
   * An appwrite `Client` to use (and configure with `endpoint` and `projectId`) instead of a new one,
   * for an app that already has one or a test that drives a simulated browser.
   */
  client?: Client | undefined;
  /** Where the local session flag lives: the browser's localStorage by default; null keeps none. */
  storage?: KeyValueStorage | null | undefined;
  /** Ids of the portal's functions, when a deployment renamed them. */
  functionIds?: { commands?: string | undefined; ai?: string | undefined } | undefined;
}

/**
 * The typed client of the portal: one module per concept, every call checked against the spec's rules
 * before it leaves, every failure a {@link PortalError}.
 * @public
 */
export interface PortalClient {
  /** Accounts, sessions and the local session flag. */
  readonly auth: AuthModule;
  /** The listing and the commands on postings. */
  readonly jobs: JobsModule;
  /** Applying, and the applications manager. */
  readonly applications: ApplicationsModule;
  /** Member profiles and the network grid. */
  readonly profiles: ProfilesModule;
  /** The blog feed, likes and comments. */
  readonly posts: PostsModule;
  /** The welcome page's newsletter sign-up. */
  readonly newsletter: NewsletterModule;
  /** Resume review, interview practice and the career coach. */
  readonly ai: AiModule;
  /** Addresses of stored images and resumes. */
  readonly files: FilesModule;
  /** Community involvement hours: logging, the supervisor's confirmation, teacher review, the record. */
  readonly hours: HoursModule;
  /** A student's saved postings. */
  readonly saved: SavedModule;
  /** A student's saved searches (alerts). */
  readonly alerts: AlertsModule;
  /** The signed-in member's in-app notifications, live, their e-mail settings, and the mails' unsubscribe. */
  readonly notifications: NotificationsModule;
  /** Each role's home page and the counts on the navigation: what waits for the member. */
  readonly home: HomeModule;
  /** The youth-work rules the board works under (issue 26). */
  readonly youthRules: YouthRulesModule;
  /** A teacher's roster import: student accounts and their invitations from a CSV file. */
  readonly roster: RosterModule;
  /** Reports of postings, posts and comments, and the teachers' moderation queue. */
  readonly moderation: ModerationModule;
  /** Teachers' approval of employers, whose public postings reach students only once approved. */
  readonly approvals: ApprovalsModule;
  /** The board's schools: creating them, their staff, and requests to join one. */
  readonly schools: SchoolsModule;
  /** Ends every live subscription and closes the realtime connection. */
  close(): Promise<void>;
}

/**
 * Creates the portal client over the official `appwrite` web SDK.
 *
 * Each module's code, and the web SDK under it, loads when the module is first called: an application
 * downloads only the modules it uses, and none of them before its own code runs. The synchronous methods
 * work at once: `auth.storedSession`, `auth.federatedSignIn` and the `files` addresses need no SDK, and a
 * live subscription starts as soon as its module is there. A module has no own keys: call its methods by name.
 *
 * @example
 * ```ts
 * const portal = createPortalClient({ endpoint: 'http://127.0.0.1:4000/v1', projectId: 'opportunity-kit' });
 * await portal.auth.signIn({ email: 'hr@acme.example', password: 'correct horse battery' });
 * const { items } = await portal.jobs.list({ postingType: 'Job', search: 'barista' });
 * ```
 * @public
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  const flagStorage = options.storage === null ? undefined : (options.storage ?? browserStorage());
  const core = loadOnce(() => import('./portal-core.ts').then(({ createPortalCore }) => createPortalCore(options, flagStorage)));
  // A browser reports a refused origin as it does a lost connection: ask the server whether it answers at all.
  const explain = async (thrown: unknown): Promise<unknown> => {
    if (!isPortalError(thrown, 'network')) return thrown;
    const origin = await unregisteredOrigin(options.endpoint);
    return origin ? new PortalError('unregistered-origin', unregisteredOriginMessage(origin), { cause: thrown }) : thrown;
  };
  /** A module made by `factory` of its code (`load`) on the shared core, both loading at its first call. */
  const module = <Code extends Record<F, (context: PortalContext) => object>, F extends keyof Code>(
    load: () => Promise<Code>,
    factory: F,
    deferral?: LazyModuleOptions<ReturnType<Code[F]>, never>,
  ) =>
    lazyModule(() => Promise.all([load(), core.get()]).then(([code, { context }]) => code[factory](context) as ReturnType<Code[F]>), {
      ...deferral,
      explain,
    });

  return {
    auth: lazyModule<AuthModule, ImmediateAuth>(() => core.get().then(({ auth }) => auth), {
      now: {
        storedSession: () => readSessionFlag(flagStorage),
        federatedSignIn: (input) => startFederatedSignIn(options.endpoint, options.projectId, input),
      },
      explain,
    }),
    jobs: module(() => import('./jobs.ts'), 'createJobs', { live: { subscribe: 2, watch: 2 } }),
    applications: module(() => import('./applications.ts'), 'createApplications'),
    profiles: module(() => import('./profiles.ts'), 'createProfiles'),
    posts: module(() => import('./posts.ts'), 'createPosts', { live: { subscribe: 1 } }),
    newsletter: module(() => import('./newsletter.ts'), 'createNewsletter'),
    ai: module(() => import('./ai.ts'), 'createAi'),
    files: createFiles(options.endpoint, options.projectId),
    hours: module(() => import('./hours.ts'), 'createHours'),
    saved: module(() => import('./alerts.ts'), 'createSaved'),
    alerts: module(() => import('./alerts.ts'), 'createAlerts'),
    notifications: module(() => import('./notifications.ts'), 'createNotifications', { live: { subscribe: 1 } }),
    home: module(() => import('./home.ts'), 'createHome'),
    youthRules: module(() => import('./youth-rules.ts'), 'createYouthRules'),
    roster: module(() => import('./roster.ts'), 'createRoster'),
    moderation: module(() => import('./moderation.ts'), 'createModeration'),
    approvals: module(() => import('./approvals.ts'), 'createApprovals'),
    schools: module(() => import('./schools.ts'), 'createSchools'),
    // Closes the live connection, once the core that holds it has loaded (if it is loading).
    close: async () => (await core.current()?.catch(() => undefined))?.live.close(),
  };
}
