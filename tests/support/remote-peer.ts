import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface PeerResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Sends one request to the in-process server as if it came from another machine at `peer` (use a
 * documentation address such as 203.0.113.7). The bytes still travel over loopback: only the
 * server's view of the socket's remote address is replaced, exactly what a LAN client would give it,
 * so no traffic ever leaves this machine.
 */
export function requestFromPeer(
  server: Server,
  peer: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PeerResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const disguise = (socket: Socket) => {
      server.off('connection', disguise);
      Object.defineProperty(socket, 'remoteAddress', { value: peer, configurable: true });
    };
    server.prependListener('connection', disguise);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers: { connection: 'close', ...init.headers },
        // A fresh connection, so the disguise lands on this request's socket and no other.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', (error) => {
      server.off('connection', disguise);
      reject(error);
    });
    outgoing.end(init.body);
  });
}
