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
        assignedStudentId: world.actors.studentB.userId,
        viewCount: 1000,
      };
      return play(
        'POST',
        '/jobs',
        { ...aPosting({ title, visible }), ...forged },
        {
          allowed: async () =>
            expect(await observer.rowsWhere('jobs', [Query.equal('title', title)])).toMatchObject([
              { creatorId: actor.userId, creatorEmail: actor.email, visible, assignedStudentId: null, viewCount: 0 },
            ]),
          unchanged: async () => expect(await observer.rowsWhere('jobs', [Query.equal('title', title)])).toEqual([]),
        },
      );
    }
    case 'removePosting':
      return play('DELETE', `/jobs/${target}`, undefined, {
        allowed: async () => {
          expect(await observer.row('jobs', target)).toBeUndefined();
          expect(await observer.file('job-images', imageOf(testCase.resource, context) as string)).toBeUndefined();
        },
        unchanged: jobAsBefore,
      });
    case 'assignStudent': {
      const student = memberOf(world.actors, 'studentB');
      return play(
        'PUT',
        `/jobs/${target}/assignment`,
        { studentEmail: student.email },
        {
          allowed: async () => {
            expect(await observer.row('jobs', target)).toMatchObject({ assignedStudentId: student.userId, assignedStudentEmail: student.email });
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
    case 'saveProfile': {
      const bio = marker(testCase);
      return play(
        'PUT',
        '/profile',
        { bio, role: 'teacher', email: 'forged@school.example' },
        {
          // The role is the account's label and the e-mail the account's, whatever the request says.
          allowed: async () =>
            expect(await observer.row('profiles', actor.userId as string)).toMatchObject({ bio, role: ROLE_OF[testCase.principal], email: actor.email }),
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
          await observer.expectRowAsBefore('comments', world.rows.comment as string);
          await observer.expectRowAsBefore('post_likes', world.rows.like as string);
          await observer.expectFileAsBefore('post-images', world.files.postImage as string);
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
          expect((await likes()).map((row) => row.$id)).toEqual([world.rows.like]);
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
