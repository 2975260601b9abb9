import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { signIn, signUp } from './support/accounts.ts';
import { files, outboxLink, unique } from './support/steps.ts';

/**
 * The blog: a post with three images (a fourth refused), seen live in a second browser, liked and
 * unliked, commented on, and deleted by its author after confirming.
 */

useChromium();

journey('a member posts with 3 images, another sees it live, likes, comments, and the author deletes it', async ({ portal, window, focus }) => {
  const { aisha: author, nguyen: reader } = portal.people;
  const content = unique('Our art club mural is finished!');

  // The second browser is on the feed before the post exists.
  const other = await window();
  await signIn(other, reader!);
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await other.getByRole('heading', { name: 'Recent posts' }).waitFor();
  await other.getByRole('article').first().waitFor();

  const page = await window();
  await signIn(page, author!);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  const composer = page.getByRole('form', { name: 'New post' });
  await composer.getByLabel('Share an update').fill(content);
  await composer.getByLabel('Add images').setInputFiles([files.png('mural-1.png'), files.png('mural-2.png'), files.png('mural-3.png')]);
  const previews = composer.getByRole('list', { name: 'Images to post' }).getByRole('listitem');
  await expect.poll(() => previews.count()).toBe(3);
  await composer.getByLabel('Add images').setInputFiles([files.png('mural-4.png')]);
  await composer.getByRole('alert').filter({ hasText: MESSAGES.tooManyImages }).waitFor();
  expect(await previews.count()).toBe(3);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();

  const mine = page.getByRole('article').filter({ hasText: content });
  await mine.waitFor();
  await expect.poll(() => mine.getByRole('img', { name: /^Image \d of 3 posted by/ }).count()).toBe(3);

  // The other browser gets it without a reload, images and all; only the author may delete it.
  focus(other);
  const theirs = other.getByRole('article').filter({ hasText: content });
  await theirs.waitFor();
  await expect.poll(() => theirs.getByRole('img', { name: /^Image \d of 3 posted by/ }).count()).toBe(3);
  expect(await theirs.getByRole('button', { name: 'Delete Post' }).count()).toBe(0);

  // Like, then unlike.
  const like = theirs.getByRole('button', { name: 'Like', exact: true });
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
  await theirs.getByText('1 like', { exact: true }).waitFor();
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
  await theirs.getByText('0 likes', { exact: true }).waitFor();

  // A comment (a blank one is ignored).
  await theirs.getByRole('button', { name: 'Comments (0)' }).click();
  await theirs.getByText('No comments yet.').waitFor();
  await theirs.getByRole('button', { name: 'Comment', exact: true }).click();
  await theirs.getByLabel('Add a comment').fill('It looks amazing, well done!');
  await theirs.getByRole('button', { name: 'Comment', exact: true }).click();
  await theirs.getByText('It looks amazing, well done!').waitFor();
  await theirs.getByRole('button', { name: 'Comments (1)' }).waitFor();
  expect(await theirs.getByRole('listitem').filter({ hasText: 'It looks amazing' }).count()).toBe(1);
  // A second comment, sent by mistake: its author deletes it after confirming (issue 25).
  await theirs.getByLabel('Add a comment').fill('Wrong post, sorry');
  await theirs.getByRole('button', { name: 'Comment', exact: true }).click();
  await theirs.getByRole('button', { name: 'Comments (2)' }).waitFor();
  await theirs.getByRole('listitem').filter({ hasText: 'Wrong post, sorry' }).getByRole('button', { name: 'Delete your comment' }).click();
  await other.getByRole('alertdialog', { name: 'Delete comment' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await theirs.getByRole('button', { name: 'Comments (1)' }).waitFor();
  await theirs.getByText('Comment deleted').waitFor();
  expect(await theirs.getByText('Wrong post, sorry').count()).toBe(0);
  // The posted images show whole, never cropped (issue 25).
  expect(
    await theirs.getByRole('img', { name: /^Image \d of 3 posted by/ }).evaluateAll((images) => images.map((image) => getComputedStyle(image).objectFit)),
  ).toEqual(['contain', 'contain', 'contain']);

  // The author deletes it after confirming; it leaves both feeds.
  focus(page);
  await mine.getByRole('button', { name: 'Delete Post' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete post' });
  await dialog.getByText(MESSAGES.confirmDeletePost).waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('status').filter({ hasText: MESSAGES.postDeleted }).waitFor();
  await mine.waitFor({ state: 'detached' });
  await theirs.waitFor({ state: 'detached' });
});

journey("each school's feed is its own: another school's student and a recruiter see none of it (issue 23)", async ({ portal, window }) => {
  const { maya, noah, jordan } = portal.people;
  // Maya (Escarpment Heights) reads her school's feed, with its demo posts.
  const page = await window();
  await signIn(page, maya!);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await page.getByRole('article').filter({ hasText: 'STEM camp assistant' }).waitFor();

  // Noah (Lakeshore) does not: the posts are read by Escarpment's members only.
  const other = await window();
  await signIn(other, noah!);
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  // Lakeshore's feed has no post of the demo yet: it loads empty, with a composer for its own posts.
  await other.getByText('No posts yet. Be the first to share something!').waitFor();
  await other.getByRole('form', { name: 'New post' }).waitFor();
  expect(await other.getByRole('article').filter({ hasText: 'STEM camp assistant' }).count()).toBe(0);

  // A recruiter belongs to no school: the page says so, and offers no composer.
  const employer = await window();
  await signIn(employer, jordan!);
  await employer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await employer.getByRole('status').getByText('The feed belongs to each school').waitFor();
  expect(await employer.getByRole('form', { name: 'New post' }).count()).toBe(0);
});

journey('a student no school has confirmed yet is told why the feed and the network are empty (issue 23)', async ({ portal, window }) => {
  const tag = randomBytes(3).toString('hex');
  const newcomer = { name: `Nia New ${tag}`, email: `1nia${tag}@${portal.schoolDomain}`, password: `quiet harbour ${tag} lamp` };
  const page = await window('/signup');
  await signUp(page, newcomer);
  await page.goto(await outboxLink(portal, newcomer.email));
  await page.getByText('Your e-mail address is verified.').waitFor();

  await page.goto('/blog');
  const feedNotice = page.getByRole('status').filter({ hasText: 'The feed is your school’s own and opens once your school confirms you.' });
  await feedNotice.getByRole('link', { name: 'Ask to join your school' }).waitFor();
  // The feed loaded, and the school's posts are not the newcomer's to read.
  await page.getByText('No posts yet. Be the first to share something!').waitFor();
  expect(await page.getByRole('article').count()).toBe(0);

  await page.goto('/network');
  await page.getByRole('status').filter({ hasText: 'The network is your school’s own and opens once your school confirms you.' }).waitFor();
});
