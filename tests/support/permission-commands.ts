import { ExecutionMethod } from 'appwrite';
import { expect } from 'vitest';
import { Query } from 'node-appwrite';
import { outcome, type CaseContext, type Outcome, type Played } from './permission-case.ts';
import { FILES, ROWS, uploadAs } from './permission-fixture.ts';
import type { Case } from './permission-rules.ts';
import { command, type CommandAnswer } from './portal.ts';
import { anApplication, aPosting } from './postings.ts';
import { memberOf, ROLE_OF } from './principals.ts';

/**
 * The commands of architecture section 3, each played as the principal through the `commands`
 * function, with the effect an allowed command must have and the proof that a refused one wrote
 * nothing. Texts that a refused command would have written carry a marker unique to the case, so
 * "nothing written" is a precise query even while other cases run alongside.
 */

let markers = 0;
const marker = (testCase: Case): string => `Matrix ${testCase.operation} by ${testCase.principal} #${++markers}`;

function fromAnswer(answer: CommandAnswer): Outcome {
  return answer.status === 200 ? { ok: true, value: answer.data } : { ok: false, refusal: `${answer.status} ${answer.error?.code}` };
}

/** The fixture image attached to a row (a posting's, a post's). */
/** The fixture's rows of `table` that belong to the post `postName` (its comments, its likes). */
function hangingOff(postName: string, table: 'comments' | 'post_likes'): string[] {
  return Object.keys(ROWS).filter((name) => {
    const facts = ROWS[name];
    return facts?.table === table && facts.post === postName;
  });
}

function imageOf(rowName: string, context: CaseContext): string | undefined {
  if (context.throwaway) return context.throwaway.image;
  const name = Object.keys(FILES).find((file) => FILES[file]?.attachedTo === rowName);
  return name ? context.world.files[name] : undefined;
}

