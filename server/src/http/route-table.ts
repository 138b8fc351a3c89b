import type { IncomingMessage, ServerResponse } from 'node:http';

// The routes the front door answers without Express, found with one Map lookup. Matching follows
// Express's defaults, so moving a route between the two changes nothing for a client: paths are
// case-insensitive, a trailing slash is optional, and HEAD is answered by the GET route.

export type Serve = (req: IncomingMessage, res: ServerResponse) => void;

export interface TableRoute {
  method: string;
  /** The path as declared: the metrics label. */
  path: string;
  serve: Serve;
}

export class RouteTable {
  private readonly routes = new Map<string, TableRoute>();

  add(route: TableRoute): void {
    // Literal paths only: the catalog's `:param` routes are not served through the table yet, and a
    // pattern registered as a literal would silently never match.
    if (route.path.includes(':')) throw new Error(`route table: ${route.path} has a parameter`);
    const key = keyOf(route.method, route.path);
    if (this.routes.has(key)) throw new Error(`route table: ${route.method} ${route.path} is mounted twice`);
    this.routes.set(key, route);
  }

  match(method: string, path: string): TableRoute | undefined {
    return (
      this.routes.get(keyOf(method, path)) ??
      (method === 'HEAD' ? this.routes.get(keyOf('GET', path)) : undefined)
    );
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
