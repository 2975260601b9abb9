import { describe, expect, it } from 'vitest';
import { HOURS_MESSAGES, reviewQueueRank } from '@opportunity-kit/sdk/domain';
import { decodeQueueCursor, encodeQueueCursor, QUEUE_STATUSES, queuePageRequest, type QueuePosition } from './review-queue.ts';

const position: QueuePosition = { status: 'disputed', createdAt: '2026-11-29T04:49:12.345+00:00', id: 'entry_1' };
const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');

describe('the review queue', () => {
  it('sorts its statuses alphabetically in the queue order, so the database sorts the queue by the status column', () => {
    expect([...QUEUE_STATUSES].sort()).toEqual([...QUEUE_STATUSES]);
    expect(QUEUE_STATUSES.map(reviewQueueRank)).toEqual([0, 1, 2]);
  });

  it('answers the position its cursor says, a URL-safe text', () => {
    const cursor = encodeQueueCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeQueueCursor(cursor)).toEqual(position);
  });

  it('refuses a cursor it did not make: not base64 JSON, another shape, a status outside the queue, no date, an invalid id', () => {
    for (const forged of [
      'not a cursor',
      cursorOf({ status: 'disputed' }),
      cursorOf(['approved', position.createdAt, position.id]),
      cursorOf(['disputed', 'yesterday', position.id]),
      cursorOf(['disputed', position.createdAt, '_bad id']),
      cursorOf(['disputed', position.createdAt, position.id, 'more']),
    ])
      expect(decodeQueueCursor(forged)).toBeUndefined();
  });

  it('reads a page request: 100 entries from the start by default, and refuses a limit out of range or a forged cursor', () => {
    expect(queuePageRequest({})).toEqual({ limit: 100, after: undefined });
    expect(queuePageRequest({ limit: '25', cursor: encodeQueueCursor(position) })).toEqual({ limit: 25, after: position });
    for (const limit of ['0', '101', '2.5', 'many'])
      expect(() => queuePageRequest({ limit })).toThrow(expect.objectContaining({ code: 'invalid-input', fields: { limit: HOURS_MESSAGES.queuePageLimit } }));
    expect(() => queuePageRequest({ cursor: 'entry_1' })).toThrow(expect.objectContaining({ fields: { cursor: HOURS_MESSAGES.queueCursorInvalid } }));
  });
});