export async function runCommandCase(testCase: Case, context: CaseContext): Promise<Played> {
  const { actor, world, observer } = context;
  const target = context.throwaway?.id ?? (world.rows[testCase.resource] as string);
  const play = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, checks: Omit<Played, 'result'>): Promise<Played> => {
    const answer = await command(actor, method, path, body);
    return { result: fromAnswer(answer), ...checks };
  };
  const jobAsBefore = async () => {
    await observer.expectRowAsBefore('jobs', target);
    const image = imageOf(testCase.resource, context);
    if (image) await observer.expectFileAsBefore('job-images', image);
  };

  switch (testCase.operation) {
    case 'createPublicPosting':
    case 'createPrivatePosting': {
      const title = marker(testCase);
      const visible = testCase.operation === 'createPublicPosting';
      // Columns only the command sets are forged too: the creator is whoever Appwrite names.
      const forged = {
        creatorId: world.actors.teacherB.userId,
        creatorEmail: world.actors.teacherB.email,
        assignedAt: '2020-01-01T00:00:00.000+00:00',
        closedAs: 'filled',
        viewCount: 1000,
      };
      return play(
        'POST',
        '/jobs',
        { ...aPosting({ title, visible }), ...forged },
        {
          allowed: async () =>
            expect(await observer.rowsWhere('jobs', [Query.equal('title', title)])).toMatchObject([
              { creatorId: actor.userId, creatorEmail: actor.email, visible, assignedAt: null, closedAs: null, viewCount: 0 },
            ]),
          unchanged: async () => expect(await observer.rowsWhere('jobs', [Query.equal('title', title)])).toEqual([]),
        },
      );
    }
    case 'removePosting':
      return play('DELETE', `/jobs/${target}`, undefined, {
        allowed: async () => {
          expect(await observer.row('jobs', target)).toBeUndefined();
          expect(await observer.row('job_assignments', target)).toBeUndefined();
          expect(await observer.file('job-images', imageOf(testCase.resource, context) as string)).toBeUndefined();
        },
        unchanged: jobAsBefore,
      });
    case 'editPosting': {
      const title = marker(testCase);
      const facts = ROWS[testCase.resource] as { visible: boolean };
      return play(
        'PUT',
        `/jobs/${target}`,
        // Columns only commands set are forged too: an edit changes the form's fields alone.
        { ...aPosting({ title, visible: facts.visible }), creatorId: world.actors.teacherB.userId, viewCount: 1000 },
        {
          allowed: async () => expect(await observer.row('jobs', target)).toMatchObject({ title, visible: facts.visible, viewCount: 0 }),
          unchanged: async () => {
            await jobAsBefore();
            expect(await observer.rowsWhere('jobs', [Query.equal('title', title)])).toEqual([]);
          },
        },
      );
    }
    case 'setPostingState':
      return play(
        'PUT',
        `/jobs/${target}/state`,
        { state: 'closed' },
        {
          allowed: async () => expect(await observer.row('jobs', target)).toMatchObject({ closedAs: 'closed' }),
          unchanged: jobAsBefore,
        },
      );
    case 'assignStudent': {
      const student = memberOf(world.actors, 'studentB');
      return play(
        'PUT',
        `/jobs/${target}/assignment`,
        { studentEmail: student.email },
        {
          allowed: async () => {
            expect((await observer.row('jobs', target))?.assignedAt).toEqual(expect.any(String));
            expect(await observer.row('job_assignments', target)).toMatchObject({ studentId: student.userId, studentEmail: student.email });
            // The assignment is what lets the student read a private posting, and what a reassignment takes back.
            expect((await student.tablesDB.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: target })).$id).toBe(target);
            const facts = ROWS[testCase.resource];
            if (facts?.table === 'jobs' && facts.assigned && !facts.visible) {
              const previous = world.actors[facts.assigned];
              await expect(previous.tablesDB.getRow({ databaseId: 'portal', tableId: 'jobs', rowId: target })).rejects.toMatchObject({ code: 404 });
            }
          },
          unchanged: jobAsBefore,
        },
      );
    }
    case 'recordView':
      return play('POST', `/jobs/${target}/views`, undefined, {
        allowed: async () => expect(await observer.row('jobs', target)).toMatchObject({ viewCount: 1 }),
        unchanged: jobAsBefore,
      });
    case 'apply': {
      // A member applies with a resume of its own; a guest cannot upload one, so it names a student's.
      const resume = actor.userId ? await uploadAs(actor, 'resumes') : (world.files.resumeDraft as string);
      const resumeBefore = await observer.file('resumes', resume);
      const creator = world.actors[(ROWS[testCase.resource] as { creator: Parameters<typeof memberOf>[1] }).creator];
      const mine = () => observer.rowsWhere('applications', [Query.equal('jobId', target), Query.equal('applicantId', actor.userId ?? 'guest')]);
      const forged = { applicantId: world.actors.studentB.userId, status: 'accepted' };
      const answer = await command<{ id: string }>(actor, 'POST', '/applications', { ...anApplication(target, resume), ...forged });
      return {
        result: fromAnswer(answer),
        allowed: async () => {
          expect(await mine()).toMatchObject([{ applicantId: actor.userId, status: 'pending' }]);
          // The posting's creator now reads the application and its resume.
          const id = answer.data?.id as string;
          expect((await creator.tablesDB.getRow({ databaseId: 'portal', tableId: 'applications', rowId: id })).$id).toBe(id);
          expect((await creator.storage.getFile({ bucketId: 'resumes', fileId: resume })).$id).toBe(resume);
        },
        unchanged: async () => {
          expect(await mine()).toHaveLength(testCase.expected !== 'allow' && 'deny' in testCase.expected && testCase.expected.deny.startsWith('409') ? 1 : 0);
          expect(await observer.file('resumes', resume)).toEqual(resumeBefore);
        },
      };
    }
    case 'setStatus':
      return play(
        'PUT',
        `/applications/${target}/status`,
        { status: 'accepted' },
        {
          allowed: async () => expect(await observer.row('applications', target)).toMatchObject({ status: 'accepted' }),
          unchanged: () => observer.expectRowAsBefore('applications', target),
        },
      );
    case 'withdraw': {
      const resume = (await observer.row('applications', target))?.resumeFileId as string;
      return play('DELETE', `/applications/${target}`, undefined, {
        allowed: async () => {
          expect(await observer.row('applications', target)).toBeUndefined();
          expect(await observer.file('resumes', resume)).toBeUndefined();
        },
        unchanged: async () => {
          await observer.expectRowAsBefore('applications', target);
          await observer.expectFileAsBefore('resumes', resume);
        },
      });
    }
    case 'saveProfile': {
      const bio = marker(testCase);
      return play(
        'PUT',
        '/profile',
        { bio, role: 'teacher', email: 'forged@school.example' },
        {
          // The role is the account's label and the e-mail the account's, whatever the request says.
          allowed: async () =>
            expect(await observer.row('profiles', actor.userId as string)).toMatchObject({
              bio,
              role: ROLE_OF[testCase.principal] ?? null,
              email: actor.email,
            }),
          unchanged: async () => expect(await observer.rowsWhere('profiles', [Query.equal('bio', bio)])).toEqual([]),
        },
      );
    }
    case 'createPost': {
      const content = marker(testCase);
      return play(
        'POST',
        '/posts',
        { content, authorId: world.actors.teacherB.userId, likeCount: 1000 },
        {
          allowed: async () =>
            expect(await observer.rowsWhere('posts', [Query.equal('content', content)])).toMatchObject([{ authorId: actor.userId, likeCount: 0 }]),
          unchanged: async () => expect(await observer.rowsWhere('posts', [Query.equal('content', content)])).toEqual([]),
        },
      );
    }
    case 'deletePost':
      return play('DELETE', `/posts/${target}`, undefined, {
        allowed: async () => {
          expect(await observer.row('posts', target)).toBeUndefined();
          expect(await observer.rowsWhere('comments', [Query.equal('postId', target)])).toEqual([]);
          expect(await observer.rowsWhere('post_likes', [Query.equal('postId', target)])).toEqual([]);
          expect(await observer.file('post-images', imageOf(testCase.resource, context) as string)).toBeUndefined();
        },
        unchanged: async () => {
          await observer.expectRowAsBefore('posts', target);
          for (const name of hangingOff(testCase.resource, 'comments')) await observer.expectRowAsBefore('comments', world.rows[name] as string);
          for (const name of hangingOff(testCase.resource, 'post_likes')) await observer.expectRowAsBefore('post_likes', world.rows[name] as string);
          await observer.expectFileAsBefore('post-images', imageOf(testCase.resource, context) as string);
        },
      });
    case 'like': {
      const answer = await command<{ liked: boolean; likeCount: number }>(actor, 'POST', `/posts/${target}/like`);
      const likes = () => observer.rowsWhere('post_likes', [Query.equal('postId', target)]);
      return {
        result: fromAnswer(answer),
        allowed: async () => {
          // The copy was already liked by the fixture's liker: for that principal the toggle takes it back.
          const liked = testCase.principal !== (ROWS.like as { user: string }).user;
          expect(answer.data?.liked).toBe(liked);
          const rows = await likes();
          expect(rows.some((row) => row.userId === actor.userId)).toBe(liked);
          expect((await observer.row('posts', target))?.likeCount).toBe(rows.length);
        },
        unchanged: async () => {
          await observer.expectRowAsBefore('posts', target);
          expect((await likes()).map((row) => row.$id)).toEqual(hangingOff(testCase.resource, 'post_likes').map((name) => world.rows[name]));
        },
      };
    }
    case 'comment': {
      const content = marker(testCase);
      return play(
        'POST',
        `/posts/${target}/comments`,
        { content, authorId: world.actors.teacherB.userId },
        {
          allowed: async () => {
            expect(await observer.rowsWhere('comments', [Query.equal('content', content)])).toMatchObject([{ postId: target, authorId: actor.userId }]);
            // The copy came with one comment; this one is the second.
            expect(await observer.row('posts', target)).toMatchObject({ commentCount: 2 });
          },
          unchanged: async () => {
            await observer.expectRowAsBefore('posts', target);
            expect(await observer.rowsWhere('comments', [Query.equal('content', content)])).toEqual([]);
          },
        },
      );
    }
    case 'deleteComment': {
      // The post the comment belongs to: the copy's own post when allowed, the fixture's otherwise.
      const postId = (await observer.row('comments', target))?.postId as string;
      return play('DELETE', `/comments/${target}`, undefined, {
        allowed: async () => {
          expect(await observer.row('comments', target)).toBeUndefined();
          // The copy came with this one comment, so its post counts none now.
          expect(await observer.row('posts', postId)).toMatchObject({ commentCount: 0 });
          expect(await observer.rowsWhere('comments', [Query.equal('postId', postId)])).toEqual([]);
        },
        unchanged: async () => {
          await observer.expectRowAsBefore('comments', target);
          await observer.expectRowAsBefore('posts', postId);
        },
      });
    }
    case 'subscribe': {
      const email = `matrix.${testCase.principal.toLowerCase()}.${++markers}@home.example`;
      return play(
        'POST',
        '/newsletter',
        { email },
        {
          allowed: async () => expect(await observer.rowsWhere('newsletter', [Query.equal('email', email)])).toHaveLength(1),
          unchanged: async () => expect(await observer.rowsWhere('newsletter', [Query.equal('email', email)])).toEqual([]),
        },
      );
    }
    case 'logHours': {
      const organisation = marker(testCase);
      const entry = {
        organisation,
        activity: 'x',
        date: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10),
        hours: 1,
        supervisorName: 'S',
        supervisorEmail: 'supervisor@foodbank.example',
      };
      // Columns only the command sets are forged too: an entry starts pending, as its caller's.
      const forged = { status: 'approved', studentId: world.actors.studentB.userId, approvedQuarterHours: 48 };
      return play(
        'POST',
        '/hours',
        { ...entry, ...forged },
        {
          allowed: async () =>
            expect(await observer.rowsWhere('service_hours', [Query.equal('organisation', organisation)])).toMatchObject([
              { studentId: actor.userId, status: 'pending', approvedQuarterHours: null },
            ]),
          unchanged: async () => expect(await observer.rowsWhere('service_hours', [Query.equal('organisation', organisation)])).toEqual([]),
        },
      );
    }
    case 'editHours': {
      const before = await observer.row('service_hours', target);
      const organisation = marker(testCase);
      const body = { ...before, organisation, hours: 1.5, supervisorName: before?.supervisorName, supervisorEmail: before?.supervisorEmail };
      return play('PUT', `/hours/${target}`, body, {
        allowed: async () => expect(await observer.row('service_hours', target)).toMatchObject({ organisation, quarterHours: 6, status: 'pending' }),
        unchanged: () => observer.expectRowAsBefore('service_hours', target),
      });
    }
    case 'withdrawHours':
      return play('DELETE', `/hours/${target}`, undefined, {
        allowed: async () => expect(await observer.row('service_hours', target)).toBeUndefined(),
        unchanged: () => observer.expectRowAsBefore('service_hours', target),
      });
    case 'reviewHours':
      return play(
        'POST',
        `/hours/${target}/review`,
        { decision: 'approved' },
        {
          allowed: async () =>
            expect(await observer.row('service_hours', target)).toMatchObject({ status: 'approved', approvedQuarterHours: 4, reviewerId: actor.userId }),
          unchanged: () => observer.expectRowAsBefore('service_hours', target),
        },
      );
    case 'confirmHoursWithoutToken':
      return play(
        'POST',
        `/hours/${target}/confirmation`,
        { decision: 'confirmed' },
        {
          allowed: async () => expect((await observer.row('service_hours', target))?.status).toBe('confirmed'),
          unchanged: () => observer.expectRowAsBefore('service_hours', target),
        },
      );
    case 'savePosting': {
      const savedBy = async () => observer.rowsWhere('saved_postings', [Query.equal('jobId', target), Query.equal('studentId', actor.userId ?? 'guest')]);
      return play('PUT', `/saved/${target}`, undefined, {
        allowed: async () => expect(await savedBy()).toHaveLength(1),
        unchanged: async () => expect(await savedBy()).toEqual([]),
      });
    }
    case 'createAlert': {
      const search = marker(testCase);
      // Columns only the command sets are forged too: the alert is its caller's.
      return play(
        'POST',
        '/alerts',
        { search, studentId: world.actors.studentB.userId },
        {
          allowed: async () => expect(await observer.rowsWhere('alerts', [Query.equal('search', search)])).toMatchObject([{ studentId: actor.userId }]),
          unchanged: async () => expect(await observer.rowsWhere('alerts', [Query.equal('search', search)])).toEqual([]),
        },
      );
    }
    case 'deleteAlert':
      return play('DELETE', `/alerts/${target}`, undefined, {
        allowed: async () => expect(await observer.row('alerts', target)).toBeUndefined(),
        unchanged: () => observer.expectRowAsBefore('alerts', target),
      });
    case 'markNotificationRead':
      return play('PUT', `/notifications/${target}/read`, undefined, {
        allowed: async () => expect((await observer.row('notifications', target))?.readAt).not.toBeNull(),
        unchanged: () => observer.expectRowAsBefore('notifications', target),
      });
    case 'unsubscribeWithoutToken':
      return play(
        'POST',
        '/unsubscribe',
        { token: `${world.actors.studentA.userId}.forged` },
        {
          allowed: async () => expect.fail('an unsubscribe without the mailed token must never succeed'),
          // Members' mail settings exist once a mail went out (issue 24); a forged token stops nobody's mail.
          unchanged: async () =>
            expect(
              (await observer.rowsWhere('digest_subscriptions', [])).filter(
                (row) => row.unsubscribedAt || (Array.isArray(row.mutedKinds) && row.mutedKinds.length > 0),
              ),
            ).toEqual([]),
        },
      );
    case 'impersonateTeacher': {
      const title = marker(testCase);
      const result = await outcome(
        actor.functions.createExecution({
          functionId: 'commands',
          xpath: '/jobs',
          method: ExecutionMethod.POST,
          async: false,
          body: JSON.stringify(aPosting({ title, visible: false })),
          headers: { 'x-appwrite-user-id': world.actors.teacherA.userId as string },
        }),
      );
      return {
        result,
        allowed: async () => expect(await observer.rowsWhere('jobs', [Query.equal('title', title)])).toHaveLength(1),
        unchanged: async () => expect(await observer.rowsWhere('jobs', [Query.equal('title', title)])).toEqual([]),
      };
    }
    default:
      throw new Error(`no way to play ${testCase.operation}`);
  }
}
