import { expect } from 'vitest';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { followNav, unique } from './support/steps.ts';

/**
 * Report and moderate (issue 15, item 4), end to end: a student reports a classmate's comment with a
 * reason; a teacher hides it from the moderation queue with a reason for its author; the reporter no
 * longer sees it, and its author reads why it was hidden. The queue names the author, the reporter and
 * their dates with a link to the item; hiding asks for the reason, then confirms, and the page then
 * says what happened, with focus on that line (issue 25, item 17).
 */

useChromium();

journey('a student reports a comment and a teacher hides it', async ({ portal, window, focus }) => {
  const { liam: author, maya: reporter, nguyen: teacher } = portal.people;
  const content = unique('Who wants to swap shifts at the farmers market?');
  const comment = unique('Text me at 555-0100');
  const openBlog = async (page: Awaited<ReturnType<typeof window>>) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('heading', { name: 'Recent posts' }).waitFor();
  };

  // The author posts and comments on the post.
  const authorPage = await window();
  await signIn(authorPage, author!);
  await openBlog(authorPage);
  const composer = authorPage.getByRole('form', { name: 'New post' });
  await composer.getByLabel('Share an update').fill(content);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const authorsPost = authorPage.getByRole('article').filter({ hasText: content });
  await authorsPost.getByRole('button', { name: 'Comments (0)' }).click();
  await authorsPost.getByLabel('Add a comment').fill(comment);
  await authorsPost.getByRole('button', { name: 'Comment', exact: true }).click();
  await authorsPost.getByText(comment).waitFor();

  // A classmate reports the comment with a reason.
  const reporterPage = await window();
  await signIn(reporterPage, reporter!);
  await openBlog(reporterPage);
  const seen = reporterPage.getByRole('article').filter({ hasText: content });
  await seen.getByRole('button', { name: 'Comments (1)' }).click();
  await seen.getByText(comment).waitFor();
  await seen.getByRole('button', { name: `Report comment by ${author!.name}` }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByLabel('Why should a teacher look at it?').fill('It shares a phone number with everyone');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await reporterPage.getByText('Thank you. A teacher will look at your report.').waitFor();
  await dialog.waitFor({ state: 'detached' });

  // The teacher hides it from the moderation queue, with a reason for its author.
  const teacherPage = await window();
  await signIn(teacherPage, teacher!);
  await followNav(teacherPage, 'Moderation');
  await teacherPage.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
  const queued = teacherPage.getByRole('listitem').filter({ hasText: comment });
  await queued.getByText('Reported because: It shares a phone number with everyone').waitFor();
  const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  await queued.getByText(`By ${author!.name}, ${today}`).waitFor();
  await queued.getByText(`Reported by ${reporter!.name}, ${today}`).waitFor();
  expect(await queued.getByRole('link', { name: 'Open the blog' }).getAttribute('href')).toBe('/blog');
  // Hiding without a reason is refused in place; with one, a dialog asks first, and Cancel changes nothing.
  await queued.getByRole('button', { name: 'Hide' }).click();
  await queued.getByText('Please give the reason its author will see.').waitFor();
  await queued.getByLabel('Reason shown to its author').fill('Phone numbers are not shared on the blog');
  await queued.getByRole('button', { name: 'Hide' }).click();
  const confirm = teacherPage.getByRole('alertdialog', { name: 'Hide this comment?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await queued.getByRole('button', { name: 'Hide' }).click();
  await confirm.getByRole('button', { name: 'Hide', exact: true }).click();
  await queued.waitFor({ state: 'detached' });
  const outcome = teacherPage.getByRole('status').filter({ hasText: 'Hidden. Only its author and teachers see the comment now' });
  await outcome.waitFor();
  await expect.poll(() => outcome.evaluate((element) => element === document.activeElement)).toBe(true);

  // The reporter no longer sees it; its author reads why it was hidden.
  focus(reporterPage);
  await reporterPage.reload();
  const again = reporterPage.getByRole('article').filter({ hasText: content });
  await again.getByRole('button', { name: /^Comments/ }).click();
  await again.getByText('No comments yet.').waitFor();
  expect(await again.getByText(comment).count()).toBe(0);

  focus(authorPage);
  await authorPage.reload();
  const own = authorPage.getByRole('article').filter({ hasText: content });
  await own.getByRole('button', { name: /^Comments/ }).click();
  await own.getByText(comment).waitFor();
  await own.getByText('Hidden by a teacher: Phone numbers are not shared on the blog').waitFor();
});
