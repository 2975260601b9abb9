import { invalidInput, notFound } from '../platform/command-error.ts';
import { deploymentSettings, MissingSetting } from '../platform/deployment-settings.ts';
import { answerData, answerFailure, answerRefusal } from '../platform/envelope.ts';
import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { serverApi } from '../platform/server-client.ts';
import type { CreatedAccount } from '../portal/account-origins.ts';
import { assignRole } from '../portal/member-role.ts';
import { expireUnverifiedSchoolSignUps } from './expire-sign-ups.ts';
import { migrateToBoard } from './migrate-board.ts';

/**
 * The `roles` function, run by Appwrite on `users.*.create`, on e-mail verification (and on an
 * e-mail change) and on every change of a team membership (a school's staff): it labels the account
 * `student`, `teacher` or `recruiter` from SCHOOL_DOMAIN, the schools' staff and TEACHER_EMAILS, and
 * `boardadmin` from BOARD_ADMIN_EMAILS, and creates its profile; on the creation event it also records the address the
 * account was created with. A server key may also run it with `{ "userId": … }`. Its daily schedule
 * removes unverified accounts of school addresses once they are a few days old.
 */
export default async function roles({ req, res, log, error }: RuntimeContext): Promise<unknown> {
  if (req.headers['x-appwrite-trigger'] === 'schedule') return expireSignUps({ req, res, log, error });
  const event = req.headers['x-appwrite-event'] ?? '';
  const migration = event ? undefined : boardMigrationOf(req.bodyText);
  if (migration) return migrate(migration, { req, res, log, error });
  const userId = userIdOf(event, req.bodyText);
  if (!userId) return answerRefusal(res, invalidInput({ form: 'No user to assign a role to.' }));
  let settings;
  try {
    settings = deploymentSettings();
  } catch (thrown) {
    if (!(thrown instanceof MissingSetting)) throw thrown;
    // No label at all beats a wrong one: every real school address would otherwise become a recruiter.
    error(`${userId}: no role assigned. ${thrown.message}`);
    return answerFailure(res, 'not-configured', thrown.message);
  }
  try {
    const outcome = await assignRole(serverApi(req), userId, settings, createdAccountOf(event, req.bodyText));
    if (!outcome) return answerRefusal(res, notFound('The user no longer exists.'));
    log(`${userId}: ${outcome.role ?? 'no role (the address is not verified, or it is a school address the account was not created with)'}`);
    return answerData(res, outcome);
  } catch (thrown) {
    error(thrown);
    return answerFailure(res, 'internal', 'The role could not be assigned.');
  }
}

/**
 * The user an execution is about: from the event name (`users.<id>.create`,
 * `users.<id>.verification.<token>.update`, `users.<id>.recovery.<token>.update` (a password reset
 * verifies the address it was mailed to), `users.<id>.update.verification`), whose payload is a User
 * or a Token; else from the `userId` of the body: a membership event's Membership, or a direct
 * execution's `{ "userId": … }`.
 */
export function userIdOf(event: string, bodyText: string): string | undefined {
  const fromEvent = /^users\.([^.]+)\./.exec(event)?.[1];
  if (fromEvent && fromEvent !== '*') return fromEvent;
  try {
    const body = JSON.parse(bodyText) as { userId?: unknown };
    return typeof body.userId === 'string' && body.userId !== '' ? body.userId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The new account from a creation event (`users.<id>.create`, whose payload is the User as it was
 * created), or undefined for any other event or a direct execution. Only Appwrite emits events, so
 * this payload is the one place the original address comes from.
 */
export function createdAccountOf(event: string, bodyText: string): CreatedAccount | undefined {
  const userId = /^users\.([^.]+)\.create$/.exec(event)?.[1];
  if (!userId || userId === '*') return undefined;
  try {
    const user = JSON.parse(bodyText) as { $id?: unknown; email?: unknown; registration?: unknown };
    if (user.$id !== userId || typeof user.email !== 'string' || typeof user.registration !== 'string') return undefined;
    return { $id: userId, email: user.email, registration: user.registration };
  } catch {
    return undefined;
  }
}

/** The daily schedule: unverified sign-ups stop holding school addresses (see `expireUnverifiedSchoolSignUps`). */
async function expireSignUps({ req, res, log, error }: RuntimeContext): Promise<unknown> {
  try {
    const settings = deploymentSettings();
    const outcome = await expireUnverifiedSchoolSignUps(serverApi(req), settings);
    log(`${outcome.removed} unverified accounts of school addresses removed`);
    return answerData(res, outcome);
  } catch (thrown) {
    error(thrown);
    // Without SCHOOL_DOMAIN no address is known to be the school's, so nothing is removed.
    if (thrown instanceof MissingSetting) return answerFailure(res, 'not-configured', thrown.message);
    return answerFailure(res, 'internal', 'Unverified accounts could not be expired.');
  }
}

/** A direct execution's `{ "migrate": "board", "after"?: cursor }` (README "Upgrading to schools"). */
export function boardMigrationOf(bodyText: string): { after: string | null } | undefined {
  try {
    const body = JSON.parse(bodyText) as { migrate?: unknown; after?: unknown };
    if (body.migrate !== 'board') return undefined;
    return { after: typeof body.after === 'string' && body.after !== '' ? body.after : null };
  } catch {
    return undefined;
  }
}

/** Only a server key executes `roles` (its `execute` list is empty), so only the board's operator migrates. */
async function migrate(request: { after: string | null }, { req, res, log, error }: RuntimeContext): Promise<unknown> {
  try {
    const outcome = await migrateToBoard(serverApi(req), { after: request.after });
    log(
      `board migration: ${outcome.staffAdded} staff and ${outcome.studentsAdded} students joined ${outcome.schoolId}, ${outcome.postsMoved} posts moved; ${outcome.done ? 'done' : `run again with after=${outcome.after}`}`,
    );
    return answerData(res, outcome);
  } catch (thrown) {
    error(thrown);
    return answerFailure(res, 'internal', 'The migration stopped; running it again goes on safely.');
  }
}
