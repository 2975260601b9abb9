import type { Module, Services } from '../services.ts';
import { RealtimeServer } from './realtime-server.ts';

const servers = new WeakMap<Services, RealtimeServer>();

/** `/v1/realtime`: Appwrite's message-based WebSocket protocol as the web SDK 27 speaks it (https://appwrite.io/docs/apis/realtime). */
export const realtimeModule: Module = (_router, services) => {
  const server = new RealtimeServer(services);
  servers.set(services, server);
  services.onUpgrade('/v1/realtime', (req, socket, head) => server.handleUpgrade(req, socket, head));
  return {
    close: () => {
      server.close();
      servers.delete(services);
    },
  };
};

/**
 * Drops every realtime socket of one server at once, as a network failure would. For tests of the
 * SDK's reconnect; not part of the Appwrite protocol.
 * @internal
 */
export function dropAllConnections(services: Services): void {
  servers.get(services)?.dropAll();
}
