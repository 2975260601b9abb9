import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPost, ProfileSave } from '@opportunity-kit/sdk';
import { MESSAGES, NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import { expectCount, itLocal, onlyOwn, type TestBackend } from '../support/backend.ts';
import { eventually, startPortalBackend } from '../support/portal.ts';
import { aFile, allPages, aPng, aRecruiter, aStudent, aTeacher, guestPortal, refusal, type PortalMember } from '../support/portal-sdk.ts';

/**
 * The SDK's `profiles`, `posts` and `newsletter` modules against the product's backend: profiles by
 * e-mail and in the network grid, saving with a photo; the feed with pages, images, likes and
 * comments; the newsletter sign-up.
 */

let backend: TestBackend;
let hr: PortalMember;
let mrsLee: PortalMember;
let sam: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [hr, mrsLee, sam] = await Promise.all([aRecruiter(backend), aTeacher(backend), aStudent(backend)]);
  // The `roles` function creates each member's profile; wait until it has.
  for (const member of [hr, mrsLee, sam])
    await eventually(
      () => member.portal.profiles.mine(),
      (profile) => profile !== null,
    );
});
afterAll(() => backend.close());

/** Made by this file's members (on a shared real Appwrite, lists hold other files' profiles and posts too). */
const ours = (userId: string): boolean => [hr, mrsLee, sam].some((member) => member.userId === userId);

/** The feed as `viewer` sees it, all pages, this file's posts only on a shared real Appwrite. */
async function ownFeed(viewer: PortalMember): Promise<FeedPost[]> {
  return onlyOwn(
    (await allPages((page) => viewer.portal.posts.feed(page))).flatMap((page) => page.items),
    (post) => ours(post.authorId),
  );
}

function aProfile(overrides: Partial<ProfileSave> = {}): ProfileSave {
  return { name: 'Sam Student', school: 'Oakville High', interests: 'coffee, chemistry', bio: 'Grade 11.', location: 'Oakville', isPublic: true, ...overrides };
}

