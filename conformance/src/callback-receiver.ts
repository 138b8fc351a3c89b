import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// The kit's own receiver of generate-document callbacks: an HTTP server that answers 200 to every
// POST and keeps what came (headers and the exact body bytes, which a signature covers). It listens
// where --callback-listen (or the port of --callback-url) says; the deployment posts to --callback-url.

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const MAX_BODY = 1024 * 1024;

export interface CallbackReceiver {
  /** The URL to hand the deployment. */
  url: string;
  /** Resolves with the first delivery (already come or yet to come) `match` accepts, or undefined at the deadline. */
  next(match: (delivery: Delivery) => boolean, timeoutMs: number): Promise<Delivery | undefined>;
  close(): Promise<void>;
}

export async function startCallbackReceiver(listen: string, publicUrl?: string): Promise<CallbackReceiver> {
  const at = listen.lastIndexOf(':');
  const host = at > 0 ? listen.slice(0, at).replace(/^\[|\]$/g, '') : '127.0.0.1';
  const port = Number(at >= 0 ? listen.slice(at + 1) : listen);
  const deliveries: Delivery[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      if (req.method === 'POST') {
        deliveries.push({
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters) wake();
      }
      res.writeHead(req.method === 'POST' ? 200 : 405, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  const url = publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${bound}/callback`;
  return {
    url,
    next(match, timeoutMs) {
      return new Promise((resolve) => {
        const look = () => {
          const found = deliveries.find(match);
          if (!found) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(undefined);
        }, timeoutMs);
        if (!look()) waiters.add(wake);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
