import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PortalError } from '@opportunity-kit/sdk';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { aComment, aFeedPost } from '../testing/a-post.ts';
import { fakePosts } from '../testing/fake-posts.ts';
import { BlogFeed } from './blog-feed.tsx';
import { BlogFeedView, type BlogFeedViewProps } from './blog-feed-view.tsx';
import { EMPTY_COMPOSER, type BlogFeedActions, type BlogFeedState } from './blog-feed-model.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const viewer = { id: 'student1', role: 'student' as const };
const files = { viewUrl: (bucket: string, id: string) => `https://files.example/${bucket}/${id}` };
const previews = { create: (file: File) => `blob:${file.name}`, revoke: () => {} };

const ready: BlogFeedState = {
  status: 'ready',
  error: null,
  posts: [],
  hasMore: false,
  loadingMore: false,
  now: NOW,
  composer: EMPTY_COMPOSER,
  threads: {},
  pendingLikes: [],
  deletion: null,
  notice: null,
  liveProblem: null,
};

function someActions(): BlogFeedActions {
  return {
    retry: vi.fn(),
    loadMore: vi.fn(),
    setContent: vi.fn(),
    addImages: vi.fn(),
    removeImage: vi.fn(),
    submit: vi.fn(),
    toggleLike: vi.fn(),
    toggleComments: vi.fn(),
    setCommentDraft: vi.fn(),
    submitComment: vi.fn(),
    requestDelete: vi.fn(),
    cancelDelete: vi.fn(),
    confirmDelete: vi.fn(),
    requestReport: vi.fn(),
    setReportReason: vi.fn(),
    submitReport: vi.fn(),
    cancelReport: vi.fn(),
  };
}

function viewProps(state: Partial<BlogFeedState> = {}): BlogFeedViewProps {
  return {
    state: { ...ready, ...state },
    actions: someActions(),
    viewer,
    imageUrl: (id) => `https://files.example/${id}`,
    avatarUrl: (id) => `https://files.example/${id}`,
  };
}

const image = (name: string) => new File(['x'], name, { type: 'image/png' });

function renderFeed(
  posts = [aFeedPost({ id: 'mine', content: 'My post' }), aFeedPost({ id: 'theirs', authorId: 'student2', authorName: 'Sam Park', content: 'Their post' })],
) {
  const api = fakePosts(posts, { viewerId: 'student1', viewerName: 'Ana Lima', comments: [aComment({ postId: 'theirs', content: 'Nice one' })] });
  const utils = render(<BlogFeed posts={api} files={files} viewer={viewer} options={{ previews }} />);
  return { api, ...utils };
}

