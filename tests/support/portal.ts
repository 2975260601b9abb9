import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExecutionMethod, ID, Query, type Models } from 'appwrite';
import { Users } from 'node-appwrite';
import type { StaffRole } from '@opportunity-kit/sdk/domain';
import { adminClient, realAppwrite, startTestBackend, TEST_APP_ORIGINS, uniqueSuffix, type TestBackend } from './backend.ts';
import { openBrowser, signedInBrowser, type TestBrowser } from './browser.ts';
import { joinSchool, SCHOOL_A, type TestSchool } from './schools.ts';

/**
 * The product's backend for contract tests: the repository's own `appwrite.config.json` (tables,
 * buckets, and the `roles` and `commands` functions from packages/functions), provisioned by the
 * local backend. The config is copied into a temporary project folder with its function paths made
 * absolute, beside a `.env` with fixed deployment settings, so a developer's own git-ignored `.env`
 * at the root never changes what the tests expect.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The deployment settings the tests run with (the documented defaults of `.env.example`). */
export const SETTINGS = { schoolDomain: 'school.example', teacherEmail: 'principal@board.example', boardAdminEmail: 'director@school.example' } as const;

/**
 * An address the product's `roles` function leaves without a role label: a school address nobody has
 * verified. Backend contract tests that set labels themselves sign their accounts up with it. Against
 * a real Appwrite they share the project with that function, which labels every verified account
 * some time after the verification, replacing labels the test set in between.
 */
export function unlabelledAddress(label: string): string {
  return `${label}.${uniqueSuffix()}@${SETTINGS.schoolDomain}`;
}

/**
 * The AI providers' settings, blank: a test never reaches Gemini or ElevenLabs, whatever keys a
 * developer keeps in the root `.env` or the shell (tests that exercise the adapters point these at a
 * fixture server through `env`).
 */
const NO_AI_PROVIDERS = { GEMINI_API_KEY: '', ELEVENLABS_API_KEY: '', ELEVENLABS_AGENT_IDS: '' } as const;

/**
 * Employer approval is on by default in a deployment; tests of everything else post as recruiters whose
 * postings students must see at once, so they run as a school that turned it off. `approvals.test.ts`
 * (and any test passing `EMPLOYER_APPROVAL` in `env`) runs with it on.
 */
const NO_EMPLOYER_APPROVAL = { EMPLOYER_APPROVAL: 'off' } as const;

/**
 * A temporary project folder holding the repository's `appwrite.config.json` (function paths made
 * absolute) beside a `.env` with the test deployment settings, no AI keys, and `env` on top.
 */
