import type { Handler } from './context.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  segments: string[];
  handler: Handler;
  /** Routes that read the raw request stream (multipart uploads) ask the server not to parse the body. */
  rawBody: boolean;
}

/** A small path router: templates like `/v1/tablesdb/{databaseId}/tables/{tableId}`; literal segments win over params. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: Method, path: string, handler: Handler, options: { rawBody?: boolean } = {}): void {
    this.routes.push({ method, segments: path.split('/').filter(Boolean), handler, rawBody: options.rawBody ?? false });
  }

  get(path: string, handler: Handler): void {
    this.add('GET', path, handler);
  }
  post(path: string, handler: Handler, options?: { rawBody?: boolean }): void {
    this.add('POST', path, handler, options);
  }
  put(path: string, handler: Handler): void {
    this.add('PUT', path, handler);
  }
  patch(path: string, handler: Handler): void {
    this.add('PATCH', path, handler);
  }
  delete(path: string, handler: Handler): void {
    this.add('DELETE', path, handler);
  }

  match(method: string, path: string): { handler: Handler; params: Record<string, string>; rawBody: boolean } | undefined {
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        try {
          return decodeURIComponent(segment);
        } catch {
          return segment;
        }
      });
    let best: { route: Route; params: Record<string, string>; score: number } | undefined;
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let score = 0;
      let matched = true;
      for (let i = 0; i < segments.length; i++) {
        const template = route.segments[i] as string;
        const actual = segments[i] as string;
        if (template.startsWith('{') && template.endsWith('}')) {
          params[template.slice(1, -1)] = actual;
        } else if (template === actual) {
          score += 1;
        } else {
          matched = false;
          break;
        }
      }
      if (matched && (!best || score > best.score)) best = { route, params, score };
    }
    return best && { handler: best.route.handler, params: best.params, rawBody: best.route.rawBody };
  }
}
