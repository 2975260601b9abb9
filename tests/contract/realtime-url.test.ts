import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, Permission, Query, Role, Storage } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';
import { closeRealtimeClients, openRawSocket, type Frame } from '../support/realtime.ts';

/**
 * Realtime subscriptions named in the socket URL, as Appwrite reads them (issue 22): PHP's indexed
 * `channels[0]=…` as well as `channels[]=…`, and queries per slot (`<channel>[<slot>][]=<query>`, with
 * dots in the channel written as they are and read as PHP reads them).
 */

let backend: TestBackend;
let storage: Storage;
let bucketId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  storage = new Storage(adminClient(backend));
  bucketId = cleanup.bucket(`live-${uniqueSuffix()}`);
  await storage.createBucket({ bucketId, name: 'Live', permissions: [Permission.read(Role.any())] });
});
afterAll(async () => {
  await closeRealtimeClients();
  await backend.close();
});

const dataOf = (frame: Frame) => frame.data as Record<string, unknown>;

async function upload(name: string): Promise<string> {
  return (await storage.createFile({ bucketId, fileId: ID.unique(), file: InputFile.fromBuffer(Buffer.from(name), name) })).$id;
}

describe('channels in the socket URL', () => {
  it('subscribes to indexed channels (channels[0]=…) and names the subscription in the connected frame', async () => {
    const socket = openRawSocket(backend, { query: 'channels%5B0%5D=files' });
    const connected = await socket.next();
    expect(connected.type).toBe('connected');
    expect(dataOf(connected).channels).toEqual(['files']);
    const [subscriptionId] = dataOf(connected).subscriptions as string[];
    expect(subscriptionId).toEqual(expect.any(String));

    const fileId = await upload('indexed.txt');
    const event = await socket.next((frame) => frame.type === 'event');
    expect(dataOf(event)).toMatchObject({ subscriptions: [subscriptionId], payload: { $id: fileId } });
    socket.close();
  });

  it("filters a slot's events by its queries, the channel's dots read as PHP reads them", async () => {
    const channel = `buckets.${bucketId}.files`;
    const query = `channels%5B0%5D=${encodeURIComponent(channel)}&${encodeURIComponent(channel)}%5B0%5D%5B%5D=${encodeURIComponent(Query.equal('name', ['wanted.txt']))}`;
    const socket = openRawSocket(backend, { query });
    expect(dataOf(await socket.next()).channels).toEqual([channel]);

    await upload('unwanted.txt');
    const wanted = await upload('wanted.txt');
    const event = await socket.next((frame) => frame.type === 'event');
    expect(dataOf(event).payload).toMatchObject({ $id: wanted, name: 'wanted.txt' });
    socket.close();
  });

  it('refuses a query Realtime does not support with error 1008', async () => {
    const query = `channels%5B0%5D=files&files%5B0%5D%5B%5D=${encodeURIComponent(Query.contains('name', ['x']))}`;
    const socket = openRawSocket(backend, { query });
    const error = await socket.next();
    expect(error.type).toBe('error');
    expect(dataOf(error)).toMatchObject({ code: 1008, message: expect.stringContaining('not supported in Realtime queries') as string });
  });

  it('names the refused origin, as Appwrite does', async () => {
    const socket = openRawSocket(backend, { headers: { origin: 'http://appwrite.unknown' } });
    expect(await socket.next()).toEqual({
      type: 'error',
      data: { code: 1008, message: 'Invalid Origin. Register your new client (appwrite.unknown) as a new Web platform on your project console dashboard' },
    });
  });
});

// Local only: the socket is opened by hand on the server's own port, to see what happens below WebSocket.
describeLocal('a refused handshake', () => {
  it('sends the error and a 1008 close frame, then resets a client that does not answer the close', async () => {
    const { port, hostname } = new URL(backend.endpoint);
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = new Promise<string>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      socket.on('close', () => resolve('closed'));
    });
    socket.write(
      [
        `GET /v1/realtime?project=no-such-project HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    // The client never answers the close frame, as Appwrite's PHP test client does not.
    expect(await ended).toBe('ECONNRESET');
    const bytes = Buffer.concat(received).toString('latin1');
    expect(bytes).toContain('Missing or unknown project ID');
    // A close frame (opcode 8) carrying 1008 (0x03f0).
    expect(bytes).toContain('\x88\x02\x03\xf0');
  });
});
