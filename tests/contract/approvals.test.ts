import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job, JobChange } from '@opportunity-kit/sdk';
import { APPROVAL_MESSAGES } from '@opportunity-kit/sdk/domain';
import type { AppwriteException } from 'appwrite';
import { Users } from 'node-appwrite';
import { decideApproval } from '../../packages/functions/src/commands/approvals/approval-routes.ts';
import { findTarget, hideTarget } from '../../packages/functions/src/commands/moderation/moderation-targets.ts';
import { identifyCaller } from '../../packages/functions/src/platform/caller.ts';
import { RequestBody } from '../../packages/functions/src/platform/request-body.ts';
import { serverApiOf } from '../../packages/functions/src/platform/server-client.ts';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { command, execute, startPortalBackend, type CommandAnswer, type Member } from '../support/portal.ts';
import {
  aNewPosting,
  aRecruiter,
  aStudent,
  aTeacher,
  guestPortal,
  installRealtimeGlobals,
  refusal,
  subscribed,
  waitFor,
  type PortalMember,
} from '../support/portal-sdk.ts';

/**
 * Employer approval (issue 15, item 2): a recruiter's public postings reach students and the public
 * only once a teacher approved the recruiter; until then teachers see them in `GET /approvals`, and
 * a decision (`POST /approvals/{recruiterId}`) mails the recruiter. Approval is on when the school sets
 * nothing, which this backend proves by leaving `EMPLOYER_APPROVAL` empty.
 */

let backend: TestBackend;
let mrsLee: PortalMember;
let sam: PortalMember;

