import { describe, expect, it } from 'vitest';
import { creatingFor } from './for-school.ts';

describe('creatingFor', () => {
  it('sends the school with a create and keeps every other method, even of a module with no own keys', () => {
    const calls: unknown[] = [];
    const methods = { create: (input: { title: string; schoolId?: string }) => calls.push(input), list: () => 'listed' };
    // As the SDK's lazy modules and the portal's deferred client are: methods through a proxy.
    const module = new Proxy({} as typeof methods, { get: (_target, key) => methods[key as keyof typeof methods] });
    expect({ ...module }).toEqual({});
    const forSchool = creatingFor(module, 'school-a');
    forSchool.create({ title: 'Post' });
    expect(calls).toEqual([{ title: 'Post', schoolId: 'school-a' }]);
    expect(forSchool.list()).toBe('listed');
  });
});
