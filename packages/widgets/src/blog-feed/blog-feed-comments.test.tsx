import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aComment, aFeedPost } from '../testing/a-post.ts';
import { fakePosts } from '../testing/fake-posts.ts';
import { BlogFeed } from './blog-feed.tsx';

/** A member's own comments and reports on the feed (issue 25, item 20). */

const viewer = { id: 'student1', role: 'student' as const };
const files = { viewUrl: (bucket: string, id: string) => `https://files.example/${bucket}/${id}` };
const previews = { create: (file: File) => `blob:${file.name}`, revoke: () => {} };
const THANKS = 'Thank you. A teacher will look at your report.';

function feedWithComments() {
  return fakePosts([aFeedPost({ id: 'theirs', authorId: 'student2', authorName: 'Sam Park', content: 'Their post', commentCount: 2 })], {
    viewerId: 'student1',
    viewerName: 'Ana Lima',
    comments: [
      aComment({ id: 'mine', postId: 'theirs', authorId: 'student1', authorName: 'Ana Lima', content: 'My typo comment' }),
      aComment({ id: 'rude', postId: 'theirs', authorId: 'student2', authorName: 'Sam Park', content: 'Rude words' }),
    ],
  });
}

async function openComments(user: ReturnType<typeof userEvent.setup>) {
  const post = (await screen.findByText('Their post')).closest('article')!;
  await user.click(within(post).getByRole('button', { name: 'Comments (2)' }));
  await within(post).findByText('My typo comment');
  return post;
}

describe('BlogFeed comments', () => {
  it('thanks for a report beside the reported comment, with focus on the thanks', async () => {
    const user = userEvent.setup();
    const report = async (kind: 'job' | 'post' | 'comment', id: string, reason: string) => ({
      id: 'report1',
      reporterId: 'student1',
      kind,
      targetId: id,
      reason,
      status: 'open' as const,
      createdAt: '',
    });
    render(<BlogFeed posts={feedWithComments()} files={files} viewer={viewer} options={{ previews, reports: { report } }} />);
    const post = await openComments(user);
    await user.click(within(post).getByRole('button', { name: 'Report comment by Sam Park' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this comment' });
    await user.type(within(dialog).getByLabelText('Why should a teacher look at it?'), 'Insults a classmate');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const thanks = await screen.findByText(THANKS);
    // Inside the reported comment, not in the feed's notice above the posts.
    expect(thanks.closest('li')?.textContent).toContain('Rude words');
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(screen.getAllByText(THANKS)).toHaveLength(1);
  });

  it("offers Delete on the member's own comment only, asks first, and takes it off the post", async () => {
    const user = userEvent.setup();
    const api = feedWithComments();
    render(<BlogFeed posts={api} files={files} viewer={viewer} options={{ previews }} />);
    const post = await openComments(user);
    // One Delete: on the member's own comment, none on Sam's.
    const deletes = within(post).getAllByRole('button', { name: 'Delete your comment' });
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.closest('li')?.textContent).toContain('My typo comment');

    await user.click(deletes[0]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete comment' });
    expect(within(dialog).getByText('Are you sure you want to delete this comment?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter(({ call }) => call === 'deleteComment')).toEqual([]);
    expect(within(post).getByText('My typo comment')).toBeTruthy();

    await user.click(within(post).getByRole('button', { name: 'Delete your comment' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete comment' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(post).queryByText('My typo comment')).toBeNull());
    expect(api.calls.filter(({ call }) => call === 'deleteComment').map(({ args }) => args)).toEqual([['mine']]);
    expect(within(post).getByRole('button', { name: 'Comments (1)' })).toBeTruthy();
    expect(within(post).getByText('Rude words')).toBeTruthy();
    const deleted = within(post).getByText('Comment deleted');
    await waitFor(() => expect(document.activeElement).toBe(deleted));
  });
});
