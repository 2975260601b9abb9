import { Account, Client, Functions, Storage, TablesDB } from 'appwrite';
import { FUNCTIONS } from '../domain/wire/ids.ts';
import { createAi, type AiModule } from './ai.ts';
import { createAlerts, createSaved, type AlertsModule, type SavedModule } from './alerts.ts';
import { createApprovals, type ApprovalsModule } from './approvals.ts';
import { createApplications, type ApplicationsModule } from './applications.ts';
import { createAuth, type AuthModule } from './auth.ts';
import { commandRunner, requireMember, uploader, type PortalContext } from './context.ts';
import { createFiles, type FilesModule } from './files.ts';
import { createHours, type HoursModule } from './hours.ts';
import { createJobs, type JobsModule } from './jobs.ts';
import { LiveHub } from './live.ts';
import { createModeration, type ModerationModule } from './moderation.ts';
import { createNewsletter, type NewsletterModule } from './newsletter.ts';
import { createHome, type HomeModule } from './home.ts';
import { createYouthRules, type YouthRulesModule } from './youth-rules.ts';
import { createNotifications, type NotificationsModule } from './notifications.ts';
import { createPosts, type PostsModule } from './posts.ts';
import { createProfiles, type ProfilesModule } from './profiles.ts';
import { createRoster, type RosterModule } from './roster.ts';
import { createSchools, type SchoolsModule } from './schools.ts';
import { browserStorage, type KeyValueStorage } from './session-flag.ts';

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
 * @example
 * ```ts
 * const portal = createPortalClient({ endpoint: 'http://127.0.0.1:4000/v1', projectId: 'opportunity-kit' });
 * await portal.auth.signIn({ email: 'hr@acme.example', password: 'correct horse battery' });
 * const { items } = await portal.jobs.list({ postingType: 'Job', search: 'barista' });
 * ```
 * @public
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  const client = (options.client ?? new Client()).setEndpoint(options.endpoint).setProject(options.projectId);
  const storage = new Storage(client);
  const functions = new Functions(client);
  const live = new LiveHub(client);
  const functionIds = { commands: options.functionIds?.commands ?? FUNCTIONS.commands, ai: options.functionIds?.ai ?? FUNCTIONS.ai };
  const base = {
    client,
    account: new Account(client),
    tables: new TablesDB(client),
    storage,
    functions,
    live,
    flagStorage: options.storage === null ? undefined : (options.storage ?? browserStorage()),
    functionIds,
    command: commandRunner(functions, functionIds.commands),
    aiCall: commandRunner(functions, functionIds.ai),
    ...uploader(storage),
  };
  const auth = createAuth(base);
  const context: PortalContext = {
    ...base,
    viewer: () => auth.viewer(),
    member: async () => requireMember(await auth.viewer()),
    freshMember: async () => requireMember(await auth.module.currentUser()),
  };
  return {
    auth: auth.module,
    jobs: createJobs(context),
    applications: createApplications(context),
    profiles: createProfiles(context),
    posts: createPosts(context),
    newsletter: createNewsletter(context),
    ai: createAi(context),
    files: createFiles(storage),
    hours: createHours(context),
    saved: createSaved(context),
    alerts: createAlerts(context),
    notifications: createNotifications(context),
    home: createHome(context),
    youthRules: createYouthRules(context),
    roster: createRoster(context),
    moderation: createModeration(context),
    approvals: createApprovals(context),
    schools: createSchools(context),
    close: () => live.close(),
  };
}
