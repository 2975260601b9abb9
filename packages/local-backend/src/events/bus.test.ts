import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBus, type DomainEvent } from './bus.ts';

const event: DomainEvent = { resource: 'user', name: 'users.u1.create', payload: {}, readRoles: [], ids: { userId: 'u1' }, action: 'create' };

describe('EventBus', () => {
  beforeEach(() => {
    // The bus reports listener failures on the console; these are on purpose.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("has run every listener when publish returns, and swallows an ordinary listener's failure", () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('realtime is down');
    });
    bus.subscribe((published) => seen.push(published.name));
    expect(() => bus.publish(event)).not.toThrow();
    expect(seen).toEqual(['users.u1.create']);
  });

  it('fails the publisher when a durable listener could not record the event, after the others had it', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.subscribe(
      () => {
        throw new Error('disk full');
      },
      { durable: true },
    );
    bus.subscribe((published) => seen.push(published.name));
    expect(() => bus.publish(event)).toThrow('disk full');
    expect(seen).toEqual(['users.u1.create']);
  });
});
