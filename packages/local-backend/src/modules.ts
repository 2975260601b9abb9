import { accountModule } from './account/account-module.ts';
import { functionsModule } from './functions/index.ts';
import { healthModule } from './health/health-module.ts';
import { messagingModule } from './messaging/messaging-module.ts';
import { oauthModule } from './oauth/oauth-module.ts';
import { outboxModule } from './outbox/outbox-module.ts';
import { realtimeModule } from './realtime/realtime-module.ts';
import { storageModule } from './storage/storage-module.ts';
import { tablesDbModule } from './tablesdb/tablesdb-module.ts';
import { teamsModule } from './teams/teams-module.ts';
import { usersModule } from './users/users-module.ts';
import type { Module } from './services.ts';

/**
 * Every feature module of the server, registered in this order. A module owns one folder under
 * `src/` and its routes; modules talk to each other only through `Services` and the event bus.
 */
export const modules: Module[] = [
  healthModule,
  outboxModule,
  accountModule,
  usersModule,
  teamsModule,
  messagingModule,
  tablesDbModule,
  storageModule,
  oauthModule,
  realtimeModule,
  functionsModule,
];
