import { AppwriteException, ID, Query } from 'appwrite';
import { AppwriteException as NodeAppwriteException, Storage as AdminStorage } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { command, guest, PDF, PNG, recruiter, startPortalBackend, student, teacher, upload, type Member } from '../support/portal.ts';
import { SCHOOL_A } from '../support/schools.ts';

/**
 * Uploads (issue 21, item 19): a client uploads only into `uploads`, where nobody but the server
 * reads, lists, changes or deletes a file, whatever permissions its uploader gave it. A command
 * moves the uploader's own file into the bucket of what it is attached to, with that thing's
 * readers; an upload nothing attached is deleted after a while (an AI review deletes the upload it
 * read at once: `ai-local.test.ts`).
 */

const READABLE_BUCKETS = ['job-images', 'post-images', 'profile-photos', 'resumes', 'interview-recordings'] as const;
const CONTENT: Record<(typeof READABLE_BUCKETS)[number], { name: string; bytes: Buffer }> = {
  'job-images': { name: 'job.png', bytes: PNG },
  'post-images': { name: 'post.png', bytes: PNG },
  'profile-photos': { name: 'me.png', bytes: PNG },
  resumes: { name: 'resume.pdf', bytes: PDF },
  'interview-recordings': { name: 'session.webm', bytes: Buffer.from('not really a webm') },
};
const EVERYONE = ['read("any")', 'read("users")'];

let backend: TestBackend;
let files: AdminStorage;
let sam: Member;
let ana: Member;
let hr: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  files = new AdminStorage(adminClient(backend));
  [sam, ana, hr] = await Promise.all([student(backend), student(backend), recruiter(backend)]);
});
afterAll(async () => {
  await backend.close();
});

/** The status an Appwrite call answered through either SDK (200 when it succeeded). */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof AppwriteException || error instanceof NodeAppwriteException) return error.code;
    throw error;
  }
}

const fileOf = (name: string, bytes: Buffer) => new File([new Uint8Array(bytes)], name);

describe('what a client uploads', () => {
  it('never lands where others read it, whatever permissions the uploader asks for', async () => {
    for (const bucketId of READABLE_BUCKETS) {
      const { name, bytes } = CONTENT[bucketId];
      const created = await statusOf(sam.storage.createFile({ bucketId, fileId: ID.unique(), file: fileOf(name, bytes), permissions: EVERYONE }));
      expect({ bucketId, created }).toEqual({ bucketId, created: 401 });
    }
  });

  it('is read, listed, changed and deleted by nobody but the server, its uploader included', async () => {
    const staged = await sam.storage.createFile({ bucketId: 'uploads', fileId: ID.unique(), file: fileOf('open.png', PNG), permissions: EVERYONE });
    for (const browser of [guest(backend), ana, hr, sam]) {
      expect(await statusOf(browser.storage.getFile({ bucketId: 'uploads', fileId: staged.$id }))).toBe(401);
      expect(await statusOf(browser.storage.listFiles({ bucketId: 'uploads' }))).toBe(401);
      expect(await statusOf(browser.storage.updateFile({ bucketId: 'uploads', fileId: staged.$id, permissions: ['read("any")'] }))).toBe(401);
      expect(await statusOf(browser.storage.deleteFile({ bucketId: 'uploads', fileId: staged.$id }))).toBe(401);
    }
    expect((await files.getFile({ bucketId: 'uploads', fileId: staged.$id })).$id).toBe(staged.$id);
  });
});

describe('attaching an upload', () => {
  it("moves the uploader's own file into its bucket with the readers of what it is attached to", async () => {
    const image = await upload(sam, 'post.png', PNG);
    const answer = await command<{ id: string; imageFileIds: string[] }>(sam, 'POST', '/posts', { content: 'With a picture', imageFileIds: [image] });
    expect(answer.status).toBe(200);
    expect(answer.data?.imageFileIds).toEqual([image]);
    const attached = await files.getFile({ bucketId: 'post-images', fileId: image });
    // Read by the post's readers: its school's members (issue 23).
    expect(attached.$permissions.sort()).toEqual(['delete("user:' + sam.userId + '")', 'read("team:' + SCHOOL_A.id + '")'].sort());
    expect(await statusOf(files.getFile({ bucketId: 'uploads', fileId: image }))).toBe(404);
    expect(await statusOf(ana.storage.getFile({ bucketId: 'post-images', fileId: image }))).toBe(200);
    // Attached once: it is no upload any more, so no second post (nor anyone else) takes it again.
    const again = await command(sam, 'POST', '/posts', { content: 'Same picture', imageFileIds: [image] });
    expect(again.status).toBe(400);
  });

  it("refuses someone else's upload and leaves it where it was", async () => {
    const theirs = await upload(ana, 'theirs.png', PNG);
    const answer = await command(sam, 'POST', '/posts', { content: 'Borrowed', imageFileIds: [theirs] });
    expect(answer.error?.message).toBe('Please upload the images again: each must be your own upload');
    expect(await statusOf(files.getFile({ bucketId: 'post-images', fileId: theirs }))).toBe(404);
    expect(await statusOf(files.getFile({ bucketId: 'uploads', fileId: theirs }))).toBe(200);
  });

  it('attaches one upload once when two commands name it at the same moment', async () => {
    const image = await upload(sam, 'twice.png', PNG);
    const answers = await Promise.all([1, 2, 3].map((n) => command(sam, 'POST', '/posts', { content: `Race ${n}`, imageFileIds: [image] })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
  });

  it("refuses a file of the wrong kind for its bucket, e.g. a PDF as a post's image", async () => {
    const pdf = await upload(sam, 'notes.pdf', PDF);
    const answer = await command(sam, 'POST', '/posts', { content: 'A PDF', imageFileIds: [pdf] });
    expect(answer.status).toBe(400);
    expect(await statusOf(files.getFile({ bucketId: 'post-images', fileId: pdf }))).toBe(404);
  });
});

describeLocal('uploads nothing attached', () => {
  let shortLived: TestBackend;
  beforeAll(async () => {
    shortLived = await startPortalBackend({ env: { UPLOAD_TTL_SECONDS: '0' } });
  });
  afterAll(async () => {
    await shortLived.close();
  });

  it("are deleted by the `commands` function's schedule once they are older than the upload's time to live", async () => {
    const member = await teacher(shortLived);
    const staged = await upload(member, 'forgotten.png', PNG);
    const admin = new AdminStorage(adminClient(shortLived));
    expect(await statusOf(admin.getFile({ bucketId: 'uploads', fileId: staged }))).toBe(200);
    const tick = await fetch(`${shortLived.endpoint}/dev/functions/commands/schedule-tick`, { method: 'POST' });
    expect(tick.ok).toBe(true);
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if ((await statusOf(admin.getFile({ bucketId: 'uploads', fileId: staged }))) === 404) break;
    }
    expect(await statusOf(admin.getFile({ bucketId: 'uploads', fileId: staged }))).toBe(404);
    expect((await admin.listFiles({ bucketId: 'uploads', queries: [Query.limit(1)] })).total).toBe(0);
  });
});
