import { describe, expect, it } from 'vitest';
import { ruleFor } from './abuse-rules.ts';
import { FixedWindowCounter } from './fixed-window-counter.ts';

describe('FixedWindowCounter', () => {
  it('counts within a window aligned to the clock and starts over when the next one begins', () => {
    let now = 7200 + 3599;
    const counter = new FixedWindowCounter(() => now);
    expect(counter.windowStart(3600)).toBe(7200);
    counter.hit('ip:1', 3600);
    counter.hit('ip:1', 3600);
    expect(counter.count('ip:1', 3600)).toBe(2);
    now += 1;
    expect(counter.windowStart(3600)).toBe(10_800);
    expect(counter.count('ip:1', 3600)).toBe(0);
    counter.hit('ip:1', 3600);
    expect(counter.count('ip:1', 3600)).toBe(1);
  });

  it('keeps keys, and windows of different lengths, apart; reset starts a key over', () => {
    const counter = new FixedWindowCounter(() => 1000);
    counter.hit('a', 3600);
    counter.hit('a', 60);
    counter.hit('a', 60);
    counter.hit('b', 3600);
    expect([counter.count('a', 3600), counter.count('a', 60), counter.count('b', 3600)]).toEqual([1, 2, 1]);
    counter.reset('a', 60);
    expect([counter.count('a', 3600), counter.count('a', 60)]).toEqual([1, 0]);
  });
});

describe('ruleFor', () => {
  it("finds a route's rule as the router matches routes: literal segments win over {params}", () => {
    expect(ruleFor('POST', '/v1/account/sessions/email')).toMatchObject({ limit: 10, keys: ['url:{url},email:{param-email}'] });
    expect(ruleFor('DELETE', '/v1/account/sessions/current')?.route).toBe('/v1/account/sessions/{sessionId}');
    expect(ruleFor('PATCH', '/v1/tablesdb/db/tables/t/rows/r/count/increment')?.route).toBe(
      '/v1/tablesdb/{databaseId}/tables/{tableId}/rows/{rowId}/{column}/increment',
    );
    expect(ruleFor('PATCH', '/v1/tablesdb/db/tables/t/rows/r')).toMatchObject({ limit: 120, period: 60 });
    // The router decodes segments, so an encoded spelling reaches the same handler and must meet the same limit.
    expect(ruleFor('POST', '/v1/account/sessions/%65mail')?.route).toBe('/v1/account/sessions/email');
  });

  it('has no rule for routes Appwrite leaves unlimited', () => {
    expect(ruleFor('GET', '/v1/account')).toBeUndefined();
    expect(ruleFor('POST', '/v1/functions/commands/executions')).toBeUndefined();
    expect(ruleFor('POST', '/v1/users')).toBeUndefined();
    expect(ruleFor('GET', '/v1/account/sessions/email')).toBeUndefined();
  });
});
