import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationChange, PortalNotification } from '@opportunity-kit/sdk';
import { ALERT_MESSAGES, DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { alertsSettled, mailsTo, tickDigest } from '../support/alerts.ts';
import { ID, Permission, Query, Role, TablesDB } from 'node-appwrite';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { command, eventually, startPortalBackend } from '../support/portal.ts';
import { dayFromNow } from '../support/postings.ts';
import {
  aNewPosting,
  aPdf,
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
 * In-app notifications and the daily digest (issue 17), through the official SDK and the portal
 * client: the `alerts` function matches a posting against saved searches from the posting's events
 * and never tells a student about a posting they cannot read; a decision on an application and a
 * saved posting's near deadline notify too; the schedule mails at most one digest a day, whose
 * unsubscribe link works without a session.
 */

let backend: TestBackend;
let teacherTia: PortalMember;
const members: PortalMember[] = [];

beforeAll(async () => {
  installRealtimeGlobals();
  backend = await startPortalBackend();
  teacherTia = await aTeacher(backend);
}, 60_000);
afterAll(async () => {
  await Promise.all([teacherTia, ...members].map((member) => member?.portal.close()));
  await backend?.close();
});

async function aStudentWithAlert(search: string): Promise<PortalMember> {
  const member = await aStudent(backend);
  members.push(member);
  await member.portal.alerts.create({ search });
  return member;
}

const notificationsOf = async (member: PortalMember): Promise<PortalNotification[]> => (await member.portal.notifications.list({ limit: 100 })).items;
const aboutJob = async (member: PortalMember, jobId: string): Promise<PortalNotification[]> =>
  (await notificationsOf(member)).filter((item) => item.jobId === jobId);

describe('saved-search matches', () => {
  it('notifies a student whose saved search a new public posting matches, and nobody else', async () => {
    const sam = await aStudentWithAlert('barista');
    const ana = await aStudentWithAlert('lifeguard');
    const job = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Barista at the Bean', company: 'Bean Co' }));

    const found = await eventually(
      () => aboutJob(sam, job.id),
      (items) => items.length > 0,
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'alert-match',
        jobId: job.id,
        jobTitle: 'Barista at the Bean',
        readAt: null,
        message: 'New match for your saved search: Barista at the Bean at Bean Co',
      }),
    ]);
    expect(await sam.portal.notifications.unreadCount()).toBe(1);
    await alertsSettled(backend);
    expect(await aboutJob(ana, job.id)).toEqual([]);

    // An edit that still matches adds nothing: a student hears about a posting once.
    await teacherTia.portal.jobs.edit(job.id, { ...aNewPosting({ title: 'Barista at the Bean', company: 'Bean Co' }), description: 'Now with latte art.' });
    await alertsSettled(backend);
    expect(await aboutJob(sam, job.id)).toHaveLength(1);
  });

  it('never notifies about a private posting, nor one assigned to another student, but does once one is assigned to them', async () => {
    const sam = await aStudentWithAlert('tutor');
    const ana = await aStudentWithAlert('tutor');
    const privateJob = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Math tutor', visible: false }));
    await alertsSettled(backend);
    expect(await aboutJob(sam, privateJob.id)).toEqual([]);
    expect(await aboutJob(ana, privateJob.id)).toEqual([]);

    // Assigned to Sam: Sam may now read it (and is told of the assignment too, issue 24), Ana still may not.
    await teacherTia.portal.jobs.assign(privateJob.id, sam.email);
    await eventually(
      () => aboutJob(sam, privateJob.id),
      (items) => items.length > 1,
    );
    await alertsSettled(backend);
    expect((await aboutJob(sam, privateJob.id)).map((item) => item.kind).sort()).toEqual(['alert-match', 'assignment']);
    expect(await aboutJob(ana, privateJob.id)).toEqual([]);
    await expect(ana.tablesDB.listRows({ databaseId: DATABASE_ID, tableId: TABLES.notifications })).resolves.toMatchObject({
      rows: expect.not.arrayContaining([expect.objectContaining({ jobId: privateJob.id })]),
    });
  });

  it('does not notify while a posting is closed, and does when it is reopened', async () => {
    const sam = await aStudentWithAlert('gardener');
    const job = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Florist helper' }));
    await teacherTia.portal.jobs.setState(job.id, 'closed');
    await teacherTia.portal.jobs.edit(job.id, aNewPosting({ title: 'Gardener helper' }));
    await alertsSettled(backend);
    expect(await aboutJob(sam, job.id)).toEqual([]);

    await teacherTia.portal.jobs.setState(job.id, 'open');
    const found = await eventually(
      () => aboutJob(sam, job.id),
      (items) => items.length > 0,
    );
    expect(found).toHaveLength(1);
  });

  it('finds a saved search kept before the index existed, and never one that was deleted (issue 27)', async () => {
    const tables = new TablesDB(adminClient(backend));
    // A search saved before issue 27: its row has no keys and no `keysVersion`.
    const sam = await aStudent(backend);
    members.push(sam);
    const legacy = await tables.createRow({
      databaseId: DATABASE_ID,
      tableId: TABLES.alerts,
      rowId: ID.unique(),
      data: { studentId: sam.userId, search: 'beekeeper', postingTypes: [], locations: [], clusters: [] },
      permissions: [Permission.read(Role.user(sam.userId))],
    });
    // One deleted through the portal leaves no key behind.
    const ana = await aStudentWithAlert('beekeeper');
    const [anaAlert] = await ana.portal.alerts.list();
    const keysOf = async (alertId: string) =>
      (await tables.listRows({ databaseId: DATABASE_ID, tableId: TABLES.alertKeys, queries: [Query.equal('alertId', alertId)] })).total;
    expect(await keysOf(anaAlert!.id)).toBeGreaterThan(0);
    await ana.portal.alerts.remove(anaAlert!.id);
    expect(await keysOf(anaAlert!.id)).toBe(0);

    const job = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Beekeeper assistant' }));
    const found = await eventually(
      () => aboutJob(sam, job.id),
      (items) => items.length > 0,
    );
    expect(found).toEqual([expect.objectContaining({ kind: 'alert-match', alertId: legacy.$id })]);
    expect(await keysOf(legacy.$id)).toBeGreaterThan(0);
    await alertsSettled(backend);
    expect(await aboutJob(ana, job.id)).toEqual([]);
  });

  it('delivers a new notification live through realtime', async () => {
    const sam = await aStudentWithAlert('lifeguard');
    const changes: NotificationChange[] = [];
    const stop = await subscribed(() => sam.portal.notifications.subscribe((change) => changes.push(change)));
    const job = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Lifeguard at the pool' }));
    const change = await waitFor('the live notification', () => changes.find((item) => item.notification.jobId === job.id), 20_000);
    expect(change).toMatchObject({ action: 'create', notification: { kind: 'alert-match', jobTitle: 'Lifeguard at the pool' } });
    await stop();
  });
});

