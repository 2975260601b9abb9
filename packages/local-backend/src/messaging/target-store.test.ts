import { describe, expect, it } from 'vitest';
import { Accounts } from '../auth/accounts.ts';
import { Store } from '../store/store.ts';
import { Targets } from './target-store.ts';

describe('messaging targets store', () => {
  it('keeps the e-mail targets a data folder of the first messaging module holds, in their order', () => {
    const store = new Store({ memory: true });
    store.migrate(`
      CREATE TABLE _messaging_targets (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, identifier TEXT NOT NULL, name TEXT NOT NULL, created_at INTEGER NOT NULL);
      INSERT INTO _messaging_targets VALUES ('later', 'u1', 'b@example.com', '', 2000), ('first', 'u1', 'a@example.com', 'Supervisor', 1000);
    `);
    const targets = new Targets(store, new Accounts(store));
    expect(targets.byIds(['later', 'first'], 'email').map((target) => [target.id, target.identifier, target.name])).toEqual([
      ['first', 'a@example.com', 'Supervisor'],
      ['later', 'b@example.com', ''],
    ]);
    expect(targets.find('first')).toMatchObject({ userId: 'u1', providerType: 'email', providerId: null, expired: false, createdAt: 1000, updatedAt: 1000 });
    store.close();
  });

  it('writes a user’s own e-mail target from the address, follows changes, and keeps a deleted one deleted until the address changes', () => {
    const store = new Store({ memory: true });
    const accounts = new Accounts(store);
    const targets = new Targets(store, accounts);
    const user = accounts.createUser({ id: 'ana', email: 'ana@example.com', name: 'Ana', password: null });
    expect(targets.find('ana-email')).toMatchObject({ userId: 'ana', identifier: 'ana@example.com', createdAt: user.createdAt });

    accounts.updateUser('ana', { email: 'ana@school.example' });
    expect(targets.find('ana-email')?.identifier).toBe('ana@school.example');
    targets.delete('ana-email');
    expect(targets.find('ana-email')).toBeUndefined();
    expect(targets.idTaken('ana-email')).toBe(true);
    accounts.updateUser('ana', { email: 'ana@home.example' });
    expect(targets.find('ana-email')?.identifier).toBe('ana@home.example');
    accounts.updateUser('ana', { email: '' });
    expect(targets.find('ana-email')).toBeUndefined();
    store.close();
  });
});