export function hermeticProjectRoot(env: Readonly<Record<string, string>> = {}): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'ok-portal-'));
  const config = JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.config.json'), 'utf8')) as { functions: Array<{ path: string }> };
  for (const fn of config.functions) fn.path = resolve(REPO_ROOT, fn.path);
  writeFileSync(join(root, 'appwrite.config.json'), JSON.stringify(config, null, 2));
  const vars = {
    SCHOOL_DOMAIN: SETTINGS.schoolDomain,
    TEACHER_EMAILS: SETTINGS.teacherEmail,
    BOARD_ADMIN_EMAILS: SETTINGS.boardAdminEmail,
    ...NO_AI_PROVIDERS,
    ...NO_EMPLOYER_APPROVAL,
    ...env,
  };
  writeFileSync(
    join(root, '.env'),
    Object.entries(vars)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * `env` adds project variables (e.g. AI provider settings pointing at a fixture server);
 * `webOrigins` registers further web platforms (a school site that embeds the board).
 */
export async function startPortalBackend(options: { env?: Readonly<Record<string, string>>; webOrigins?: readonly string[] } = {}): Promise<TestBackend> {
  if (realAppwrite) return startTestBackend();
  const project = hermeticProjectRoot(options.env);
  const backend = await startTestBackend({
    projectRoot: project.root,
    ...(options.webOrigins ? { webOrigins: [...TEST_APP_ORIGINS, ...options.webOrigins] } : {}),
  });
  const close = backend.close.bind(backend);
  backend.close = async () => {
    await close();
    project.remove();
  };
  return backend;
}

/** Polls `read` until `done` holds (event-triggered functions run asynchronously). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  }
}

export type Member = TestBrowser & { userId: string; email: string; password: string };

let counter = 0;
/** A unique local part, so tests never collide on e-mail addresses. */
export function uniqueLocal(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`;
}

/**
 * A signed-in member whose `roles` label has been assigned. Its address is verified first, as every
 * role needs (the setup uses the API key for that, standing in for the mailed link, never as the
 * principal of a command); `expectRole` is the label the `roles` function must give.
 */
export async function member(
  backend: TestBackend,
  email: string,
  expectRole: 'student' | 'teacher' | 'recruiter',
  options: { verify?: boolean; name?: string; school?: TestSchool; staffRoles?: readonly StaffRole[] } = {},
): Promise<Member> {
  const browser = await signedInBrowser(backend, { email, ...(options.name ? { name: options.name } : {}) });
  if (options.verify ?? true) {
    await new Users(adminClient(backend)).updateEmailVerification({ userId: browser.userId, emailVerification: true });
  }
  // A staff address has powers only on a school's staff (issue 23): its administrator adds it, as
  // the setup does here with the key; a student joins the school that imported or confirmed them.
  if (expectRole !== 'recruiter') {
    const school = options.school ?? SCHOOL_A;
    await joinSchool(backend, school, browser.userId, expectRole === 'teacher' ? { staffRoles: options.staffRoles ?? ['teacher'] } : { student: true });
  }
  const account = await eventually(
    () => browser.account.get(),
    (user) => user.labels.includes(expectRole),
  );
  if (!account.labels.includes(expectRole)) throw new Error(`${email} never got the label ${expectRole} (labels: ${account.labels.join(', ')})`);
  return browser;
}

/**
 * A staff address (school domain, not a student's), verified, that no school has added: it waits for
 * its school and holds no role (issue 23). The `roles` function still makes its profile, without a role.
 */
export async function pendingStaffMember(backend: TestBackend, local = uniqueLocal('pending')): Promise<Member> {
  const browser = await signedInBrowser(backend, { email: `${local}@${SETTINGS.schoolDomain}` });
  await new Users(adminClient(backend)).updateEmailVerification({ userId: browser.userId, emailVerification: true });
  return browser;
}

/** A student of `school` (the first test school unless named). */
export const student = (backend: TestBackend, local = uniqueLocal('1'), school: TestSchool = SCHOOL_A) =>
  member(backend, `${local}@${SETTINGS.schoolDomain}`, 'student', { school });
/** A teacher on the staff of `school` (the first test school unless named). */
export const teacher = (backend: TestBackend, local = uniqueLocal('teacher'), school: TestSchool = SCHOOL_A, staffRoles: readonly StaffRole[] = ['teacher']) =>
  member(backend, `${local}@${SETTINGS.schoolDomain}`, 'teacher', { school, staffRoles });
export const recruiter = (backend: TestBackend, local = uniqueLocal('hr')) => member(backend, `${local}@acme.example`, 'recruiter');

/** What a command answered: the function's status and its JSON body. */
export interface CommandAnswer<T = Record<string, unknown>> {
  status: number;
  data: T | undefined;
  error: { code: string; message: string; fields?: Record<string, string> } | undefined;
}

/** Runs one route of a routed function (`commands`, `ai`) as the browser's user, exactly as the portal's SDK does. */
export async function execute<T = Record<string, unknown>>(
  browser: TestBrowser,
  functionId: string,
  method: keyof typeof ExecutionMethod,
  path: string,
  body?: unknown,
): Promise<CommandAnswer<T>> {
  const execution = await browser.functions.createExecution({
    functionId,
    body: body === undefined ? '' : JSON.stringify(body),
    async: false,
    xpath: path,
    method: ExecutionMethod[method],
  });
  const parsed = (execution.responseBody ? JSON.parse(execution.responseBody) : {}) as { data?: T; error?: CommandAnswer['error'] };
  return { status: execution.responseStatusCode, data: parsed.data, error: parsed.error };
}

/** Runs one command as the browser's user (or as a guest), exactly as the portal does. */
export function command<T = Record<string, unknown>>(
  browser: TestBrowser,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<CommandAnswer<T>> {
  return execute<T>(browser, 'commands', method, path, body);
}

/** A browser nobody signed in to. */
export const guest = (backend: TestBackend): TestBrowser => openBrowser(backend);

/**
 * Uploads a file as the browser's user, into `uploads` as the portal does (default permissions: the
 * uploader's own); the command it is then sent with moves it into its bucket.
 */
export async function upload(browser: TestBrowser, name: string, bytes: Uint8Array | string): Promise<string> {
  const part: BlobPart = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  const file = await browser.storage.createFile({ bucketId: 'uploads', fileId: ID.unique(), file: new File([part], name) });
  return file.$id;
}

/**
 * How many files of a bucket grant this member anything (their own uploads, attached or not), as far
 * as the member can list them. Counting a member's own uploads, rather than the bucket, stays true
 * while other test files upload to the same bucket of a real Appwrite.
 */
export async function uploadsOf(member: TestBrowser & { userId: string }, bucketId: string): Promise<number> {
  const grant = (permission: string) => permission.includes(`"user:${member.userId}"`) || permission.includes(`"user:${member.userId}/`);
  let count = 0;
  let cursor: string | undefined;
  for (;;) {
    const queries = [Query.orderAsc('$createdAt'), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])];
    const { files }: Models.FileList = await member.storage.listFiles({ bucketId, queries, total: false });
    count += files.filter((file) => file.$permissions.some(grant)).length;
    if (files.length < 100) return count;
    cursor = files.at(-1)?.$id;
  }
}

/** The 1×1 PNG, and a minimal PDF. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
