import type { IncomingMessage, ServerResponse } from 'node:http';

// The routes the request handler answers: literal paths with one Map lookup, paths with `:param`
// segments by a short scan after it, and paths ending in `*name` (the rest of the path, for files of
// a directory) last of all. Matching follows Express's defaults, which the server used before:
// paths are case-insensitive, a trailing slash is optional, and HEAD is answered by the GET route.
// A `*name` rest is handed over as sent, %-escapes and all: file servers decode it themselves.

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
  /** The last name is a `*name` rest. */
  rest?: boolean;
}

export interface Match {
  route: TableRoute;
  params: Record<string, string>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

export class RouteTable {
  private readonly routes = new Map<string, TableRoute>();
  private readonly patterns: PatternRoute[] = [];
  /** Routes ending in `*name`: tried after every other pattern, longest prefix first. */
  private readonly rests: PatternRoute[] = [];

  add(route: TableRoute): void {
    const key = keyOf(route.method, route.path);
    const taken = [...this.patterns, ...this.rests].some((p) => keyOf(p.route.method, p.route.path) === key);
    if (this.routes.has(key) || taken) {
      throw new Error(`route table: ${route.method} ${route.path} is mounted twice`);
    }
    if (!route.path.includes(':') && !route.path.includes('*')) {
      this.routes.set(key, route);
      return;
    }
    const names: string[] = [];
    const segments = route.path.split('/');
    const source = segments
      .map((segment, i) => {
        if (segment.startsWith('*') && i === segments.length - 1) {
          names.push(segment.slice(1));
          return '(.+)';
        }
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    const rest = route.path.endsWith(`*${names.at(-1)}`);
    const entry = { route, names, rest, pattern: new RegExp(`^${source}/?$`, 'i') };
    if (!rest) return void this.patterns.push(entry);
    this.rests.push(entry);
    this.rests.sort((a, b) => b.route.path.length - a.route.path.length);
  }

  match(method: string, path: string): Match | undefined {
    return this.find(method, path) ?? (method === 'HEAD' ? this.find('GET', path) : undefined);
  }

  private find(method: string, path: string): Match | undefined {
    const route = this.routes.get(keyOf(method, path));
    if (route) return { route, params: NO_PARAMS };
    for (const { route, pattern, names, rest } of [...this.patterns, ...this.rests]) {
      if (route.method !== method) continue;
      const found = pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        const value = found[i + 1] as string;
        params[name] = rest && i === names.length - 1 ? value : decodeSegment(value);
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
