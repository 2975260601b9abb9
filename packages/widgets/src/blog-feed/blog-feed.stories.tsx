import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aComment, aFeedPost } from '../testing/a-post.ts';
import { fakePosts } from '../testing/fake-posts.ts';
import { placeholderImage } from '../testing/placeholder-image.ts';
import { BlogFeed } from './blog-feed.tsx';
import { BlogFeedView } from './blog-feed-view.tsx';
import { EMPTY_COMPOSER, type BlogFeedActions, type BlogFeedState } from './blog-feed-model.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const viewer = { id: 'student1', role: 'student' as const };

const posts = [
  aFeedPost({
    id: 'p1',
    content: 'Just finished my first shift at the library. Shelving is oddly relaxing!',
    imageFileIds: ['shelves', 'desk'],
    likeCount: 4,
    likedByMe: true,
    commentCount: 2,
    createdAt: minutesAgo(5),
  }),
  aFeedPost({
    id: 'p2',
    authorId: 'teacher1',
    authorName: 'Ms. Cho',
    content: 'Reminder: the volunteer fair is on Thursday in the gym. Bring a copy of your resume.',
    likeCount: 12,
    commentCount: 0,
    createdAt: minutesAgo(180),
  }),
  aFeedPost({
    id: 'p3',
    authorId: 'student2',
    authorName: 'Sam Park',
    content: 'Anyone else applying to the summer camp counsellor gig?',
    likeCount: 1,
    createdAt: minutesAgo(60 * 24 * 3),
  }),
];

const hues: Record<string, number> = { shelves: 30, desk: 160 };

const ready: BlogFeedState = {
  status: 'ready',
  error: null,
  posts,
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

const actions: BlogFeedActions = {
  retry: fn(),
  loadMore: fn(),
  setContent: fn(),
  addImages: fn(),
  removeImage: fn(),
  submit: fn(),
  toggleLike: fn(),
  toggleComments: fn(),
  setCommentDraft: fn(),
  submitComment: fn(),
  requestDelete: fn(),
  cancelDelete: fn(),
  confirmDelete: fn(),
};

const meta = {
  title: 'Blog/BlogFeed',
  component: BlogFeedView,
  args: {
    state: ready,
    actions,
    viewer,
    imageUrl: (fileId) => placeholderImage(fileId, hues[fileId]),
    avatarUrl: (fileId) => placeholderImage(fileId),
  },
} satisfies Meta<typeof BlogFeedView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The author sees Delete Post on their own post only; relative times count from `now`. */
export const Feed: Story = {
  args: { state: { ...ready, hasMore: true } },
  play: async ({ args, canvas, userEvent }) => {
    const [mine, teachers] = canvas.getAllByRole('article');
    await expect(within(mine!).getByText('5 minutes ago')).toBeVisible();
    await expect(within(teachers!).getByText('3 hours ago')).toBeVisible();
    await expect(within(mine!).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(teachers!).queryByRole('button', { name: 'Delete Post' })).toBeNull();
    await userEvent.click(within(teachers!).getByRole('button', { name: 'Like' }));
    await expect(args.actions.toggleLike).toHaveBeenCalledWith('p2');
    await userEvent.click(within(mine!).getByRole('button', { name: 'Delete Post' }));
    await expect(args.actions.requestDelete).toHaveBeenCalledWith('p1');
  },
};

/** A teacher reading students' posts: no Delete Post anywhere. */
export const AsTeacher: Story = {
  args: { viewer: { id: 'teacher2', role: 'teacher' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Delete Post' })).toBeNull();
  },
};

export const Comments: Story = {
  args: {
    state: {
      ...ready,
      threads: {
        p1: {
          open: true,
          status: 'ready',
          comments: [
            aComment({ content: 'Congrats!', createdAt: minutesAgo(2) }),
            aComment({ authorName: 'Lee Wong', content: 'Which branch?', createdAt: minutesAgo(1) }),
          ],
          draft: '',
          sending: false,
          error: null,
        },
      },
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Comments (2)' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(canvas.getByLabelText('Add a comment'), 'x');
    await expect(args.actions.setCommentDraft).toHaveBeenCalledWith('p1', 'x');
  },
};

/** Post skeletons while the feed loads; screen readers hear "Loading...". */
export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', posts: [] } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeInTheDocument();
    const skeleton = canvasElement.querySelector('.ok-blog-post__body[data-state="loading"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton?.closest('[aria-hidden="true"]')).not.toBeNull();
  },
};

export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

const box = (element: Element | null | undefined) => element?.getBoundingClientRect() ?? new DOMRect();

/** On a wide screen the composer sits in a column beside the feed, and a post's images share the feed's width. */
export const Wide: Story = {
  play: async ({ canvas, canvasElement }) => {
    const composer = box(canvas.getByRole('form', { name: 'New post' }));
    const title = box(canvas.getByRole('heading', { name: 'Recent posts' }));
    await expect(composer.right).toBeLessThanOrEqual(title.left);
    await expect(Math.abs(composer.top - title.top)).toBeLessThan(8);
    const feed = box(canvasElement.querySelector('.ok-blog-feed__posts'));
    await expect(feed.width).toBeGreaterThan(600);
    const [image] = canvas.getAllByRole('img', { name: /^Image 1 of 2 posted by/ });
    await expect(box(image).width).toBeGreaterThan(feed.width / 2 - 40);
  },
};

/** Two images side by side show whole, letterboxed: cropping cut off the words of a poster (issue 25). */
export const TwoImagesWhole: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    const images = canvas.getAllByRole('img', { name: /^Image \d of 2 posted by/ });
    await expect(images).toHaveLength(2);
    for (const image of images) await expect(getComputedStyle(image).objectFit).toBe('contain');
  },
};

