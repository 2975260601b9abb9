import type { UserField, UserFilter, UserListOptions } from '../auth/accounts.ts';
import { invalidQuery, parseListQueries, type ListAttribute } from '../queries/list-queries.ts';

interface UserAttribute extends ListAttribute {
  field: UserField | 'labels';
}

const ATTRIBUTES: Readonly<Record<string, UserAttribute>> = {
  $id: { field: 'id', type: 'string' },
  email: { field: 'email', type: 'string' },
  name: { field: 'name', type: 'string' },
  phone: { field: 'phone', type: 'string' },
  status: { field: 'status', type: 'boolean' },
  emailVerification: { field: 'emailVerification', type: 'boolean' },
  phoneVerification: { field: 'phoneVerification', type: 'boolean' },
  impersonator: { field: 'impersonator', type: 'boolean' },
  registration: { field: 'registration', type: 'datetime' },
  passwordUpdate: { field: 'passwordUpdate', type: 'datetime' },
  $createdAt: { field: 'createdAt', type: 'datetime' },
  $updatedAt: { field: 'updatedAt', type: 'datetime' },
  labels: { field: 'labels', type: 'string', array: true },
};

/** The fields Accounts.findUsers can match with `equal`/`notEqual`. */
const FILTERABLE = new Set<string>([
  'id',
  'email',
  'name',
  'phone',
  'status',
  'emailVerification',
  'phoneVerification',
  'impersonator',
  'registration',
  'passwordUpdate',
  'createdAt',
  'updatedAt',
]);

/**
 * Turns the `queries[]` of `GET /users` into list options for Accounts.findUsers, which sorts by
 * one field (the first order, Appwrite's primary one) and filters with `equal`/`notEqual` on
 * scalar fields and `contains` on labels; other valid queries are refused here.
 */
export function parseUserQueries(queries: readonly string[]): Omit<UserListOptions, 'search' | 'countTotal'> {
  const parsed = parseListQueries(queries, ATTRIBUTES);
  const filters = parsed.filters.map(({ method, attribute, field, values }): UserFilter => {
    if (field.field === 'labels' && method === 'contains') return { field: 'labels', operator: 'contains', values: values as string[] };
    if ((method === 'equal' || method === 'notEqual') && FILTERABLE.has(field.field)) {
      return { field: field.field, operator: method, values: values as Array<string | boolean> } as UserFilter;
    }
    invalidQuery(`Query method ${method} is not supported on attribute "${attribute}" here`);
  });
  const [order] = parsed.orders;
  return {
    filters,
    order: order && { field: order.field.field as UserField, descending: order.descending },
    cursor: parsed.cursor,
    limit: parsed.limit,
    offset: parsed.offset,
  };
}
