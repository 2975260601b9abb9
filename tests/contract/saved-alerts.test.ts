import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS, ALERT_MESSAGES, DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import type { TestBackend } from '../support/backend.ts';
import { command, startPortalBackend } from '../support/portal.ts';
import { aNewPosting, aStudent, aTeacher, refusal, type PortalMember } from '../support/portal-sdk.ts';

/**
 * Saved postings and saved searches (issue 17) through the official SDK and the portal client: only
 * students keep them, only they read them, a saved posting stays listed once closed or removed, and
 * every bad input is refused with its message and changes nothing.
 */

let backend: TestBackend;
let sam: PortalMember;
let ana: PortalMember;
let teacherTia: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [sam, ana, teacherTia] = await Promise.all([aStudent(backend), aStudent(backend), aTeacher(backend)]);
}, 60_000);
afterAll(() => backend?.close());

describe('saved postings', () => {
  it('saves a posting once, lists it with its title, and unsaves it', async () => {
    const job = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Library assistant', company: 'Town Library' }));
    const saved = await sam.portal.saved.save(job.id);
    expect(saved).toMatchObject({ jobId: job.id, title: 'Library assistant', company: 'Town Library', status: 'open' });
    await sam.portal.saved.save(job.id);
    expect((await sam.portal.saved.list()).filter((item) => item.jobId === job.id)).toHaveLength(1);
    expect(await ana.portal.saved.list()).toEqual([]);

    await sam.portal.saved.unsave(job.id);
    expect((await sam.portal.saved.list()).map((item) => item.jobId)).not.toContain(job.id);
  });

  it('refuses a posting the student cannot read as not found, and saves nothing', async () => {
    const privateJob = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Private tutoring', visible: false }));
    const before = await sam.portal.saved.list();
    const thrown = await refusal(sam.portal.saved.save(privateJob.id), 'not-found');
    expect(thrown.message).toBe('Job not found');
    expect(await sam.portal.saved.list()).toEqual(before);
  });

  it('is for students only', async () => {
    const job = await teacherTia.portal.jobs.create(aNewPosting());
    expect((await command(teacherTia, 'PUT', `/saved/${job.id}`)).error).toMatchObject({ code: 'not-allowed', message: ALERT_MESSAGES.onlyStudents });
  });

  it('keeps a closed posting listed as closed, and a removed one as removed with its title', async () => {
    const closing = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Camp counsellor' }));
    const removing = await teacherTia.portal.jobs.create(aNewPosting({ title: 'Robotics mentor' }));
    await ana.portal.saved.save(closing.id);
    await ana.portal.saved.save(removing.id);
    await teacherTia.portal.jobs.setState(closing.id, 'closed');
    await teacherTia.portal.jobs.remove(removing.id);

    const list = await ana.portal.saved.list();
    expect(list.find((item) => item.jobId === closing.id)).toMatchObject({ title: 'Camp counsellor', status: 'closed' });
    expect(list.find((item) => item.jobId === removing.id)).toMatchObject({ title: 'Robotics mentor', status: 'removed', job: null });
  });

  it('is read by its student only: another student cannot read the row', async () => {
    const job = await teacherTia.portal.jobs.create(aNewPosting());
    await sam.portal.saved.save(job.id);
    const { rows } = await sam.tablesDB.listRows({ databaseId: DATABASE_ID, tableId: TABLES.savedPostings });
    expect(rows.length).toBeGreaterThan(0);
    await expect(ana.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.savedPostings, rowId: rows[0]?.$id ?? '' })).rejects.toMatchObject({
      code: 404,
    });
  });
});

describe('saved searches', () => {
  it('saves the listing filter, lists it, and deletes it', async () => {
    const alert = await sam.portal.alerts.create({ search: '  barista  ', postingTypes: ['Job'], locations: ['Toronto'] });
    expect(alert).toMatchObject({ search: 'barista', postingTypes: ['Job'], locations: ['Toronto'], clusters: [], startDate: null, endDate: null });
    expect((await sam.portal.alerts.list()).map((item) => item.id)).toContain(alert.id);
    await sam.portal.alerts.remove(alert.id);
    expect((await sam.portal.alerts.list()).map((item) => item.id)).not.toContain(alert.id);
  });

  it('refuses an alert with no criteria, on the server too, and saves nothing', async () => {
    const before = (await sam.portal.alerts.list()).length;
    expect((await refusal(sam.portal.alerts.create({ search: '   ', locations: [] }), 'invalid-input')).message).toBe(ALERT_MESSAGES.noCriteria);
    const answer = await command(sam, 'POST', '/alerts', { search: '', postingTypes: [] });
    expect(answer).toMatchObject({ status: 400, error: { code: 'invalid-input', message: ALERT_MESSAGES.noCriteria } });
    expect((await sam.portal.alerts.list()).length).toBe(before);
  });

  it.each([
    ['an end date without a start date', { search: 'coach', endDate: '2031-01-01' }, 'endDate', ALERT_MESSAGES.endDateWithoutStart],
    ['an unknown posting type', { postingTypes: ['Internship'] }, 'postingTypes', ALERT_MESSAGES.postingTypeInvalid],
    ['a search without words', { search: '!!!' }, 'search', ALERT_MESSAGES.searchNoWords],
  ])('refuses %s with its message', async (_name, body, field, message) => {
    const answer = await command(sam, 'POST', '/alerts', body);
    expect(answer.error).toMatchObject({ code: 'invalid-input', fields: { [field]: message } });
  });

  it('refuses a 21st saved search with a clear message and keeps 20', async () => {
    const dana = await aStudent(backend);
    for (let index = 0; index < ALERT_LIMITS.perStudent; index++) await dana.portal.alerts.create({ search: `word${index}` });
    const answer = await command(dana, 'POST', '/alerts', { search: 'one more' });
    expect(answer).toMatchObject({ status: 400, error: { code: 'invalid-input', message: ALERT_MESSAGES.tooMany } });
    expect(await dana.portal.alerts.list()).toHaveLength(ALERT_LIMITS.perStudent);
  }, 60_000);

  it("never lets another student read or delete someone's saved search", async () => {
    const alert = await sam.portal.alerts.create({ clusters: ['Engineering'] });
    await expect(ana.tablesDB.getRow({ databaseId: DATABASE_ID, tableId: TABLES.alerts, rowId: alert.id })).rejects.toMatchObject({ code: 404 });
    expect((await command(ana, 'DELETE', `/alerts/${alert.id}`)).error).toMatchObject({ code: 'not-found', message: ALERT_MESSAGES.alertNotFound });
    expect((await sam.portal.alerts.list()).map((item) => item.id)).toContain(alert.id);
  });
});
