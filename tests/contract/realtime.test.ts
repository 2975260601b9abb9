import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, ID, Permission, Query, Role } from 'appwrite';
import { Storage as AdminStorage, TablesDB as AdminTablesDB, Users as AdminUsers } from 'node-appwrite';
import { dropAllConnections } from '../../packages/local-backend/src/realtime/realtime-module.ts';
import { adminClient, describeLocal, itLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { schemaReady } from '../support/schema.ts';
import { closeRealtimeClients, openRawSocket, openRealtime, waitFor, type Frame, type LiveEvent } from '../support/realtime.ts';

type SignedIn = TestBrowser & { userId: string; email: string };

let backend: TestBackend;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signedInBrowser(backend, { email: `alice-${uniqueSuffix()}@example.com`, name: 'Alice' });
  bob = await signedInBrowser(backend, { email: `bob-${uniqueSuffix()}@example.com`, name: 'Bob' });
});
afterAll(async () => {
  await closeRealtimeClients();
  await backend.close();
});

const dataOf = (frame: Frame) => frame.data as Record<string, unknown>;

describe('realtime handshake', () => {
  it('greets a guest with connected and user null', async () => {
    const socket = openRawSocket(backend);
    expect(await socket.next()).toEqual({ type: 'connected', data: { channels: [], subscriptions: [], user: null } });
    socket.close();
  });

  it('identifies the user from the session cookie of the upgrade request', async () => {
    const socket = openRawSocket(backend, { headers: { cookie: alice.cookieHeader() } });
    const connected = await socket.next();
    expect(connected.type).toBe('connected');
    expect(dataOf(connected).user).toMatchObject({ $id: alice.userId, email: alice.email, name: 'Alice' });
    expect(dataOf(connected).user).not.toHaveProperty('password');
    socket.close();
  });

  it('identifies the user from X-Fallback-Cookies and from a jwt query parameter', async () => {
    const fallback = JSON.stringify({ [`a_session_${backend.projectId}`]: bob.sessionToken() });
    const viaFallback = openRawSocket(backend, { headers: { 'x-fallback-cookies': fallback } });
    expect(dataOf(await viaFallback.next()).user).toMatchObject({ $id: bob.userId });

    const { jwt } = await bob.account.createJWT();
    const viaJwt = openRawSocket(backend, { jwt });
    expect(dataOf(await viaJwt.next()).user).toMatchObject({ $id: bob.userId });
    viaFallback.close();
    viaJwt.close();
  });

  it('refuses an unknown project with error 1008 and closes the socket with 1008', async () => {
    const socket = openRawSocket(backend, { project: 'no-such-project' });
    expect(await socket.next()).toEqual({ type: 'error', data: { code: 1008, message: 'Missing or unknown project ID' } });
    expect(await socket.closed).toBe(1008);
  });
});