describe('profiles', () => {
  it("reads a member's profile by e-mail, with the role from the account", async () => {
    // A teacher reads every verified student's public profile (a recruiter only an applicant's: profiles-privacy.test.ts).
    // The roles function opens the profile to members once it labels the verified account, as an event, so the read waits for it.
    await expect
      .poll(() => mrsLee.portal.profiles.getByEmail(sam.email), { timeout: 15_000 })
      .toMatchObject({ id: sam.userId, email: sam.email, role: 'student', isPublic: true, contactEmail: sam.email });
    expect(await mrsLee.portal.profiles.getByEmail('nobody@acme.example')).toBeNull();
  });

  it("saves the caller's profile with a new photo that members can then see", async () => {
    const progress: number[] = [];
    const saved = await sam.portal.profiles.save(aProfile({ photo: aPng('me.png'), contactEmail: 'Sam.Contact@Example.com' }), {
      onProgress: (step) => progress.push(step.percent),
    });
    expect(progress.at(-1)).toBe(100);
    expect(saved).toMatchObject({
      id: sam.userId,
      name: 'Sam Student',
      school: 'Oakville High',
      interests: 'coffee, chemistry',
      role: 'student',
      contactEmail: 'sam.contact@example.com',
    });
    expect(saved.photoFileId).toMatch(/^[a-z0-9]{20}$/);
    expect(await mrsLee.portal.profiles.getByEmail(sam.email)).toEqual(saved);
    const photo = await fetch(mrsLee.portal.files.viewUrl('profile-photos', saved.photoFileId as string), { headers: { cookie: mrsLee.cookieHeader() } });
    expect(photo.status).toBe(200);
  });

  it('refuses form mistakes as invalid-input with fields', async () => {
    const error = await refusal(sam.portal.profiles.save(aProfile({ name: ' ', contactEmail: 'not-an-address' })), 'invalid-input');
    expect(error.fields).toEqual({ name: 'Please enter your name', contactEmail: 'Please enter a valid email address' });
    const photo = await refusal(sam.portal.profiles.save(aProfile({ photo: aFile('me.gif.exe', 'MZ') })), 'invalid-input');
    expect(Object.keys(photo.fields)).toEqual(['photo']);
  });

  it('lists public profiles by name in the network grid; a private one only its owner reads', async () => {
    await mrsLee.portal.profiles.save({ name: 'Aaron Lee', isPublic: true });
    const grid = onlyOwn(
      (await allPages((page) => mrsLee.portal.profiles.listPublic(page))).flatMap((page) => page.items),
      (profile) => ours(profile.id),
    );
    // Names sort without regard to case, as Appwrite's default collation does.
    const names = grid.map((profile) => profile.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('aaron lee');
    expect(grid.map((profile) => profile.id)).toEqual(expect.arrayContaining([sam.userId, mrsLee.userId, hr.userId]));

    await sam.portal.profiles.save(aProfile({ isPublic: false }));
    const after = (await allPages((page) => mrsLee.portal.profiles.listPublic(page))).flatMap((page) => page.items);
    expect(after.map((profile) => profile.id)).not.toContain(sam.userId);
    expect(await mrsLee.portal.profiles.getByEmail(sam.email)).toBeNull();
    expect((await sam.portal.profiles.mine())?.isPublic).toBe(false);
    await sam.portal.profiles.save(aProfile({ isPublic: true }));
  });
});

describe('posts', () => {
  // The feed is the school's (issue 23): sam and mrsLee share one; a recruiter has none (schools-social.test.ts).
  it("publishes a post with up to 3 images, and refuses a fourth with the spec's message", async () => {
    const progress: number[] = [];
    const post = await sam.portal.posts.create(
      { content: 'First day at the cafe!', images: [aPng('a.png'), aPng('b.png')] },
      { onProgress: (step) => progress.push(step.percent) },
    );
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    expect(post).toMatchObject({ authorId: sam.userId, authorName: 'Sam Student', content: 'First day at the cafe!', likeCount: 0, commentCount: 0 });
    expect(post.imageFileIds).toHaveLength(2);
    const image = await fetch(mrsLee.portal.files.viewUrl('post-images', post.imageFileIds[0] as string), { headers: { cookie: mrsLee.cookieHeader() } });
    expect(image.status).toBe(200);

    const four = await refusal(sam.portal.posts.create({ content: 'Too many', images: [aPng(), aPng(), aPng(), aPng()] }), 'invalid-input');
    expect(four.message).toBe(MESSAGES.tooManyImages);
    expect(four.fields).toEqual({ images: MESSAGES.tooManyImages });
    await refusal(sam.portal.posts.create({ content: '   ' }), 'invalid-input');
  });

  it('pages the feed newest first, each post with whether the caller likes it', async () => {
    for (const content of ['one', 'two', 'three']) await mrsLee.portal.posts.create({ content });
    const pages = await allPages((page) => sam.portal.posts.feed(page), 2);
    expectCount(pages.length, 2);
    for (const page of pages.slice(0, -1)) {
      expect(page.items).toHaveLength(2);
      expect(page.nextCursor).toBe(page.items.at(-1)?.id);
    }
    const posts = onlyOwn(
      pages.flatMap((page) => page.items),
      (post) => ours(post.authorId),
    );
    expect(posts.map((post) => post.content)).toEqual(['three', 'two', 'one', 'First day at the cafe!']);
    expect(posts.every((post) => post.likedByMe === false)).toBe(true);
  });

  it('toggles a like per member, and the feed shows it only to the member who liked', async () => {
    const post = (await ownFeed(sam))[0]!;
    expect(await sam.portal.posts.toggleLike(post.id)).toEqual({ postId: post.id, liked: true, likeCount: 1 });
    expect((await ownFeed(sam))[0]).toMatchObject({ id: post.id, likedByMe: true, likeCount: 1 });
    expect((await ownFeed(mrsLee))[0]).toMatchObject({ id: post.id, likedByMe: false, likeCount: 1 });
    expect(await sam.portal.posts.toggleLike(post.id)).toEqual({ postId: post.id, liked: false, likeCount: 0 });
  });

  it('adds comments in order, counts them, and refuses a blank one', async () => {
    const post = (await ownFeed(sam))[0]!;
    const added = await mrsLee.portal.posts.addComment(post.id, '  Congrats!  ');
    expect(added).toMatchObject({ commentCount: 1, comment: { postId: post.id, authorId: mrsLee.userId, content: 'Congrats!' } });
    await sam.portal.posts.addComment(post.id, 'Thanks!');
    expect((await sam.portal.posts.comments(post.id)).items.map((comment) => comment.content)).toEqual(['Congrats!', 'Thanks!']);
    await refusal(mrsLee.portal.posts.addComment(post.id, '   '), 'invalid-input');
    await refusal(mrsLee.portal.posts.addComment('nosuchpost', 'Hello'), 'not-found');
  });

  it('lets only the author delete a comment, counting it down', async () => {
    const post = (await ownFeed(sam))[0]!;
    const { comment, commentCount } = await mrsLee.portal.posts.addComment(post.id, 'Oops, wrong post');
    const denied = await refusal(sam.portal.posts.deleteComment(comment.id), 'not-allowed');
    expect(denied.message).toBe('Only the author of this comment or a teacher of its school can delete it.');
    expect(await mrsLee.portal.posts.deleteComment(comment.id)).toEqual({ postId: post.id, commentCount: commentCount - 1 });
    expect((await sam.portal.posts.comments(post.id)).items.map((item) => item.id)).not.toContain(comment.id);
    await refusal(mrsLee.portal.posts.deleteComment(comment.id), 'not-found');
  });

  it('lets only the author delete a post', async () => {
    const post = await sam.portal.posts.create({ content: 'Delete me' });
    const denied = await refusal(mrsLee.portal.posts.remove(post.id), 'not-allowed');
    expect(denied.message).toBe('Only the author of this post can delete it.');
    await sam.portal.posts.remove(post.id);
    expect((await sam.portal.posts.feed({ limit: 100 })).items.map((item) => item.id)).not.toContain(post.id);
    await refusal(sam.portal.posts.remove(post.id), 'not-found');
  });
});

describe('newsletter', () => {
  // Local only: it needs the commands function's ten newsletter sign-ups an hour per client address to
  // itself; in a real-Appwrite run every file shares one address and one function (the matrix uses nine).
  itLocal("thanks a visitor in the spec's words and asks them to confirm, the same again for a repeat, and refuses a bad address", async () => {
    const { portal } = guestPortal(backend);
    expect(await portal.newsletter.subscribe('reader@example.com')).toEqual({ message: NEWSLETTER_MESSAGES.signedUp });
    expect(await sam.portal.newsletter.subscribe('reader@example.com')).toEqual({ message: NEWSLETTER_MESSAGES.signedUp });
    const error = await refusal(portal.newsletter.subscribe('reader at example'), 'invalid-input');
    expect(error.fields).toEqual({ email: 'Please enter a valid email address' });
  });
});
