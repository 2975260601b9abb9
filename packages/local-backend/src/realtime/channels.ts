import type { DomainEvent } from '../events/bus.ts';
import { actionOf, EVENT_ACTIONS, generateEventNames, joinName, parseEventName, realtimeRowEventNames, rowTemplate } from '../events/event-names.ts';

/** What one domain event looks like on the wire: its channels, its generated names and the payload sent. */
export interface Publication {
  channels: string[];
  events: string[];
  payload: Record<string, unknown>;
}

/**
 * Token secrets reach event-triggered functions but never a socket: Appwrite marks them sensitive
 * and leaves them out of the realtime payload, or a user could verify an address without its mail.
 */
function realtimePayload(event: DomainEvent): Record<string, unknown> {
  if (event.resource !== 'verification' && event.resource !== 'recovery') return event.payload;
  const { secret: _secret, ...rest } = event.payload;
  return rest;
}

/**
 * Channels and event names of a domain event, as Appwrite's realtime adapter publishes them
 * (https://appwrite.io/docs/apis/realtime/channels). Undefined when the event is not published over realtime at all.
 */
export function publicationOf(event: DomainEvent, projectId: string): Publication | undefined {
  const routing = routingOf(event, projectId);
  return routing && { ...routing, payload: realtimePayload(event) };
}

function routingOf(event: DomainEvent, projectId: string): Omit<Publication, 'payload'> | undefined {
  if (event.resource === 'row') return rowPublication(event);

  const template = parseEventName(event.name, event.ids);
  const events = generateEventNames(template).map(joinName);
  const action = actionOf(template);
  const value = (index: number, key: string): string => event.ids[key] ?? template[index]?.value ?? '';

  switch (event.resource) {
    case 'user':
    case 'session':
    case 'verification':
    case 'recovery': {
      const userId = value(1, 'userId');
      // Only top-level user events (`users.U.update.name`) carry an action suffix; a session,
      // verification or recovery event must not reach a subscriber of `account.create`.
      const topLevel = action !== undefined && template[2]?.value === action;
      return { events, channels: withActions(['account', `account.${userId}`], topLevel ? action : undefined) };
    }
    case 'file': {
      const bucketId = value(1, 'bucketId');
      const fileId = value(3, 'fileId');
      return { events, channels: withActions(['files', `buckets.${bucketId}.files`, `buckets.${bucketId}.files.${fileId}`], action) };
    }
    case 'team':
      return { events, channels: withActions(['teams', `teams.${value(1, 'teamId')}`], action) };
    case 'membership':
      return { events, channels: withActions(['memberships', `memberships.${value(3, 'membershipId')}`], action) };
    case 'execution': {
      // An execution nobody may read (triggered by a key, an event or a schedule) is not published.
      if (event.readRoles.length === 0) return undefined;
      const functionId = value(1, 'functionId');
      const executionId = value(3, 'executionId');
      const resourceChannels = withActions(['executions', `executions.${executionId}`, `functions.${functionId}`], action);
      return { events, channels: ['console', `projects.${projectId}`, ...resourceChannels] };
    }
  }
  return undefined;
}

function rowPublication(event: DomainEvent): Omit<Publication, 'payload'> {
  const parsed = parseEventName(event.name, event.ids);
  const payload = event.payload;
  const databaseId = event.ids.databaseId ?? stringField(payload, '$databaseId') ?? parsed[1]?.value ?? '';
  const tableId = event.ids.tableId ?? stringField(payload, '$tableId') ?? stringField(payload, '$collectionId') ?? parsed[3]?.value ?? '';
  const rowId = event.ids.rowId ?? stringField(payload, '$id') ?? parsed[5]?.value ?? '';
  // Increments and decrements are updates on the wire.
  const named = actionOf(parsed) ?? event.action;
  const action = EVENT_ACTIONS.includes(named) ? named : 'update';
  const events = realtimeRowEventNames(rowTemplate(databaseId, tableId, rowId, action));
  const channels = [
    'documents',
    `databases.${databaseId}.collections.${tableId}.documents`,
    `databases.${databaseId}.collections.${tableId}.documents.${rowId}`,
    'rows',
    `databases.${databaseId}.tables.${tableId}.rows`,
    `databases.${databaseId}.tables.${tableId}.rows.${rowId}`,
    `tablesdb.${databaseId}.tables.${tableId}.rows`,
    `tablesdb.${databaseId}.tables.${tableId}.rows.${rowId}`,
  ];
  return { events, channels: withActions(channels, action) };
}

/**
 * Adds the `.action` variant of each resource channel. Appwrite picks these by splitting channel
 * names on dots, which misses ids that contain a dot; the channels are listed explicitly here.
 */
function withActions(channels: string[], action: string | undefined): string[] {
  return action === undefined ? channels : [...channels, ...channels.map((channel) => `${channel}.${action}`)];
}

/**
 * A subscription's channels as the server stores them (Appwrite's `convertChannels`): `account`
 * also listens on `account.<me>`, `account.<action>` becomes `account.<me>.<action>` (kept literal
 * for guests), and every other `account.…` string is dropped so no one listens to another user.
 */
export function convertChannels(channels: readonly string[], userId: string | undefined): string[] {
  const result: string[] = [];
  const add = (channel: string) => {
    if (!result.includes(channel)) result.push(channel);
  };
  for (const channel of channels) {
    if (channel === 'account') {
      add(channel);
      if (userId) add(`account.${userId}`);
    } else if (channel.startsWith('account.')) {
      const suffix = channel.slice('account.'.length);
      if (!EVENT_ACTIONS.includes(suffix)) continue;
      add(userId ? `account.${userId}.${suffix}` : channel);
    } else {
      add(channel);
    }
  }
  return result;
}

/** After `authentication`, account channels stored for the previous identity follow the new user. */
export function rebindAccountChannels(channels: readonly string[], previousUserId: string | undefined, userId: string): string[] {
  if (previousUserId === userId) return [...channels];
  return unique(
    channels.flatMap((channel) => {
      if (channel === 'account') return [channel, `account.${userId}`];
      if (!channel.startsWith('account.')) return [channel];
      const rest = channel.slice('account.'.length);
      if (!previousUserId) return [EVENT_ACTIONS.includes(rest) ? `account.${userId}.${rest}` : channel];
      if (rest === previousUserId) return [`account.${userId}`];
      const action = rest.startsWith(`${previousUserId}.`) ? rest.slice(previousUserId.length + 1) : undefined;
      return [action !== undefined && EVENT_ACTIONS.includes(action) ? `account.${userId}.${action}` : channel];
    }),
  );
}

function stringField(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
