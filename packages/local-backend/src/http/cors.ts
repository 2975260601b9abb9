import type { IncomingMessage } from 'node:http';

const ALLOWED_HEADERS = [
  'Accept',
  'Origin',
  'Cookie',
  'Set-Cookie',
  'Content-Type',
  'Content-Range',
  'Range',
  'Cache-Control',
  'X-Appwrite-Project',
  'X-Appwrite-Key',
  'X-Appwrite-JWT',
  'X-Appwrite-Session',
  'X-Appwrite-Response-Format',
  'X-Appwrite-ID',
  'X-Appwrite-Locale',
  'X-Appwrite-Dev-Key',
  'X-Appwrite-Impersonate-User-Id',
  'X-Appwrite-Impersonate-User-Email',
  'X-Appwrite-Impersonate-User-Phone',
  'X-Appwrite-Timeout',
  'X-SDK-Name',
  'X-SDK-Version',
  'X-SDK-Language',
  'X-SDK-Platform',
  'X-SDK-GraphQL',
  'X-Fallback-Cookies',
  'X-Requested-With',
  'Authorization',
].join(', ');

/**
 * CORS for credentialed browser requests, as Appwrite answers them: the exact origin is echoed, never `*`,
 * and `X-Fallback-Cookies` is exposed so the web SDK can keep its session on plain-http localhost.
 */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  const requested = req.headers['access-control-request-headers'];
  return {
    ...(origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {}),
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
    'Access-Control-Allow-Headers': requested ? `${ALLOWED_HEADERS}, ${requested}` : ALLOWED_HEADERS,
    'Access-Control-Expose-Headers': 'X-Appwrite-Session, X-Fallback-Cookies, Content-Range, Content-Disposition',
    'Access-Control-Max-Age': '86400',
  };
}
