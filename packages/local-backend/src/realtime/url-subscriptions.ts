import { parseRealtimeQueries, RealtimeQueryError, type RealtimeQuery } from './queries.ts';
import { phpGet, phpStrings, type PhpArray } from './handshake-query.ts';

/** One subscription a socket opens with: its channels and the queries every event must pass. */
export interface UrlSubscription {
  /** The slot's key in the URL (`documents[1][]=…` is slot `1`); the connected frame maps it to the subscription id. */
  slot: string;
  channels: string[];
  queries: RealtimeQuery[];
  queryStrings: string[];
}

const SELECT_ALL = JSON.stringify({ method: 'select', values: ['*'] });

/** URL params that mean something else when they have the expected type: `project=<id>` is the project, not queries. */
const RESERVED_STRING_PARAMS = new Set(['project']);

function parsed(queryStrings: string[]): { queries: RealtimeQuery[]; queryStrings: string[] } {
  return { queries: parseRealtimeQueries(queryStrings), queryStrings };
}

/**
 * Appwrite's `constructSubscriptions`: a channel with no params of its own joins slot 0 (listening to
 * everything unless slot 0 already has queries); a channel with `channel[slot][]=query` params joins
 * each slot named, and a slot's queries are the first ones given for it. Throws RealtimeQueryError.
 */
export function urlSubscriptions(channels: readonly string[], query: PhpArray): UrlSubscription[] {
  const slots = new Map<string, UrlSubscription>();
  const slot = (key: string): UrlSubscription => {
    let found = slots.get(key);
    if (!found) {
      found = { slot: key, channels: [], queries: [], queryStrings: [] };
      slots.set(key, found);
    }
    return found;
  };
  for (const channel of channels) {
    const paramKey = channel.replace(/[. ]/g, '_');
    let params = phpGet(query, paramKey);
    if (RESERVED_STRING_PARAMS.has(paramKey) && typeof params === 'string') params = undefined;
    if (params === undefined) {
      const first = slot('0');
      first.channels.push(channel);
      if (first.queryStrings.length === 0) Object.assign(first, parsed([SELECT_ALL]));
      continue;
    }
    const entries: Array<[string, typeof params]> = typeof params === 'string' ? [['0', params]] : params.entries;
    for (const [key, value] of entries) {
      const target = slot(key);
      if (!target.channels.includes(channel)) target.channels.push(channel);
      if (target.queryStrings.length === 0) Object.assign(target, parsed(phpStrings(value)));
    }
  }
  return [...slots.values()];
}

export { RealtimeQueryError };
