import { describe, expect, it } from 'vitest';
import { parsePhpQuery, phpGet, phpStrings } from './handshake-query.ts';
import { urlSubscriptions } from './url-subscriptions.ts';

describe('the socket URL read as PHP reads it', () => {
  it('reads indexed, appended and single channels', () => {
    expect(phpStrings(phpGet(parsePhpQuery('channels%5B0%5D=a&channels%5B1%5D=b'), 'channels'))).toEqual(['a', 'b']);
    expect(phpStrings(phpGet(parsePhpQuery('channels[]=a&channels[]=b'), 'channels'))).toEqual(['a', 'b']);
    expect(phpStrings(phpGet(parsePhpQuery('channels=a'), 'channels'))).toEqual(['a']);
  });

  it('nests per-slot queries under the channel, its dots read as underscores', () => {
    const query = parsePhpQuery('channels[0]=databases.d.tables.t.rows&databases.d.tables.t.rows[1][]=q1&databases.d.tables.t.rows[1][]=q2');
    const slot = phpGet(query, 'databases_d_tables_t_rows');
    expect(slot).toEqual({
      entries: [
        [
          '1',
          {
            entries: [
              ['0', 'q1'],
              ['1', 'q2'],
            ],
          },
        ],
      ],
    });
  });

  it('puts channels without queries in slot 0 (listening to everything) and a project id is not a query', () => {
    const select = JSON.stringify({ method: 'select', values: ['*'] });
    const equal = JSON.stringify({ method: 'equal', attribute: 'name', values: ['x'] });
    const query = parsePhpQuery(`project=p1&files[1][]=${encodeURIComponent(equal)}`);
    const subscriptions = urlSubscriptions(['project', 'files', 'account'], query);
    expect(subscriptions.map(({ slot, channels, queryStrings }) => ({ slot, channels, queryStrings }))).toEqual([
      { slot: '0', channels: ['project', 'account'], queryStrings: [select] },
      { slot: '1', channels: ['files'], queryStrings: [equal] },
    ]);
  });
});