describe('realtime messages', () => {
  it('answers ping with pong', async () => {
    const socket = openRawSocket(backend);
    await socket.next();
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.close();
  });

  it('answers an unknown type and malformed JSON with error 1003 and keeps the socket open', async () => {
    const socket = openRawSocket(backend);
    await socket.next();
    socket.send({ type: 'presence', data: { status: 'online', presenceId: 'p1' } });
    expect(await socket.next()).toEqual({ type: 'error', data: { code: 1003, message: 'Message type is not valid.' } });
    socket.sendText('{not json');
    expect(await socket.next()).toEqual({ type: 'error', data: { code: 1003, message: 'Message format is not valid.' } });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    expect(socket.isOpen()).toBe(true);
    socket.close();
  });

  it('acknowledges subscribe with the converted channels and drops other users’ account channels', async () => {
    const socket = openRawSocket(backend, { headers: { cookie: alice.cookieHeader() } });
    await socket.next();
    const query = Query.equal('status', ['open']);
    socket.send({
      type: 'subscribe',
      data: [{ subscriptionId: 'sub-1', channels: ['account', `account.${bob.userId}`, 'account.update', 'rows'], queries: [query] }],
    });
    expect(await socket.next()).toEqual({
      type: 'response',
      data: {
        to: 'subscribe',
        success: true,
        subscriptions: [
          { subscriptionId: 'sub-1', channels: ['account', `account.${alice.userId}`, `account.${alice.userId}.update`, 'rows'], queries: [query] },
        ],
      },
    });
    socket.send({ type: 'unsubscribe', data: [{ subscriptionId: 'sub-1' }, { subscriptionId: 'never-subscribed' }] });
    expect(await socket.next()).toEqual({
      type: 'response',
      data: {
        to: 'unsubscribe',
        success: true,
        subscriptions: [
          { subscriptionId: 'sub-1', removed: true },
          { subscriptionId: 'never-subscribed', removed: false },
        ],
      },
    });
    socket.close();
  });

  it('subscribes to channels given in the socket URL, as older SDKs ask and Appwrite still accepts', async () => {
    const socket = openRawSocket(backend, { headers: { cookie: alice.cookieHeader() }, channels: ['account'] });
    expect(dataOf(await socket.next())).toMatchObject({ channels: ['account', `account.${alice.userId}`], user: { $id: alice.userId } });
    await alice.account.updateName({ name: 'Alice by URL' });
    const event = await socket.next();
    expect(event.type).toBe('event');
    expect(dataOf(event)).toMatchObject({ channels: expect.arrayContaining(['account']), payload: { name: 'Alice by URL' } });
    socket.close();
  });

  it('refuses invalid subscription ids, channels and queries with error 1003', async () => {
    const socket = openRawSocket(backend);
    await socket.next();
    const attempts = [
      [{ subscriptionId: '-starts-with-dash', channels: ['rows'] }],
      [{ subscriptionId: 'no-channels' }],
      [{ subscriptionId: 'numbers', channels: [42] }],
      [{ subscriptionId: 'search', channels: ['rows'], queries: [Query.search('title', 'milk')] }],
      [{ subscriptionId: 'select', channels: ['rows'], queries: [Query.select(['title'])] }],
      { subscriptionId: 'not-a-list', channels: ['rows'] },
    ];
    for (const data of attempts) {
      socket.send({ type: 'subscribe', data });
      const reply = await socket.next();
      expect(reply.type, JSON.stringify(data)).toBe('error');
      expect(dataOf(reply).code).toBe(1003);
    }
    socket.send({ type: 'subscribe', data: [{ subscriptionId: 'fine', channels: ['rows'], queries: [Query.select(['*'])] }] });
    expect(dataOf(await socket.next())).toMatchObject({ to: 'subscribe', success: true });
    socket.close();
  });

  it('answers authentication with the user, and an invalid session with 1003 while staying open', async () => {
    const socket = openRawSocket(backend);
    await socket.next();
    socket.send({ type: 'authentication', data: { session: 'not-a-session' } });
    expect(await socket.next()).toEqual({ type: 'error', data: { code: 1003, message: 'Session is not valid.' } });
    socket.send({ type: 'authentication', data: { session: alice.sessionToken() } });
    const reply = await socket.next();
    expect(reply.type).toBe('response');
    expect(dataOf(reply)).toMatchObject({ to: 'authentication', success: true, user: { $id: alice.userId } });
    socket.close();
  });
});

