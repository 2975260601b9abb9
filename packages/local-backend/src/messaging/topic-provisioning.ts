import { isCustomId } from '../http/params.ts';
import { loadProjectConfig } from '../provisioning/config.ts';
import type { Topics } from './topic-store.ts';

/**
 * The `topics` of `appwrite.config.json` (`[{ "$id", "name", "subscribe" }]`, what `appwrite push
 * topics` creates): missing topics are created without subscribers, existing ones get the file's
 * name and `subscribe` roles, like the CLI. Subscribers are never provisioned; topics absent from the
 * config are left alone.
 */
export function provisionTopics(projectRoot: string | undefined, topics: Topics): void {
  for (const entry of loadProjectConfig(projectRoot).topics ?? []) {
    const where = `appwrite.config.json: topic ${JSON.stringify(entry.$id)}`;
    if (typeof entry.$id !== 'string' || entry.$id === 'unique()' || !isCustomId(entry.$id)) throw new Error(`${where}: not a valid id`);
    if (typeof entry.name !== 'string' || entry.name.length < 1 || entry.name.length > 128) throw new Error(`${where}: name must be 1 to 128 characters`);
    const subscribe = entry.subscribe ?? ['users'];
    if (!Array.isArray(subscribe) || subscribe.some((role) => typeof role !== 'string')) throw new Error(`${where}: subscribe must be a list of roles`);
    const existing = topics.find(entry.$id);
    if (!existing) topics.create(entry.$id, entry.name, subscribe);
    else if (existing.name !== entry.name || JSON.stringify(existing.subscribe) !== JSON.stringify(subscribe))
      topics.update({ ...existing, name: entry.name, subscribe });
  }
}
