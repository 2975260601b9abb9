import type { DomainEvent } from './bus.ts';

/**
 * Appwrite's event-name grammar (https://appwrite.io/docs/apis/events): `type.[id1].sub.[id2].subsub.[id3].action[.attribute]`,
 * and the names `Event::generateEvents` derives from one concrete event. Realtime and event-triggered
 * functions both match against these names. Names are kept as segment lists until the end, because
 * ids may themselves contain dots (Appwrite's CustomId rule allows `.`).
 */

/** The actions of the grammar; after one of them no id follows, and realtime channels get an action suffix only for these. */
export const EVENT_ACTIONS: readonly string[] = ['create', 'update', 'upsert', 'delete'];

export type Segment = { kind: 'literal'; value: string } | { kind: 'id'; key: string; value: string };

export type EventTemplate = readonly Segment[];

const literal = (value: string): Segment => ({ kind: 'literal', value });
const id = (key: string, value: string): Segment => ({ kind: 'id', key, value });

/**
 * Splits a concrete event name into literals and ids. Ids are recognised by value at the id
 * positions (1, 3, 5) so that an id containing a dot stays one segment; the first literal that is
 * an action ends the id positions (`users.U.update.name`: `name` is an attribute, not an id).
 */
export function parseEventName(name: string, ids: Readonly<Record<string, string>>): EventTemplate {
  const known = Object.entries(ids).sort(([, a], [, b]) => b.length - a.length);
  const segments: Segment[] = [];
  let rest = name;
  let actionSeen = false;
  while (rest !== '') {
    const atIdPosition = segments.length % 2 === 1 && segments.length <= 5 && !actionSeen;
    const match = atIdPosition ? known.find(([, value]) => rest === value || rest.startsWith(`${value}.`)) : undefined;
    const dot = rest.indexOf('.');
    const token = match ? match[1] : dot < 0 ? rest : rest.slice(0, dot);
    rest = rest.length > token.length ? rest.slice(token.length + 1) : '';
    if (match) {
      segments.push(id(match[0], token));
    } else if (atIdPosition && !EVENT_ACTIONS.includes(token)) {
      segments.push(id(`id${segments.length}`, token));
    } else {
      segments.push(literal(token));
      if (EVENT_ACTIONS.includes(token)) actionSeen = true;
    }
  }
  return segments;
}

/** The action of an event the way Appwrite's realtime adapter reads it: the last segment, else the one before. */
export function actionOf(template: EventTemplate): string | undefined {
  const last = template.at(-1);
  const beforeLast = template.at(-2);
  if (last?.kind === 'literal' && EVENT_ACTIONS.includes(last.value)) return last.value;
  if (beforeLast?.kind === 'literal' && EVENT_ACTIONS.includes(beforeLast.value)) return beforeLast.value;
  return undefined;
}

/**
 * Every name a listener may match: each prefix Appwrite's `Event::generateEvents` emits (full name,
 * without the attribute, up to each id), each with every id concrete or `*`, concrete first.
 */
export function generateEventNames(template: EventTemplate): Segment[][] {
  const idIndexes = template.flatMap((segment, index) => (segment.kind === 'id' ? [index] : []));
  const lastId = idIndexes.at(-1);
  if (lastId === undefined) return [[...template]];
  const path = template.slice(0, lastId + 1);
  const action = template[lastId + 1];
  const attribute = template[lastId + 2];

  const patterns: Segment[][] = [];
  if (action) {
    if (idIndexes.length >= 2) {
      if (attribute) patterns.push([...path, action, attribute]);
      patterns.push([...path, action], path);
    } else {
      patterns.push([...path, action]);
    }
    // Appwrite also emits `type.resource.action.attribute`, even below a sub-resource.
    if (attribute) patterns.push([...template.slice(0, 2), action, attribute]);
  }
  if (idIndexes.length >= 3) patterns.push(template.slice(0, 6));
  if (idIndexes.length >= 2) patterns.push(template.slice(0, 4));
  patterns.push(template.slice(0, 2));

  const seen = new Set<string>();
  const names: Segment[][] = [];
  for (const pattern of patterns) {
    for (const variant of wildcardVariants(pattern)) {
      const key = JSON.stringify(variant.map((segment) => segment.value));
      if (seen.has(key)) continue;
      seen.add(key);
      names.push(variant);
    }
  }
  return names;
}

