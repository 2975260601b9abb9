import { errors } from '../../http/errors.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { formatStoredDatetime, normalizeDatetime } from '../schema/datetime.ts';

/**
 * Appwrite's operators (utopia-php's `Operator`): a row value written as `Operator.increment(5)`
 * and the like arrives as the JSON text `{"method":"increment","values":[5]}` (or, from a
 * transaction's log, as the object) and is computed from the row's current value when the write
 * happens, inside its SQLite transaction, so concurrent writes never lose an update.
 */

export const OPERATOR_METHODS = [
  'increment',
  'decrement',
  'multiply',
  'divide',
  'modulo',
  'power',
  'arrayAppend',
  'arrayPrepend',
  'arrayInsert',
  'arrayRemove',
  'arrayUnique',
  'arrayIntersect',
  'arrayDiff',
  'arrayFilter',
  'stringConcat',
  'stringReplace',
  'toggle',
  'dateAddDays',
  'dateSubDays',
  'dateSetNow',
] as const;
type OperatorMethod = (typeof OPERATOR_METHODS)[number];

interface Operator {
  method: OperatorMethod;
  values: unknown[];
}

/** The operator a data value stands for, or undefined for a plain value. */
function operatorOf(value: unknown): Operator | undefined {
  let candidate = value;
  if (typeof value === 'string' && value.startsWith('{') && value.includes('"method"')) {
    try {
      candidate = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return undefined;
  const { method, values } = candidate as { method?: unknown; values?: unknown };
  if (typeof method !== 'string' || !(OPERATOR_METHODS as readonly string[]).includes(method)) return undefined;
  return { method: method as OperatorMethod, values: Array.isArray(values) ? values : [] };
}

/** Whether `data` holds an operator for any column. */
export function hasOperators(data: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(data).some(([key, value]) => !key.startsWith('$') && operatorOf(value) !== undefined);
}

/**
 * `data` with each operator replaced by its result over `current` (the row's decoded values; none
 * for a row being created). Relationship columns take their values as they are.
 */
export function resolveOperators(table: TableSchema, current: Readonly<Record<string, unknown>>, data: Record<string, unknown>): Record<string, unknown> {
  const resolved: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith('$') || table.columnsByKey.get(key)?.kind === 'relationship') continue;
    const operator = operatorOf(value);
    if (operator) resolved[key] = apply(key, operator, current[key] ?? null);
  }
  return resolved;
}

function invalid(key: string, message: string): never {
  throw errors.invalidStructure(`Invalid operator for attribute "${key}": ${message}`);
}

function numberArg(key: string, operator: Operator, index: number): number | undefined {
  const value = operator.values[index];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) invalid(key, `${operator.method} requires numeric values`);
  return value;
}

function currentNumber(key: string, operator: Operator, current: unknown): number {
  if (current === null) return 0;
  if (typeof current !== 'number') invalid(key, `Cannot apply ${operator.method} operator to non-numeric field '${key}'`);
  return current;
}

function currentArray(key: string, operator: Operator, current: unknown): unknown[] {
  if (current === null) return [];
  if (!Array.isArray(current)) invalid(key, `Cannot apply ${operator.method} operator to non-array field '${key}'`);
  return current;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function apply(key: string, operator: Operator, current: unknown): unknown {
  const { method } = operator;
  switch (method) {
    case 'increment':
    case 'decrement':
    case 'multiply':
    case 'divide':
    case 'modulo':
    case 'power': {
      const operand = numberArg(key, operator, 0) ?? 1;
      const bound = numberArg(key, operator, 1);
      const base = currentNumber(key, operator, current);
      if ((method === 'divide' || method === 'modulo') && operand === 0) invalid(key, `${method === 'divide' ? 'Division' : 'Modulo'} by zero is not allowed`);
      const result = {
        increment: base + operand,
        decrement: base - operand,
        multiply: base * operand,
        divide: base / operand,
        modulo: base % operand,
        power: base ** operand,
      }[method];
      // The second value caps the result (a maximum when growing, a minimum when shrinking).
      if (bound === undefined) return result;
      return method === 'decrement' || method === 'divide' ? Math.max(result, bound) : Math.min(result, bound);
    }
    case 'arrayAppend':
      return [...currentArray(key, operator, current), ...operator.values];
    case 'arrayPrepend':
      return [...operator.values, ...currentArray(key, operator, current)];
    case 'arrayInsert': {
      const items = [...currentArray(key, operator, current)];
      const index = numberArg(key, operator, 0) ?? 0;
      if (!Number.isInteger(index) || index < 0 || index > items.length)
        invalid(key, `Insert index ${index} is out of bounds for array of length ${items.length}`);
      items.splice(index, 0, operator.values[1]);
      return items;
    }
    case 'arrayRemove':
      return currentArray(key, operator, current).filter((item) => !same(item, operator.values[0]));
    case 'arrayUnique':
      return currentArray(key, operator, current).filter((item, i, all) => all.findIndex((other) => same(other, item)) === i);
    case 'arrayIntersect':
      return currentArray(key, operator, current).filter((item) => operator.values.some((value) => same(value, item)));
    case 'arrayDiff':
      return currentArray(key, operator, current).filter((item) => !operator.values.some((value) => same(value, item)));
    case 'arrayFilter':
      return currentArray(key, operator, current).filter((item) => keeps(item, String(operator.values[0]), operator.values[1]));
    case 'stringConcat':
      if (current !== null && typeof current !== 'string') invalid(key, `Cannot apply stringConcat operator to non-string field '${key}'`);
      return `${(current as string | null) ?? ''}${String(operator.values[0] ?? '')}`;
    case 'stringReplace':
      if (current !== null && typeof current !== 'string') invalid(key, `Cannot apply stringReplace operator to non-string field '${key}'`);
      return ((current as string | null) ?? '').split(String(operator.values[0] ?? '')).join(String(operator.values[1] ?? ''));
    case 'toggle':
      if (current !== null && typeof current !== 'boolean') invalid(key, `Cannot apply toggle operator to non-boolean field '${key}'`);
      return !current;
    case 'dateAddDays':
    case 'dateSubDays': {
      const days = numberArg(key, operator, 0) ?? 0;
      const stored = current === null ? undefined : normalizeDatetime(current);
      if (current !== null && stored === undefined) invalid(key, `Cannot apply ${method} operator to non-datetime field '${key}'`);
      const base = stored === undefined ? Date.now() : Date.parse(stored);
      return formatStoredDatetime(new Date(base + (method === 'dateAddDays' ? days : -days) * 86_400_000));
    }
    case 'dateSetNow':
      return formatStoredDatetime(new Date());
  }
}

/** utopia's arrayFilter conditions. */
function keeps(item: unknown, condition: string, value: unknown): boolean {
  switch (condition) {
    case 'equal':
      return same(item, value);
    case 'notEqual':
      return !same(item, value);
    case 'greaterThan':
      return typeof item === 'number' && typeof value === 'number' && item > value;
    case 'greaterThanEqual':
      return typeof item === 'number' && typeof value === 'number' && item >= value;
    case 'lessThan':
      return typeof item === 'number' && typeof value === 'number' && item < value;
    case 'lessThanEqual':
      return typeof item === 'number' && typeof value === 'number' && item <= value;
    case 'isNull':
      return item === null;
    case 'isNotNull':
      return item !== null;
    default:
      return true;
  }
}
