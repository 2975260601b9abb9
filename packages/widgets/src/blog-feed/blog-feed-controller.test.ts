import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { aFeedPost } from '../testing/a-post.ts';
import { fakePosts } from '../testing/fake-posts.ts';
import { createBlogFeedController } from './blog-feed-controller.ts';
import { createBlogFeedModel } from './blog-feed-model.ts';

const image = (name: string, type = 'image/png') => new File(['x'], name, { type });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(posts = [aFeedPost({ id: 'a' }), aFeedPost({ id: 'b' }), aFeedPost({ id: 'c' })]) {
  const api = fakePosts(posts, { viewerId: 'student1' });
  const revoked: string[] = [];
  const controller = createBlogFeedController(api, createBlogFeedModel(0), {
    pageSize: 2,
    previews: { create: (file) => `blob:${file.name}`, revoke: (url) => void revoked.push(url) },
    clock: () => 99,
  });
  return { api, controller, state: () => controller.state.value, actions: controller.actions, revoked };
}

const ids = (posts: ReadonlyArray<{ id: string }>) => posts.map((post) => post.id);

afterEach(() => {
  vi.useRealTimers();
});

describe('feed controller', () => {
  it('pages through the feed without repeating a post that arrived live in between', async () => {
    const { api, controller, state, actions } = setup();
    controller.start();
    await settle();
    expect(ids(state().posts)).toEqual(['a', 'b']);
    api.emit({ action: 'create', post: aFeedPost({ id: 'c' }) });
    actions.loadMore();
    await settle();
    expect(ids(state().posts)).toEqual(['c', 'a', 'b']);
    expect(state().hasMore).toBe(false);
  });

  it('keeps the posts when "Load more posts" fails, says why, and tries the same page again', async () => {
    const { api, controller, state, actions } = setup();
    controller.start();
    await settle();
    api.fail('feed', new PortalError('network'));
    actions.loadMore();
    await settle();
    expect(ids(state().posts)).toEqual(['a', 'b']);
    expect(state()).toMatchObject({ status: 'ready', hasMore: true, loadingMore: false, notice: { tone: 'error', text: new PortalError('network').message } });
    const feeds = api.calls.filter(({ call }) => call === 'feed');
    expect(feeds.at(-1)?.args[0]).toEqual({ cursor: 'b', limit: 2 });
  });

  it('reports upload progress while posting and clears the composer only after the post exists', async () => {
    const { api, state, actions, revoked } = setup();
    actions.addImages([image('one.png'), image('two.png')]);
    actions.setContent('With pictures');
    const held = api.hold('create');
    actions.submit();
    expect(state().composer).toMatchObject({ status: 'posting', progress: 0 });
    held.release();
    await settle();
    expect(state().composer).toMatchObject({ status: 'idle', content: '', images: [], progress: null });
    expect(revoked).toEqual(['blob:one.png', 'blob:two.png']);
    expect(state().posts[0]).toMatchObject({ content: 'With pictures', imageFileIds: ['upload1-0', 'upload1-1'] });
  });

  it('keeps what was typed and says why when publishing fails', async () => {
    const { api, state, actions } = setup();
    api.fail('create', new PortalError('invalid-input', 'You can only upload up to 3 images'));
    actions.setContent('Keep me');
    actions.submit();
    await settle();
    expect(state().composer).toMatchObject({ status: 'idle', content: 'Keep me', error: 'You can only upload up to 3 images' });
    expect(state().notice).toBeNull();
  });

  it('refuses a blank post and files that are not images without calling the SDK', async () => {
    const { api, state, actions } = setup();
    actions.submit();
    await settle();
    expect(state().composer.error).toBe('Please write something to post');
    actions.addImages([image('notes.txt', 'text/plain')]);
    expect(state().composer.error).toMatch(/image file/);
    expect(state().composer.images).toEqual([]);
    expect(api.calls.filter(({ call }) => call === 'create')).toEqual([]);
  });

  it('reports a like that failed instead of showing it as done', async () => {
    const { api, controller, state, actions } = setup();
    controller.start();
    await settle();
    api.fail('toggleLike');
    actions.toggleLike('a');
    expect(state().pendingLikes).toEqual(['a']);
    await settle();
    expect(state().posts[0]).toMatchObject({ likedByMe: false, likeCount: 0 });
    expect(state().notice?.tone).toBe('error');
    expect(state().pendingLikes).toEqual([]);
  });

  it('refreshes relative times, and stops following the feed when stopped', async () => {
    vi.useFakeTimers();
    const { api, controller, state } = setup();
    const stop = controller.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(state().now).toBe(99);
    expect(ids(state().posts)).toEqual(['a', 'b']);
    stop();
    api.emit({ action: 'create', post: aFeedPost({ id: 'late' }) });
    expect(ids(state().posts)).not.toContain('late');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops a first page that arrives after it stopped', async () => {
    const { api, controller, state } = setup();
    const held = api.hold('feed');
    const stop = controller.start();
    stop();
    held.release();
    await settle();
    expect(state()).toMatchObject({ status: 'loading', posts: [] });
  });
});
