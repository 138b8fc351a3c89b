import type { IncomingMessage, ServerResponse } from 'node:http';

// The routes the front door answers without Express: literal paths with one Map lookup, paths with
// `:param` segments by a short scan after it. Matching follows Express's defaults, so moving a
// route between the two changes nothing for a client: paths are case-insensitive, a trailing slash
// is optional, and HEAD is answered by the GET route.

export type Serve = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => void;

export interface TableRoute {
  method: string;
  /** The path as declared: the metrics label. */
  path: string;
  serve: Serve;
}

interface PatternRoute {
  route: TableRoute;
  pattern: RegExp;
  names: string[];
}

export interface Match {
  route: TableRoute;
  params: Record<string, string>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

export class RouteTable {
  private readonly routes = new Map<string, TableRoute>();
  private readonly patterns: PatternRoute[] = [];

  add(route: TableRoute): void {
    const key = keyOf(route.method, route.path);
    if (this.routes.has(key) || this.patterns.some((p) => keyOf(p.route.method, p.route.path) === key)) {
      throw new Error(`route table: ${route.method} ${route.path} is mounted twice`);
    }
    if (!route.path.includes(':')) {
      this.routes.set(key, route);
      return;
    }
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.patterns.push({ route, names, pattern: new RegExp(`^${source}/?$`, 'i') });
  }

  match(method: string, path: string): Match | undefined {
    return this.find(method, path) ?? (method === 'HEAD' ? this.find('GET', path) : undefined);
  }

  private find(method: string, path: string): Match | undefined {
    const route = this.routes.get(keyOf(method, path));
    if (route) return { route, params: NO_PARAMS };
    for (const { route, pattern, names } of this.patterns) {
      if (route.method !== method) continue;
      const found = pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = decodeSegment(found[i + 1] as string);
      });
      return { route, params };
    }
    return undefined;
  }
}

/** A path segment with its %-escapes decoded; one that is not valid UTF-8 is kept as sent. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function keyOf(method: string, path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return `${method} ${trimmed.toLowerCase()}`;
}

/** The path of a request target, without its query string. */
export function pathOf(url: string | undefined): string {
  if (!url) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