describe('BlogFeedView', () => {
  it('labels each post with its relative time, its likes and the pressed state of the like', () => {
    render(
      <BlogFeedView
        {...viewProps({
          posts: [
            aFeedPost({ createdAt: '2026-11-21T09:55:00Z', likeCount: 3, likedByMe: true }),
            aFeedPost({ createdAt: '2026-11-21T09:59:30Z', likeCount: 1, authorId: 'other' }),
          ],
        })}
      />,
    );
    const [first, second] = screen.getAllByRole('article');
    expect(within(first!).getByText('5 minutes ago')).toBeTruthy();
    expect(within(second!).getByText('30 seconds ago')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(first!).getByText('3 likes')).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(second!).getByText('1 like')).toBeTruthy();
  });

  it("shows Delete Post only on the viewer's own posts", () => {
    render(<BlogFeedView {...viewProps({ posts: [aFeedPost({ authorName: 'Ana Lima' }), aFeedPost({ authorId: 'teacher9', authorName: 'Ms. Cho' })] })} />);
    const [mine, theirs] = screen.getAllByRole('article');
    expect(within(mine!).getByRole('button', { name: 'Delete Post' })).toBeTruthy();
    expect(within(theirs!).queryByRole('button', { name: 'Delete Post' })).toBeNull();
  });

  it('shows loading, empty and error states', () => {
    const { rerender } = render(<BlogFeedView {...viewProps({ status: 'loading' })} />);
    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    rerender(<BlogFeedView {...viewProps()} />);
    expect(screen.getByText('No posts yet. Be the first to share something!')).toBeTruthy();
    const props = viewProps({ status: 'error', error: 'We could not reach the server.' });
    rerender(<BlogFeedView {...props} />);
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('We could not reach the server.'))).toBe(true);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(props.actions.retry).toHaveBeenCalled();
  });

  it('draws post skeletons while the feed loads, hidden from screen readers, which hear "Loading..."', () => {
    render(<BlogFeedView {...viewProps({ status: 'loading' })} />);
    const status = screen.getAllByRole('status').find((region) => region.textContent === MESSAGES.loading);
    const shapes = status?.querySelector('[aria-hidden="true"]');
    expect(shapes?.querySelectorAll('.ok-blog-post__body[data-state="loading"]').length).toBeGreaterThan(1);
    expect(screen.queryAllByRole('article')).toEqual([]);
  });

  it('opens a post image full size in a dialog named by the image, and gives focus back on Escape or Close', async () => {
    const user = userEvent.setup();
    render(<BlogFeedView {...viewProps({ posts: [aFeedPost({ authorName: 'Ana Lima', imageFileIds: ['mural', 'desk'] })] })} />);
    expect(screen.getByRole('img', { name: 'Image 2 of 2 posted by Ana Lima' })).toBeTruthy();
    const enlarge = screen.getByRole('button', { name: 'Enlarge image 2 of 2 posted by Ana Lima' });
    await user.click(enlarge);
    const dialog = screen.getByRole('dialog', { name: 'Image 2 of 2 posted by Ana Lima' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('https://files.example/desk');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(enlarge);
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(enlarge);
  });

  it('marks "Recent posts", which it focuses by script, as a focus target that shows no focus ring', () => {
    render(<BlogFeedView {...viewProps()} />);
    const title = screen.getByRole('heading', { name: 'Recent posts' });
    expect(title.getAttribute('tabindex')).toBe('-1');
    expect(title.classList.contains('ok-focus-target')).toBe(true);
  });

  it('shows the upload progress while posting', () => {
    render(<BlogFeedView {...viewProps({ composer: { ...EMPTY_COMPOSER, content: 'Hi', status: 'posting', progress: 40 } })} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading images' }).getAttribute('value')).toBe('40');
    expect(screen.getByText(/Uploading images: 40%/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Posting...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no axe violations with an image open full size', async () => {
    const user = userEvent.setup();
    const { container } = render(<BlogFeedView {...viewProps({ posts: [aFeedPost({ imageFileIds: ['a'] })] })} />);
    await user.click(screen.getByRole('button', { name: /^Enlarge image 1 of 1/ }));
    await expectNoAxeViolations(container);
  });

  it('has no axe violations, with a post, its comments and the delete dialog open', async () => {
    const post = aFeedPost({ imageFileIds: ['a', 'b'] });
    const { container } = render(
      <BlogFeedView
        {...viewProps({
          posts: [post],
          threads: { [post.id]: { open: true, status: 'ready', comments: [aComment()], draft: '', sending: false, error: null } },
          deletion: { postId: post.id, status: 'confirm' },
        })}
      />,
    );
    await expectNoAxeViolations(container);
  });
  it("shows the author why a teacher hid their post or comment, and offers Report only on others' content", () => {
    const post = aFeedPost({ hiddenReason: 'Personal details are not allowed' });
    const comment = aComment({ postId: post.id, content: 'Call me' });
    render(
      <BlogFeedView
        {...viewProps({
          canReport: true,
          posts: [post],
          threads: { [post.id]: { open: true, status: 'ready', comments: [comment], draft: '', sending: false, error: null } },
        })}
      />,
    );
    expect(screen.getByText('Hidden by a teacher: Personal details are not allowed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report comment by Sam Park' })).toBeTruthy();
  });

  it('has no axe violations with the report dialog open', async () => {
    const post = aFeedPost({ authorId: 'student2' });
    const { container } = render(
      <BlogFeedView
        {...viewProps({
          canReport: true,
          posts: [post],
          report: { kind: 'post', id: post.id, reason: '', sending: false, error: 'Please say why you report this.' },
        })}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Report this post' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

describe('BlogFeed', () => {
  it('publishes a post with images and shows it on top', async () => {
    const user = userEvent.setup();
    renderFeed();
    await screen.findByText('My post');
    await user.type(screen.getByLabelText('Share an update'), 'Hello school');
    await user.upload(screen.getByLabelText('Add images'), [image('a.png'), image('b.png')]);
    expect(screen.getByRole('img', { name: 'Preview of a.png' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText('Post published');
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('Hello school')).toBeTruthy();
    expect(within(first).getAllByRole('img', { name: /posted by Ana Lima/ })).toHaveLength(2);
    expect((screen.getByLabelText('Share an update') as HTMLTextAreaElement).value).toBe('');
  });

  it("refuses a fourth image with the spec's message", async () => {
    const user = userEvent.setup();
    const { api } = renderFeed();
    await screen.findByText('My post');
    await user.upload(screen.getByLabelText('Add images'), [image('1.png'), image('2.png'), image('3.png')]);
    await user.upload(screen.getByLabelText('Add images'), [image('4.png')]);
    expect(screen.getByText(MESSAGES.tooManyImages)).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /^Preview of/ })).toHaveLength(3);
    expect(api.calls.some(({ call }) => call === 'create')).toBe(false);
  });

  it('toggles the like and its count', async () => {
    const user = userEvent.setup();
    renderFeed();
    const theirs = (await screen.findByText('Their post')).closest('article')!;
    await user.click(within(theirs).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(theirs).getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('true'));
    expect(within(theirs).getByText('1 like')).toBeTruthy();
  });

  it('lists comments, ignores a blank one and adds a written one', async () => {
    const user = userEvent.setup();
    const { api } = renderFeed();
    const theirs = (await screen.findByText('Their post')).closest('article')!;
    await user.click(within(theirs).getByRole('button', { name: 'Comments (0)' }));
    await within(theirs).findByText('Nice one');
    await user.type(within(theirs).getByLabelText('Add a comment'), '   ');
    await user.click(within(theirs).getByRole('button', { name: 'Comment' }));
    expect(api.calls.filter(({ call }) => call === 'addComment')).toHaveLength(0);
    await user.clear(within(theirs).getByLabelText('Add a comment'));
    await user.type(within(theirs).getByLabelText('Add a comment'), 'Well done{Enter}');
    await within(theirs).findByText('Well done');
    expect(within(theirs).getByRole('button', { name: 'Comments (2)' })).toBeTruthy();
  });

  it("deletes the author's post after the confirmation and says so", async () => {
    const user = userEvent.setup();
    renderFeed();
    const mine = (await screen.findByText('My post')).closest('article')!;
    const remove = within(mine).getByRole('button', { name: 'Delete Post' });
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete post' });
    expect(dialog.textContent).toContain(MESSAGES.confirmDeletePost);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    await user.click(remove);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(MESSAGES.postDeleted);
    expect(screen.queryByText('My post')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Recent posts' }));
  });

  it('says when a delete failed and keeps the post', async () => {
    const user = userEvent.setup();
    const { api } = renderFeed();
    api.fail('remove');
    const mine = (await screen.findByText('My post')).closest('article')!;
    await user.click(within(mine).getByRole('button', { name: 'Delete Post' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(MESSAGES.postDeleteFailed);
    expect(screen.getByText('My post')).toBeTruthy();
  });

  it('shows a post someone else publishes while the feed is open', async () => {
    const { api } = renderFeed();
    await screen.findByText('My post');
    act(() => api.emit({ action: 'create', post: aFeedPost({ id: 'live', authorId: 'x', authorName: 'Lee Wong', content: 'Fresh from the job fair' }) }));
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('Fresh from the job fair')).toBeTruthy();
  });
});

describe('BlogFeed reports', () => {
  it('reports a comment with a reason and thanks the member; a blank reason is refused in the dialog', async () => {
    const user = userEvent.setup();
    const api = fakePosts([aFeedPost({ id: 'theirs', authorId: 'student2', authorName: 'Sam Park', content: 'Their post' })], {
      viewerId: 'student1',
      viewerName: 'Ana Lima',
      comments: [aComment({ id: 'rude', postId: 'theirs', content: 'Rude words' })],
    });
    const report = vi.fn(async (kind: 'job' | 'post' | 'comment', id: string, reason: string) => {
      if (reason.trim() === '') throw new PortalError('invalid-input', 'Please say why you report this.');
      return { id: 'report1', reporterId: 'student1', kind, targetId: id, reason, status: 'open' as const, createdAt: '' };
    });
    render(<BlogFeed posts={api} files={files} viewer={viewer} options={{ previews, reports: { report } }} />);
    const theirs = (await screen.findByText('Their post')).closest('article')!;
    await user.click(within(theirs).getByRole('button', { name: 'Comments (0)' }));
    await user.click(await within(theirs).findByRole('button', { name: 'Report comment by Sam Park' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this comment' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please say why you report this.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Why should a teacher look at it?'), 'Insults a classmate');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(report).toHaveBeenLastCalledWith('comment', 'rude', 'Insults a classmate');
    expect(await screen.findByText('Thank you. A teacher will look at your report.')).toBeTruthy();
  });
});