describe('account channel through the web SDK', () => {
  it('delivers the user’s own account events and never another user’s', async () => {
    const aliceLive = openRealtime(backend, { session: alice.sessionToken() });
    const bobLive = openRealtime(backend, { session: bob.sessionToken() });
    const aliceFeed = await aliceLive.subscribe([Channel.account()]);
    const bobFeed = await bobLive.subscribe([Channel.account()]);

    await alice.account.updateName({ name: 'Alice Realtime' });
    const event = await aliceFeed.waitFor((received) => received.payload.name === 'Alice Realtime');
    expect(event.payload.$id).toBe(alice.userId);
    expect(event.events).toEqual(expect.arrayContaining([`users.${alice.userId}.update.name`, 'users.*.update.name', `users.${alice.userId}`]));
    expect(event.channels).toEqual(expect.arrayContaining(['account', `account.${alice.userId}`, 'account.update', `account.${alice.userId}.update`]));
    expect(event.subscriptions).toEqual([aliceFeed.subscriptionId]);
    expect(event.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);

    // Bob's own update arrives after Alice's would have: events on one socket keep their order.
    await bob.account.updateName({ name: 'Bob Realtime' });
    await bobFeed.waitFor((received) => received.payload.name === 'Bob Realtime');
    expect(bobFeed.events.map((received) => received.payload.$id)).not.toContain(alice.userId);
    await aliceLive.close();
    await bobLive.close();
  });

  it('announces a verification token to its user without the secret', async () => {
    const live = openRealtime(backend, { session: alice.sessionToken() });
    const feed = await live.subscribe([Channel.account()]);
    const token = await alice.account.createEmailVerification({ url: 'http://localhost:5173/verify' });
    const event = await feed.waitFor((received) => received.payload.$id === token.$id);
    expect(event.events).toContain(`users.${alice.userId}.verification.${token.$id}.create`);
    expect(event.payload).not.toHaveProperty('secret');
    await live.close();
  });

  it('lets a guest subscribe to account without receiving anyone’s events', async () => {
    const guest = openRealtime(backend);
    const guestFeed = await guest.subscribe([Channel.account()]);
    const bobLive = openRealtime(backend, { session: bob.sessionToken() });
    const bobFeed = await bobLive.subscribe([Channel.account()]);
    await bob.account.updatePrefs({ prefs: { theme: 'dark' } });
    await bobFeed.waitFor((received) => (received.payload.prefs as Record<string, unknown>).theme === 'dark');
    expect(guestFeed.events).toEqual([]);
    await guest.close();
    await bobLive.close();
  });
});

describe('identity changes on an open socket', () => {
  // Local only: Appwrite keeps a socket's roles until it reconnects (it re-reads them only when the
  // user's team memberships change, protocol 9.5); forgetting a signed-out session's user at once is
  // the local backend's choice.
  itLocal('stops delivering a user’s events to a socket whose session was signed out', async () => {
    const carol = await signedInBrowser(backend, { email: `carol-${uniqueSuffix()}@example.com`, name: 'Carol' });
    const live = openRealtime(backend, { session: carol.sessionToken() });
    const feed = await live.subscribe([Channel.account()]);

    await carol.account.deleteSession({ sessionId: 'current' });
    const signedOut = await feed.waitFor((event) => event.events.includes(`users.${carol.userId}.sessions.*.delete`));
    expect(signedOut.channels).toEqual(['account', `account.${carol.userId}`]);

    await new AdminUsers(adminClient(backend)).updateName({ userId: carol.userId, name: 'Carol After' });
    await live.flush();
    expect(feed.events.map((event) => event.payload.name)).not.toContain('Carol After');
    await live.close();
  });
});