beforeAll(async () => {
  installRealtimeGlobals();
  backend = await startPortalBackend({ env: { EMPLOYER_APPROVAL: '' } });
  [mrsLee, sam] = await Promise.all([aTeacher(backend), aStudent(backend)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([mrsLee, sam].map((member) => member.portal.close()));
  await backend.close();
});

interface WaitingRecruiter {
  recruiterId: string;
  organisation: string;
  postings: Job[];
}

const queue = (by: Member) => execute<WaitingRecruiter[]>(by, 'commands', 'GET', '/approvals');
const decide = (by: Member, recruiterId: string, body: unknown): Promise<CommandAnswer> => command(by, 'POST', `/approvals/${recruiterId}`, body);

async function mailsTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

async function waitingRecruiter(): Promise<{ hr: PortalMember; job: Job }> {
  const hr = await aRecruiter(backend);
  const job = await hr.portal.jobs.create(aNewPosting({ title: 'Waiting barista', company: 'Bean There Cafe' }));
  return { hr, job };
}

describeLocal('a recruiter not yet approved', () => {
  it('sees their posting while students and the public see nothing; teachers see it in the queue', async () => {
    const { hr, job } = await waitingRecruiter();

    expect(job.waitingForApproval).toBe(true);
    expect(await hr.portal.jobs.get(job.id)).toMatchObject({ id: job.id, title: 'Waiting barista', waitingForApproval: true });
    expect(await sam.portal.jobs.get(job.id)).toBeNull();
    expect((await sam.portal.jobs.list({})).items.some((listed) => listed.id === job.id)).toBe(false);
    expect(await guestPortal(backend).portal.jobs.get(job.id)).toBeNull();
    expect(await mrsLee.portal.jobs.get(job.id)).toMatchObject({ id: job.id });

    const waiting = (await mrsLee.portal.approvals.queue()).find((entry) => entry.recruiterId === hr.userId);
    expect(waiting).toMatchObject({ organisation: 'Bean There Cafe', postings: [{ id: job.id, title: 'Waiting barista' }] });
    await hr.portal.close();
  });

  it('needs no approval when a teacher posts', async () => {
    const job = await mrsLee.portal.jobs.create(aNewPosting({ title: 'Library helper' }));
    expect(job.waitingForApproval).toBeUndefined();
    expect(await sam.portal.jobs.get(job.id)).toMatchObject({ id: job.id });
  });
});

describeLocal('deciding', () => {
  it('refuses a non-teacher, a decline without a reason and a duplicate approval, changing nothing', async () => {
    const { hr, job } = await waitingRecruiter();

    const byRecruiter = await decide(hr, hr.userId, { decision: 'approved' });
    expect(byRecruiter.error).toEqual({ code: 'not-allowed', message: APPROVAL_MESSAGES.onlyStaff });
    const byStudent = await decide(sam, hr.userId, { decision: 'approved' });
    expect(byStudent.error?.code).toBe('not-allowed');
    expect((await queue(sam)).error?.code).toBe('not-allowed');
    expect((await refusal(hr.portal.approvals.decide(hr.userId, 'approved'), 'not-allowed')).message).toBe(APPROVAL_MESSAGES.onlyStaff);
    expect((await refusal(mrsLee.portal.approvals.decide(hr.userId, 'declined'), 'invalid-input')).message).toBe(
      'Please give the employer a reason for declining',
    );
    const noReason = await decide(mrsLee, hr.userId, { decision: 'declined', reason: '  ' });
    expect(noReason.error).toMatchObject({ code: 'invalid-input', fields: { reason: 'Please give the employer a reason for declining' } });
    expect(await sam.portal.jobs.get(job.id)).toBeNull();
    expect((await queue(mrsLee)).data?.some((entry) => entry.recruiterId === hr.userId)).toBe(true);

    expect((await decide(mrsLee, hr.userId, { decision: 'approved' })).error).toBeUndefined();
    const again = await decide(mrsLee, hr.userId, { decision: 'approved' });
    expect(again.error).toMatchObject({ code: 'invalid-input', message: 'This employer is already approved.' });
    expect(await mailsTo(hr.email)).toHaveLength(1);
    await hr.portal.close();
  });

  it('approving publishes the postings live to an open listing, mails the recruiter, and later postings are public at once', async () => {
    const { hr, job } = await waitingRecruiter();
    const changes: JobChange[] = [];
    const stop = await subscribed(() => sam.portal.jobs.subscribe({}, (change) => changes.push(change)));

    expect(await mrsLee.portal.approvals.decide(hr.userId, 'approved')).toMatchObject({ recruiterId: hr.userId, status: 'approved' });

    const seen = await waitFor('the approved posting', () => changes.find((change) => change.job.id === job.id));
    expect(seen).toMatchObject({ matches: true, job: { title: 'Waiting barista' } });
    await stop();
    expect(seen?.job.waitingForApproval).toBeUndefined();
    expect(await sam.portal.jobs.get(job.id)).toMatchObject({ id: job.id });
    expect(await guestPortal(backend).portal.jobs.get(job.id)).toMatchObject({ id: job.id });
    expect((await queue(mrsLee)).data?.some((entry) => entry.recruiterId === hr.userId)).toBe(false);
    const [mail] = await mailsTo(hr.email);
    expect(mail?.subject).toBe('Your postings are now visible to students');

    const next = await hr.portal.jobs.create(aNewPosting({ title: 'Second shift' }));
    expect(await sam.portal.jobs.get(next.id)).toMatchObject({ id: next.id });
    await hr.portal.close();
  });

  it('declining keeps the postings hidden and tells the recruiter why', async () => {
    const { hr, job } = await waitingRecruiter();

    const declined = await decide(mrsLee, hr.userId, { decision: 'declined', reason: 'We could not verify this business.' });

    expect(declined.data).toMatchObject({ status: 'declined', reason: 'We could not verify this business.' });
    expect(await sam.portal.jobs.get(job.id)).toBeNull();
    const later = await hr.portal.jobs.create(aNewPosting({ title: 'Still waiting' }));
    expect(await sam.portal.jobs.get(later.id)).toBeNull();
    const [mail] = await mailsTo(hr.email);
    expect(mail?.text).toContain('Reason: We could not verify this business.');
    await hr.portal.close();
  });
});

describeLocal('an approval that overlaps a hide', () => {
  /**
   * A teacher approves an employer while another hides one of its postings: the approval listed the
   * postings before the hide landed and only then wrote their readers. The hidden posting must stay
   * hidden from students.
   */
  it('never publishes the posting a teacher hid meanwhile', async () => {
    const { job } = await waitingRecruiter();
    const api = serverApiOf(adminClient(backend));
    let hidden = false;
    const tables = new Proxy(api.tables, {
      get(target, name, receiver) {
        if (name !== 'listRows') return Reflect.get(target, name, receiver) as unknown;
        return async (params: { databaseId: string; tableId: string; queries?: string[] }) => {
          const listed = await target.listRows(params);
          // The hide lands right after the approval listed the recruiter's postings.
          if (!hidden && params.tableId === 'jobs' && listed.rows.some((row) => row.$id === job.id)) {
            hidden = true;
            await hideTarget(api, (await findTarget(api, 'job', job.id))!, 'Misleading pay');
          }
          return listed;
        };
      },
    });
    const caller = await identifyCaller(mrsLee.userId, new Users(adminClient(backend)));
    const body = RequestBody.parse(JSON.stringify({ decision: 'approved' }));
    await decideApproval({ caller, body, params: { recruiterId: job.creatorId }, api: { ...api, tables }, query: {}, clientIp: '' });
    expect(hidden).toBe(true);
    expect(await sam.portal.jobs.get(job.id)).toBeNull();
    expect(await guestPortal(backend).portal.jobs.get(job.id)).toBeNull();
    expect(await mrsLee.portal.jobs.get(job.id)).toMatchObject({ id: job.id, hiddenReason: 'Misleading pay' });
  });
});

describeLocal('an approval that overlaps a removal', () => {
  it('publishes the postings still there when one was removed after it listed them', async () => {
    const { hr, job } = await waitingRecruiter();
    const other = await hr.portal.jobs.create(aNewPosting({ title: 'Waiting dishwasher', company: 'Bean There Cafe' }));
    const api = serverApiOf(adminClient(backend));
    let removed = '';
    const tables = new Proxy(api.tables, {
      get(target, name, receiver) {
        if (name !== 'listRows') return Reflect.get(target, name, receiver) as unknown;
        return async (params: { databaseId: string; tableId: string; queries?: string[] }) => {
          const listed = await target.listRows(params);
          // The first posting the approval listed is removed before it is republished.
          const first = listed.rows.find((row) => row.$id === job.id || row.$id === other.id);
          if (!removed && params.tableId === 'jobs' && first) {
            removed = first.$id;
            await target.deleteRow({ databaseId: params.databaseId, tableId: 'jobs', rowId: removed });
          }
          return listed;
        };
      },
    });
    const caller = await identifyCaller(mrsLee.userId, new Users(adminClient(backend)));
    const body = RequestBody.parse(JSON.stringify({ decision: 'approved' }));
    await decideApproval({ caller, body, params: { recruiterId: job.creatorId }, api: { ...api, tables }, query: {}, clientIp: '' });
    const kept = removed === job.id ? other : job;
    expect(removed).not.toBe('');
    expect(await sam.portal.jobs.get(kept.id)).toMatchObject({ id: kept.id });
  });
});

describeLocal('the recruiter_approvals rows', () => {
  it('are read by their recruiter and teachers only, and no client writes one', async () => {
    const { hr } = await waitingRecruiter();
    const other = await aRecruiter(backend);
    const read = (by: Member) =>
      by.tablesDB.getRow({ databaseId: 'portal', tableId: 'recruiter_approvals', rowId: hr.userId }).then(
        (row) => row.organisation as string,
        (error: AppwriteException) => error.type,
      );

    expect(await read(hr)).toBe('Bean There Cafe');
    expect(await read(mrsLee)).toBe('Bean There Cafe');
    expect(await read(sam)).toBe('row_not_found');
    expect(await read(other)).toBe('row_not_found');
    const listed = await sam.tablesDB.listRows({ databaseId: 'portal', tableId: 'recruiter_approvals' });
    expect(listed.total).toBe(0);

    const forged = await hr.tablesDB.updateRow({ databaseId: 'portal', tableId: 'recruiter_approvals', rowId: hr.userId, data: { status: 'approved' } }).then(
      () => 'updated',
      (error: AppwriteException) => error.type,
    );
    expect(forged).toBe('user_unauthorized');
    const created = await other.tablesDB
      .createRow({
        databaseId: 'portal',
        tableId: 'recruiter_approvals',
        rowId: other.userId,
        data: { organisation: 'Forged', recruiterName: 'F', recruiterEmail: other.email, status: 'approved' },
      })
      .then(
        () => 'created',
        (error: AppwriteException) => error.type,
      );
    expect(created).toBe('user_unauthorized');
    expect(await read(hr)).toBe('Bean There Cafe');
    expect((await mrsLee.tablesDB.getRow({ databaseId: 'portal', tableId: 'recruiter_approvals', rowId: hr.userId })).status).toBe('pending');
    await Promise.all([hr.portal.close(), other.portal.close()]);
  });
});
