/**
 * The socket URL's query string read as PHP reads it (Appwrite's realtime server is PHP): `name[a][]=x`
 * nests, `[]` appends, and dots and spaces in the top-level name become `_` (so a channel's per-slot
 * queries arrive under `databases_D_tables_T_rows[0][]`). Clients send channels as `channels[]=…` (the
 * SDKs), `channels[0]=…` (PHP's `http_build_query`) or a single `channels=…`.
 */
export type PhpValue = string | PhpArray;
export interface PhpArray {
  /** Keys in insertion order, as PHP arrays keep them. */
  readonly entries: Array<[string, PhpValue]>;
}

const BRACKETS = /\[([^\]]*)\]/g;

function newArray(): PhpArray {
  return { entries: [] };
}

function nextIndex(array: PhpArray): string {
  const numeric = array.entries.map(([key]) => Number(key)).filter((key) => Number.isInteger(key) && key >= 0);
  return String(numeric.length ? Math.max(...numeric) + 1 : 0);
}

function assign(array: PhpArray, path: readonly string[], value: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  const key = head === '' ? nextIndex(array) : head;
  const found = array.entries.find(([existing]) => existing === key);
  if (rest.length === 0) {
    if (found) found[1] = value;
    else array.entries.push([key, value]);
    return;
  }
  let child = found?.[1];
  if (child === undefined || typeof child === 'string') {
    child = newArray();
    if (found) found[1] = child;
    else array.entries.push([key, child]);
  }
  assign(child, rest, value);
}

/** Parses a query string (`?` optional) into PHP's `$_GET` shape. */
export function parsePhpQuery(search: string): PhpArray {
  const root = newArray();
  for (const [rawKey, value] of new URLSearchParams(search)) {
    const open = rawKey.indexOf('[');
    const base = (open === -1 ? rawKey : rawKey.slice(0, open)).replace(/[. ]/g, '_');
    if (base === '') continue;
    const path = [base];
    if (open !== -1) {
      const tail = rawKey.slice(open);
      for (const match of tail.matchAll(BRACKETS)) path.push(match[1] as string);
    }
    assign(root, path, value);
  }
  return root;
}

export function phpGet(array: PhpArray, key: string): PhpValue | undefined {
  return array.entries.find(([existing]) => existing === key)?.[1];
}

/** A value as a list of strings: a string is one item, an array its string items in order. */
export function phpStrings(value: PhpValue | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  return value.entries.flatMap(([, item]) => (typeof item === 'string' ? [item] : []));
}