describe('row events through the web SDK', () => {
  const databaseId = cleanup.database(`rt${uniqueSuffix()}`);
  const tableId = 'notes';
  let admin: AdminTablesDB;

  beforeAll(async () => {
    admin = new AdminTablesDB(adminClient(backend));
    await admin.create({ databaseId, name: 'Realtime' });
    await admin.createTable({
      databaseId,
      tableId,
      name: 'Notes',
      rowSecurity: true,
      permissions: [Permission.create(Role.users())],
    });
    await admin.createStringColumn({ databaseId, tableId, key: 'title', size: 100, required: false });
    await admin.createStringColumn({ databaseId, tableId, key: 'status', size: 20, required: false });
    await schemaReady(admin, databaseId, tableId);
  });

  const tableChannel = () => Channel.tablesdb(databaseId).table(tableId).row().toString();
  const publicRow = (title: string, status = 'open') =>
    admin.createRow({ databaseId, tableId, rowId: ID.unique(), data: { title, status }, permissions: [Permission.read(Role.any())] });
  const forRow = (rowId: string) => (event: LiveEvent) => event.payload.$id === rowId;

  it('delivers a row’s events to another user only while that user may read the row', async () => {
    const bobLive = openRealtime(backend, { session: bob.sessionToken() });
    const feed = await bobLive.subscribe([tableChannel()]);

    const row = await alice.tablesDB.createRow({ databaseId, tableId, rowId: ID.unique(), data: { title: 'private v1', status: 'open' } });
    const sentinel = await publicRow('sentinel 1');
    await feed.waitFor(forRow(sentinel.$id));
    expect(feed.events.filter(forRow(row.$id))).toEqual([]);

    // Only a key may grant Bob a role Alice's client could not grant.
    const aliceRoles = [Permission.read(Role.user(alice.userId)), Permission.update(Role.user(alice.userId)), Permission.delete(Role.user(alice.userId))];
    await admin.updateRow({
      databaseId,
      tableId,
      rowId: row.$id,
      data: { title: 'shared v2' },
      permissions: [...aliceRoles, Permission.read(Role.user(bob.userId))],
    });
    const shared = await feed.waitFor((event) => event.payload.$id === row.$id && event.payload.title === 'shared v2');
    expect(shared.events).toContain(`tablesdb.${databaseId}.tables.${tableId}.rows.${row.$id}.update`);
    expect(shared.channels).toHaveLength(16);
    expect(shared.channels).toEqual(expect.arrayContaining([tableChannel(), `${tableChannel()}.${row.$id}`, 'rows.update', 'documents']));

    await alice.tablesDB.updateRow({ databaseId, tableId, rowId: row.$id, data: { title: 'shared v3' } });
    await feed.waitFor((event) => event.payload.$id === row.$id && event.payload.title === 'shared v3');

    await admin.updateRow({ databaseId, tableId, rowId: row.$id, data: { title: 'private v4' }, permissions: aliceRoles });
    await alice.tablesDB.updateRow({ databaseId, tableId, rowId: row.$id, data: { title: 'private v5' } });
    const sentinel2 = await publicRow('sentinel 2');
    await feed.waitFor(forRow(sentinel2.$id));
    expect(feed.events.filter(forRow(row.$id)).map((event) => event.payload.title)).toEqual(['shared v2', 'shared v3']);
    await bobLive.close();
  });

  // Local only: Appwrite does not refresh an open socket's roles on label changes (protocol 9.5);
  // the local backend is more eager.
  itLocal('applies a user’s new labels to an open socket at once', async () => {
    const live = openRealtime(backend, { session: bob.sessionToken() });
    const feed = await live.subscribe([tableChannel()]);
    const forReviewers = () =>
      admin.createRow({
        databaseId,
        tableId,
        rowId: ID.unique(),
        data: { title: 'for reviewers', status: 'open' },
        permissions: [Permission.read(Role.label('reviewers'))],
      });
    const before = await forReviewers();
    await live.flush();
    expect(feed.events.filter(forRow(before.$id))).toEqual([]);

    await new AdminUsers(adminClient(backend)).updateLabels({ userId: bob.userId, labels: ['reviewers'] });
    const after = await forReviewers();
    await feed.waitFor(forRow(after.$id));
    await live.close();
  });

  it('filters events by the subscription’s queries', async () => {
    const live = openRealtime(backend, { session: bob.sessionToken() });
    const openOnly = await live.subscribe([tableChannel()], [Query.equal('status', ['open'])]);
    const closed = await publicRow('closed one', 'closed');
    const open = await publicRow('open one', 'open');
    await openOnly.waitFor(forRow(open.$id));
    expect(openOnly.events.filter(forRow(closed.$id))).toEqual([]);
    await live.close();
  });

  it('delivers to a guest only the events of rows readable by any', async () => {
    const guest = openRealtime(backend);
    const feed = await guest.subscribe([Channel.rows()]);
    const membersOnly = await admin.createRow({
      databaseId,
      tableId,
      rowId: ID.unique(),
      data: { title: 'members only', status: 'open' },
      permissions: [Permission.read(Role.users())],
    });
    const everyone = await publicRow('everyone');
    const event = await feed.waitFor(forRow(everyone.$id));
    expect(event.events).toContain(`databases.${databaseId}.tables.${tableId}.rows.${everyone.$id}.create`);
    expect(feed.events.filter(forRow(membersOnly.$id))).toEqual([]);
    await guest.close();
  });
});

