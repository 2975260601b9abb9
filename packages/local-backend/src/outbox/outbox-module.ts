import { json } from '../http/context.ts';
import type { Module } from '../services.ts';

/**
 * `GET /v1/dev/outbox[?to=email]`: the mails the server would have sent, newest first. A development
 * route (no project header needed), like a local mail catcher; there is no Appwrite equivalent.
 */
export const outboxModule: Module = (router, services) => {
  const { outbox } = services;
  router.get('/v1/dev/outbox', (ctx) => {
    const to = ctx.params.optionalString('to');
    return json(200, outbox.list(to ? { to } : {}));
  });
};