describe('reading notifications', () => {
  it('marks one read, then all, and never another student’s', async () => {
    const sam = await aStudentWithAlert('cashier');
    const ana = await aStudentWithAlert('nothing-matches-this');
    const first = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Cashier mornings' }));
    const second = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Cashier evenings' }));
    const both = await eventually(
      () => notificationsOf(sam),
      (items) => items.filter((item) => item.jobId === first.id || item.jobId === second.id).length === 2,
    );
    const one = both.find((item) => item.jobId === first.id) as PortalNotification;

    expect((await command(ana, 'PUT', `/notifications/${one.id}/read`)).error).toMatchObject({
      code: 'not-found',
      message: ALERT_MESSAGES.notificationNotFound,
    });
    expect((await sam.portal.notifications.markRead(one.id)).readAt).not.toBeNull();
    expect(await sam.portal.notifications.unreadCount()).toBe(1);
    expect(await sam.portal.notifications.markAllRead()).toEqual({ marked: 1 });
    expect(await sam.portal.notifications.unreadCount()).toBe(0);
  });

  it('cannot be written by the student directly', async () => {
    const sam = await aStudentWithAlert('kitchen');
    const job = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Kitchen porter' }));
    const [item] = await eventually(
      () => aboutJob(sam, job.id),
      (items) => items.length > 0,
    );
    await expect(
      sam.tablesDB.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.notifications, rowId: item?.id ?? '', data: { readAt: new Date().toISOString() } }),
    ).rejects.toMatchObject({ code: 401 });
  });
});

describe('application decisions', () => {
  it('notifies the applicant when their application is accepted', async () => {
    const sam = await aStudent(backend);
    members.push(sam);
    const job = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Theatre usher' }));
    const application = await sam.portal.applications.submit({
      jobId: job.id,
      relevantExperiences: 'School plays.',
      interestInRole: 'I love the stage.',
      careerGoals: 'Stage management.',
      resume: aPdf(),
    });
    await teacherTia.portal.applications.setStatus(application.id, 'accepted');
    const found = await eventually(
      () => notificationsOf(sam),
      (items) => items.some((item) => item.kind === 'application-status'),
    );
    expect(found.find((item) => item.kind === 'application-status')).toMatchObject({
      applicationId: application.id,
      message: 'Your application for Theatre usher was accepted.',
    });
  });
});

// The digest goes through the development outbox and the dev schedule-tick route, which only the local backend has.
describeLocal('the daily digest', () => {
  it('reminds of a saved posting’s near deadline, mails at most one digest a day, and unsubscribes without a session', async () => {
    const sam = await aStudentWithAlert('animal');
    const match = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Animal shelter helper' }));
    const closingSoon = await teacherTia.portal.jobs.create(
      aNewPosting({ title: 'Science camp', applicationDeadline: dayFromNow(2), startDate: dayFromNow(14) }),
    );
    await sam.portal.saved.save(closingSoon.id);
    await eventually(
      () => aboutJob(sam, match.id),
      (items) => items.length > 0,
    );

    await tickDigest(backend);
    const deadline = await aboutJob(sam, closingSoon.id);
    expect(deadline).toEqual([expect.objectContaining({ kind: 'deadline', message: `Applications for Science camp close on ${dayFromNow(2)}.` })]);
    const mails = await mailsTo(backend, sam.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Animal shelter helper');
    expect(mails[0]?.text).toContain('Science camp');

    // A second run the same day sends nothing more.
    await teacherTia.portal.jobs.create(aNewPosting({ title: 'Animal hospital volunteer' }));
    await alertsSettled(backend);
    await tickDigest(backend);
    expect(await mailsTo(backend, sam.email)).toHaveLength(1);

    // The link works for a guest; a forged token is refused.
    const link = new URL(mails[0]?.links.find((candidate) => candidate.includes('/unsubscribe')) ?? 'http://invalid.example/');
    const token = link.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    const visitor = guestPortal(backend).portal;
    expect((await refusal(visitor.notifications.unsubscribeDigest(`${token}x`), 'invalid-input')).message).toBe(ALERT_MESSAGES.unsubscribeInvalid);
    expect(await visitor.notifications.unsubscribeDigest(token)).toEqual({ message: ALERT_MESSAGES.unsubscribed });
  });
});