/** On a phone, one column: the composer above the feed. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    const composer = box(canvas.getByRole('form', { name: 'New post' }));
    const title = box(canvas.getByRole('heading', { name: 'Recent posts' }));
    await expect(title.top).toBeGreaterThan(composer.bottom);
  },
};

/** A click on a post image opens it full size in a dialog; Escape closes it and focus goes back to the image. */
export const ImageFullSize: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const enlarge = canvas.getByRole('button', { name: 'Enlarge image 2 of 2 posted by Ana Lima' });
    // A click on the picture lands on its enlarge button, which lies over it.
    const picture = box(canvas.getByRole('img', { name: 'Image 2 of 2 posted by Ana Lima' }));
    await expect(canvasElement.ownerDocument.elementFromPoint(picture.x + picture.width / 2, picture.y + picture.height / 2)).toBe(enlarge);
    await userEvent.click(enlarge);
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Image 2 of 2 posted by Ana Lima' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await expect(close).toHaveFocus();
    const large = box(within(dialog).getByRole('img'));
    await expect(large.width).toBeGreaterThan(box(enlarge).width * 1.5);
    await userEvent.keyboard('{Escape}');
    await expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull();
    await expect(enlarge).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(within(canvasElement.ownerDocument.body).getByRole('dialog')).toBeVisible();
  },
};

export const ImageFullSizeDark: Story = { ...ImageFullSize, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { state: { ...ready, posts: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No posts yet. Be the first to share something!')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { state: { ...ready, status: 'error', posts: [], error: 'We could not reach the server. Please check your connection and try again.' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

const picked = (name: string, hue: number) => ({ id: name, file: new File(['x'], name, { type: 'image/png' }), previewUrl: placeholderImage(name, hue) });

export const Posting: Story = {
  args: {
    state: {
      ...ready,
      composer: {
        ...EMPTY_COMPOSER,
        content: 'Our robotics team placed second!',
        images: [picked('robot.png', 200), picked('team.png', 280)],
        status: 'posting',
        progress: 45,
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading images' })).toHaveAttribute('value', '45');
  },
};

export const TooManyImages: Story = {
  args: {
    state: {
      ...ready,
      composer: {
        ...EMPTY_COMPOSER,
        content: 'Photos from the fair',
        images: [picked('1.png', 10), picked('2.png', 90), picked('3.png', 170)],
        error: MESSAGES.tooManyImages,
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.tooManyImages)).toBeVisible();
  },
};

export const ConfirmDelete: Story = {
  args: { state: { ...ready, deletion: { postId: 'p1', status: 'confirm' } } },
  play: async ({ args, canvasElement, userEvent }) => {
    const dialog = within(canvasElement).getByRole('alertdialog', { name: 'Delete post' });
    await expect(dialog).toHaveTextContent(MESSAGES.confirmDeletePost);
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.actions.confirmDelete).toHaveBeenCalled();
  },
};

export const Deleted: Story = {
  args: { state: { ...ready, posts: posts.slice(1), notice: { tone: 'success', text: MESSAGES.postDeleted } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.postDeleted)).toBeVisible();
  },
};

export const DeleteFailed: Story = {
  args: { state: { ...ready, notice: { tone: 'error', text: MESSAGES.postDeleteFailed } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.postDeleteFailed)).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    state: {
      ...ready,
      threads: { p1: { open: true, status: 'ready', comments: [aComment({ createdAt: minutesAgo(2) })], draft: '', sending: false, error: null } },
    },
  },
};

/** The connected feed over an in-memory posts module: post, like, comment, and live posts from others. */
export const Connected: StoryObj<typeof BlogFeed> = {
  // `BlogFeed` gets its own props only, not the view's (whose `viewer` the meta sets too), and only they have controls.
  parameters: { controls: { include: ['files', 'viewer', 'pageSize'] } },
  args: { files: { viewUrl: (_bucket, fileId) => placeholderImage(fileId, hues[fileId]) }, viewer },
  render: ({ files, viewer, pageSize }) => {
    const api = fakePosts(
      posts.map((post) => ({ ...post, createdAt: new Date(Date.now() - (NOW - Date.parse(post.createdAt))).toISOString() })),
      { viewerId: 'student1', viewerName: 'Ana Lima' },
    );
    setTimeout(
      () =>
        api.emit({
          action: 'create',
          post: aFeedPost({
            id: 'live',
            authorId: 'student3',
            authorName: 'Lee Wong',
            content: 'Live from the job fair!',
            createdAt: new Date().toISOString(),
          }),
        }),
      300,
    );
    return <BlogFeed posts={api} files={files} viewer={viewer} pageSize={pageSize} />;
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('Live from the job fair!');
    await userEvent.type(canvas.getByLabelText('Share an update'), 'Hello from the story');
    await userEvent.upload(canvas.getByLabelText('Add images'), [new File(['x'], 'a.png', { type: 'image/png' })]);
    await expect(canvas.getByRole('img', { name: 'Preview of a.png' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Post' }));
    await canvas.findByText('Post published');
    const first = canvas.getAllByRole('article')[0]!;
    await expect(within(first).getByText('Hello from the story')).toBeVisible();
    await userEvent.click(within(first).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(first).getByText('1 like')).toBeVisible());
  },
};
