import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { aFeedPost } from '../testing/a-post.ts';
import { fakePosts } from '../testing/fake-posts.ts';
import { createBlogFeedController } from './blog-feed-controller.ts';
import { createBlogFeedModel } from './blog-feed-model.ts';

const image = (name: string, type = 'image/png') => new File(['x'], name, { type });

function setup(posts = [aFeedPost({ id: 'a' }), aFeedPost({ id: 'b' }), aFeedPost({ id: 'c' })]) {
  const api = fakePosts(posts, { viewerId: 'student1' });
  const model = createBlogFeedModel(0);
  const revoked: string[] = [];
  const controller = createBlogFeedController(api, model, {
    pageSize: 2,
    previews: { create: (file) => `blob:${file.name}`, revoke: (url) => void revoked.push(url) },
    clock: () => 99,
  });
  return { api, model, controller, revoked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('feed controller', () => {
  it('pages through the feed without repeating a post that arrived live in between', async () => {
    const { api, model, controller } = setup();
    controller.start();
    await controller.load();
    expect(model.page.value.items.map((post) => post.id)).toEqual(['a', 'b']);
    api.emit({ action: 'create', post: aFeedPost({ id: 'c' }) });
    await controller.loadMore();
    expect(model.page.value.items.map((post) => post.id)).toEqual(['c', 'a', 'b']);
    expect(model.page.value.nextCursor).toBeNull();
  });

  it('reports upload progress while posting and clears the composer only after the post exists', async () => {
    const { api, model, controller, revoked } = setup();
    controller.addImages([image('one.png'), image('two.png')]);
    controller.setContent('With pictures');
    const held = api.hold('create');
    const posting = controller.submit();
    expect(model.composer.value).toMatchObject({ status: 'posting', progress: 0 });
    held.release();
    await posting;
    expect(model.composer.value).toMatchObject({ status: 'idle', content: '', images: [], progress: null });
    expect(revoked).toEqual(['blob:one.png', 'blob:two.png']);
    expect(model.page.value.items[0]).toMatchObject({ content: 'With pictures', imageFileIds: ['upload1-0', 'upload1-1'] });
  });

  it('keeps what was typed and says why when publishing fails', async () => {
    const { api, model, controller } = setup();
    api.fail('create', new PortalError('invalid-input', 'You can only upload up to 3 images'));
    controller.setContent('Keep me');
    await controller.submit();
    expect(model.composer.value).toMatchObject({ status: 'idle', content: 'Keep me', error: 'You can only upload up to 3 images' });
    expect(model.notice.value).toBeNull();
  });

  it('refuses a blank post and files that are not images without calling the SDK', async () => {
    const { api, model, controller } = setup();
    await controller.submit();
    expect(model.composer.value.error).toBe('Please write something to post');
    controller.addImages([image('notes.txt', 'text/plain')]);
    expect(model.composer.value.error).toMatch(/image file/);
    expect(model.composer.value.images).toEqual([]);
    expect(api.calls.filter(({ call }) => call === 'create')).toEqual([]);
  });

  it('reports a like that failed instead of showing it as done', async () => {
    const { api, model, controller } = setup();
    await controller.load();
    api.fail('toggleLike');
    await controller.toggleLike('a');
    expect(model.page.value.items[0]).toMatchObject({ likedByMe: false, likeCount: 0 });
    expect(model.notice.value?.tone).toBe('error');
    expect(model.pendingLikes.value).toEqual([]);
  });

  it('refreshes relative times, and stops following the feed when stopped', async () => {
    vi.useFakeTimers();
    const { api, model, controller } = setup();
    const stop = controller.start();
    await controller.load();
    vi.advanceTimersByTime(30_000);
    expect(model.now.value).toBe(99);
    stop();
    api.emit({ action: 'create', post: aFeedPost({ id: 'late' }) });
    expect(model.page.value.items.map((post) => post.id)).not.toContain('late');
    expect(vi.getTimerCount()).toBe(0);
  });
});
