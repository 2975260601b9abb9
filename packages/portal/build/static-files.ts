import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from './prerendered-pages.ts';

/**
 * Serves a Vite build as a single-page app: files as they are, with their content type; a prerendered
 * path (/welcome) its own HTML; any other path that is not a file gets index.html, so a deep link like
 * /job/abc opens the app there. Hashed assets (under /assets/) are cached for a year, everything else
 * is revalidated on each visit.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);
/** Vite puts content-hashed files here: a new build gives them new names. */
const HASHED_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => void;

interface Entry {
  body: Buffer;
  gzip: Buffer | undefined;
  etag: string;
  stamp: string;
}

export function createStaticHandler(root: string): StaticHandler {
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  // Small, unchanging files are kept compressed in memory; the key includes the file's mtime and size.
  const cache = new Map<string, Entry>();

  function load(file: string, stat: Stats): Entry {
    const stamp = `${stat.size}-${Math.trunc(stat.mtimeMs)}`;
    const cached = cache.get(file);
    if (cached?.stamp === stamp) return cached;
    const body = readFileSync(file);
    // Compressed whenever that makes it smaller: even a small chunk of the first route is a byte count saved.
    const compressed = COMPRESSIBLE.has(extname(file)) ? gzipSync(body, { level: 9 }) : undefined;
    const gzip = compressed && compressed.length < body.length ? compressed : undefined;
    const entry: Entry = { body, gzip, etag: `W/"${stamp}"`, stamp };
    cache.set(file, entry);
    return entry;
  }

  return (req, res) => {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    const path = requestPath(req.url);
    const file = path === undefined ? undefined : fileFor(base, path);
    if (file) return send(req, res, file.path, file.stat, path!.startsWith(HASHED_PREFIX) ? IMMUTABLE : REVALIDATE);
    // A missing asset is a 404: HTML in its place would only fail later with a confusing MIME error.
    if (path === undefined || path.startsWith(HASHED_PREFIX)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE }).end('Not Found');
      return;
    }
    const prerendered = PRERENDERED_PAGES[path];
    const page = prerendered ? fileFor(base, `/${prerendered}`) : undefined;
    if (page) return send(req, res, page.path, page.stat, REVALIDATE);
    const index = fileFor(base, '/index.html');
    if (!index) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The portal is not built.');
      return;
    }
    send(req, res, index.path, index.stat, REVALIDATE);
  };

  function send(req: IncomingMessage, res: ServerResponse, file: string, stat: Stats, cacheControl: string): void {
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string | number> = {
      'Content-Type': type,
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    // Large files (a video in public/, say) stream as they are; the app's own files are small.
    if (stat.size > 4 * 1024 * 1024) {
      res.writeHead(200, { ...headers, 'Content-Length': stat.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return;
    }
    const entry = load(file, stat);
    headers.ETag = entry.etag;
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const gzip = entry.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gzip! : entry.body;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

/** The decoded path, or undefined for one that cannot name a file of ours (bad escapes, NUL). */
function requestPath(url: string | undefined): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url ?? '/', 'http://local').pathname);
  } catch {
    return undefined;
  }
  return path.includes('\0') ? undefined : path;
}

/** The regular file a path names inside `base`; never a dot-file, a folder, or anything outside. */
function fileFor(base: string, path: string): { path: string; stat: Stats } | undefined {
  if (path.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const file = normalize(join(base, path));
  if (!file.startsWith(base)) return undefined;
  try {
    const stat = statSync(file);
    return stat.isFile() ? { path: file, stat } : undefined;
  } catch {
    return undefined;
  }
}