describe('file events through the web SDK', () => {
  it('delivers a file’s events to those who may read it', async () => {
    const bucketId = cleanup.bucket(`rt${uniqueSuffix()}`);
    await new AdminStorage(adminClient(backend)).createBucket({
      bucketId,
      name: 'Realtime files',
      fileSecurity: true,
      permissions: [Permission.create(Role.users())],
    });
    const aliceLive = openRealtime(backend, { session: alice.sessionToken() });
    const bobLive = openRealtime(backend, { session: bob.sessionToken() });
    const aliceFeed = await aliceLive.subscribe([Channel.bucket(bucketId).file().toString()]);
    const bobFeed = await bobLive.subscribe([Channel.files()]);

    const file = await alice.storage.createFile({ bucketId, fileId: ID.unique(), file: new File(['hello'], 'hello.txt', { type: 'text/plain' }) });
    const event = await aliceFeed.waitFor((received) => received.payload.$id === file.$id);
    expect(event.channels).toEqual(expect.arrayContaining(['files', `buckets.${bucketId}.files`, `buckets.${bucketId}.files.${file.$id}.create`]));
    expect(event.events).toContain(`buckets.${bucketId}.files.${file.$id}.create`);
    await bobLive.flush();
    expect(bobFeed.events.filter((received) => received.payload.bucketId === bucketId)).toEqual([]);
    await aliceLive.close();
    await bobLive.close();
  });
});

// Local only: the server drops its sockets through an in-process hook of the local backend.
describeLocal('reconnect', () => {
  it('reconnects after the server drops the socket and resubscribes with the same ids', async () => {
    const local = backend.local;
    if (!local) throw new Error('dropping sockets needs the in-process backend');
    const live = openRealtime(backend, { session: bob.sessionToken() });
    const rows = await live.subscribe([Channel.rows()]);
    const account = await live.subscribe([Channel.account()]);
    const before = live.socket();
    if (!before) throw new Error('the SDK opened no socket');

    dropAllConnections(local.services);
    const after = await live.resubscribed(before);
    const subscribes = after.sent.filter((frame) => frame.type === 'subscribe');
    expect(subscribes).toHaveLength(1);
    expect((subscribes[0]?.data as Array<{ subscriptionId: string }>).map((item) => item.subscriptionId).sort()).toEqual(
      [rows.subscriptionId, account.subscriptionId].sort(),
    );
    const authentication = after.sent.findIndex((frame) => frame.type === 'authentication');
    expect(authentication).toBeGreaterThanOrEqual(0);
    expect(authentication).toBeLessThan(after.sent.indexOf(subscribes[0] as Frame));

    await bob.account.updateName({ name: 'Bob Reconnected' });
    await account.waitFor((event) => event.payload.name === 'Bob Reconnected');
    await live.close();
  });
});

describe('error frames reach the SDK', () => {
  it('reports a refused subscription query through onError with code 1003', async () => {
    const live = openRealtime(backend);
    await live.realtime.subscribe([Channel.rows()], () => {}, [Query.search('title', 'milk')]);
    const error = await waitFor('an error reported to onError', () => live.errors[0]);
    expect(error.code).toBe(1003);
    expect(error.message).toContain("Query method 'search' is not supported");
    await live.close();
  });
});
