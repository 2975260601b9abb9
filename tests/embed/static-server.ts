import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain web server for a school's page: fixed pages and the built embed script, nothing else. */
export interface StaticSite {
  /** The site's origin, which the school registers as a web platform of its project. */
  readonly origin: string;
  /** Adds a page and answers its URL. */
  page(name: string, html: string): string;
  close(): Promise<void>;
}

export async function serveSite(scriptFile: string): Promise<StaticSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/opportunity-board.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(scriptFile));
    } else if (pages.has(path)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages.get(path));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page(name, html) {
      pages.set(`/${name}.html`, html);
      return `${origin}/${name}.html`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A plain HTML page with one board: the tag a school pastes, with the given attributes. */
export function boardPage(attributes: Record<string, string>): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value.replace(/"/g, '&quot;')}"`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>School</title></head>
<body><h1>Our opportunities</h1><opportunity-board${attrs}></opportunity-board>
<script src="/opportunity-board.js" defer></script></body></html>`;
}
