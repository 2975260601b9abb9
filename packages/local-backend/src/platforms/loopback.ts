import type { IncomingMessage } from 'node:http';

/**
 * Development surfaces (the mail outbox, the local identity provider) exist to bypass e-mail and a
 * real provider, so they answer only a person on this machine. That is decided by the socket's
 * remote address, which a client cannot forge; `X-Forwarded-For` is never read. The `Host` header
 * must name a loopback host too, so a web page that rebinds its own domain to 127.0.0.1 (DNS
 * rebinding) cannot reach them through the developer's browser either.
 */
export function isLocalPeer(req: IncomingMessage): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && isLoopbackHost(req.headers.host);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return hostname.toLowerCase() === 'localhost' || hostname === '[::1]' || isLoopbackAddress(hostname);
}

/** Whether a listening address is reachable from other machines (0.0.0.0, ::, or a LAN address). */
export function isNetworkHost(host: string): boolean {
  return !(host.toLowerCase() === 'localhost' || isLoopbackAddress(host));
}
