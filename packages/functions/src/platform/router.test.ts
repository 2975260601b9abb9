import { describe, expect, it } from 'vitest';
import { matchRoute, type Command, type Route } from './router.ts';

const command =
  (name: string): Command =>
  async () =>
    name;
const routes: Route[] = [
  { method: 'POST', path: '/jobs', command: command('create') },
  { method: 'DELETE', path: '/jobs/{id}', command: command('remove') },
  { method: 'PUT', path: '/jobs/{id}/assignment', command: command('assign') },
];

describe('matchRoute', () => {
  it('matches method and path, with the ids of the path as params', () => {
    expect(matchRoute(routes, 'post', '/jobs')?.params).toEqual({});
    const assign = matchRoute(routes, 'PUT', '/jobs/job_1/assignment/');
    expect(assign?.params).toEqual({ id: 'job_1' });
  });

  it('answers nothing for another method, another path or a malformed id', () => {
    expect(matchRoute(routes, 'GET', '/jobs')).toBeUndefined();
    expect(matchRoute(routes, 'DELETE', '/jobs')).toBeUndefined();
    expect(matchRoute(routes, 'DELETE', '/jobs/_bad')).toBeUndefined();
    expect(matchRoute(routes, 'DELETE', `/jobs/${'a'.repeat(37)}`)).toBeUndefined();
  });
});