/** All 2^n choices of concrete-or-`*` for the ids of one pattern: concrete first, all-wildcard second. */
function wildcardVariants(pattern: Segment[]): Segment[][] {
  const idPositions = pattern.flatMap((segment, index) => (segment.kind === 'id' ? [index] : []));
  const full = (1 << idPositions.length) - 1;
  const masks = [0, full, ...Array.from({ length: full + 1 }, (_, mask) => mask).filter((mask) => mask !== 0 && mask !== full)];
  return [...new Set(masks)].map((mask) =>
    pattern.map((segment, index) => {
      const bit = idPositions.indexOf(index);
      return bit >= 0 && mask & (1 << bit) ? { ...segment, value: '*' } : segment;
    }),
  );
}

export function joinName(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.value).join('.');
}

/**
 * Row events exist in three spellings (TablesDB's and the two legacy ones): `tablesdb.D.tables.T.rows.R`,
 * `databases.D.collections.T.documents.R` and `databases.D.tables.T.rows.R`.
 */
export type RowFamily = 'tablesdb' | 'collections' | 'tables';

const ROW_FAMILY_WORDS: Record<RowFamily, readonly [string, string, string]> = {
  tablesdb: ['tablesdb', 'tables', 'rows'],
  collections: ['databases', 'collections', 'documents'],
  tables: ['databases', 'tables', 'rows'],
};

/** The row event template in its `tablesdb` spelling. */
export function rowTemplate(databaseId: string, tableId: string, rowId: string, action: string): EventTemplate {
  return [literal('tablesdb'), id('databaseId', databaseId), literal('tables'), id('tableId', tableId), literal('rows'), id('rowId', rowId), literal(action)];
}

/** A row event name (or one of its generated prefixes) respelled in another family. */
export function inRowFamily(name: readonly Segment[], family: RowFamily): Segment[] {
  const [type, container, resource] = ROW_FAMILY_WORDS[family];
  return name.map((segment, index) => {
    if (segment.kind !== 'literal') return segment;
    if (index === 0) return literal(type);
    if (index === 2 && (segment.value === 'tables' || segment.value === 'collections')) return literal(container);
    if (index === 4 && (segment.value === 'rows' || segment.value === 'documents')) return literal(resource);
    return segment;
  });
}

/** Realtime's order of a row event's names (as its payload's `events` lists them): each generated name in the three families, `tablesdb` first. */
export function realtimeRowEventNames(template: EventTemplate): string[] {
  const families: RowFamily[] = ['tablesdb', 'collections', 'tables'];
  return unique(generateEventNames(template).flatMap((name) => families.map((family) => joinName(inRowFamily(name, family)))));
}

/**
 * The names a function's `events` are matched against, concrete name first: Appwrite sends that
 * one in `x-appwrite-event`. Appwrite's function triggers know only the `databases` spellings of a
 * row event; the `tablesdb` one is matched too so `tablesdb.*` subscriptions work. A row create is
 * announced in the collections spelling first (the route's own event), every other action in the
 * tables spelling.
 */
export function triggerEventNames(event: DomainEvent): string[] {
  const template = parseEventName(event.name, event.ids);
  const names = generateEventNames(template);
  if (event.resource !== 'row') return names.map(joinName);
  const families: RowFamily[] = actionOf(template) === 'create' ? ['collections', 'tables', 'tablesdb'] : ['tables', 'collections', 'tablesdb'];
  return unique(families.flatMap((family) => names.map((name) => joinName(inRowFamily(name, family)))));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
