import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

// Another deployment the spec allows, made from the reference server: a proxy on 127.0.0.1 that
// forwards every request and live-stream frame to it and applies one variant on the way (an answer
// reshaped, a frame held back, a protobuf layout translated). The self-test runs the kit through it
// and demands no failure: the false-failure rate. Test tooling only; nothing here is the kit.

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface Exchange {
  method: string;
  path: string;
  headers: Headers;
  body: Buffer;
}

/** A request's path without its query. */
export const pathOf = (req: Exchange): string => req.path.split('?')[0] ?? '';

export interface ProxyHooks {
  /** The request before it goes upstream (a translated body, a substituted token). */
  request?(req: Exchange): Exchange | Promise<Exchange>;
  /** The answer before it goes back to the kit. */
  answer?(req: Exchange, answer: Answer): Answer | Promise<Answer>;
  /** A server frame of the live stream before it goes to the kit; null drops it. */
  frame?(data: Buffer, isBinary: boolean): Buffer | string | null;
  /** Extra wait before server frames are passed on, once the client sent its empty frame. */
  holdAfterEndMs?: number;
  /** How long to hold this server frame (and those after it, kept in order) before passing it on. */
  holdFrameMs?(data: Buffer, isBinary: boolean): number;
  /** The path and query of a live-stream connection before it goes upstream. */
  upgrade?(path: string): string;
  /** A client frame of the live stream (the config, audio) before it goes upstream; null drops it. */
  clientFrame?(data: Buffer, isBinary: boolean): Buffer | string | null;
  /** The close code and reason the server's close of the live stream is passed on with. */
  close?(code: number, reason: string): { code: number; reason: string };
}

/** One allowed variant: what it allows, the checks it concerns, and its edits on the way. */
export interface Variant {
  id: string;
  area: 'rest' | 'errors' | 'speech' | 'stream' | 'partner';
  allows: string;
  only: string[];
  /** Kit options the deployment's users would give (a --proto of their layout). */
  options?: { protoFiles?: string[]; protoStreamMessage?: string };
  /** The profile it is run in: full where the whole kit must pass it (else the profile of its checks). */
  profile?: 'full';
  hooks(): ProxyHooks;
}

const HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
]);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startVariantProxy(
  upstream: { baseUrl: string; wsUrl: string },
  variant: Variant,
): Promise<{ baseUrl: string; wsUrl: string; close(): Promise<void> }> {
  const hooks = variant.hooks();
  let origin = '';
  const upstreamOrigin = new URL(upstream.baseUrl).origin;
  // The deployment's own URLs (redirects, links in pages and answers) name the proxy instead.
  const local = (text: string) => text.split(upstreamOrigin).join(origin);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (HOP.has(name) || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    let exchange: Exchange = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers,
      body: await readBody(req),
    };
    if (hooks.request) exchange = await hooks.request(exchange);
    const response = await fetch(`${upstreamOrigin}${exchange.path}`, {
      method: exchange.method,
      headers: exchange.headers,
      ...(exchange.body.length > 0 ? { body: exchange.body } : {}),
      redirect: 'manual',
    });
    let answer: Answer = {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
    const type = answer.headers.get('content-type') ?? '';
    if (/json|html|text/.test(type))
      answer = { ...answer, body: Buffer.from(local(answer.body.toString('utf8'))) };
    if (hooks.answer) answer = await hooks.answer(exchange, answer);
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (HOP.has(name) || name === 'set-cookie') return;
      out[name] = name === 'location' ? local(value) : value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    res.writeHead(answer.status, { ...out, 'content-length': String(answer.body.length) });
    res.end(answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`variant proxy: ${error.message}`);
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const path = req.url ?? '/';
    const up = new WebSocket(`${upstream.wsUrl}${hooks.upgrade ? hooks.upgrade(path) : path}`);
    up.on('unexpected-response', (_r, res) => {
      socket.end(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\nconnection: close\r\n\r\n`);
    });
    up.on('error', () => socket.destroy());
    up.on('open', () => {
      wss.handleUpgrade(req, socket, head, (client) => pipe(client, up, hooks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: origin,
    wsUrl: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Frames both ways; the server's through the variant, held back after the client's end when asked. */
function pipe(client: WebSocket, up: WebSocket, hooks: ProxyHooks) {
  let releaseAt = 0;
  let queue = Promise.resolve();
  const later = (work: () => void) => {
    queue = queue.then(async () => {
      const wait = releaseAt - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      work();
    });
  };
  client.on('message', (data, isBinary) => {
    const bytes = data as Buffer;
    if (isBinary && bytes.length === 0 && hooks.holdAfterEndMs) releaseAt = Date.now() + hooks.holdAfterEndMs;
    const frame = hooks.clientFrame ? hooks.clientFrame(bytes, isBinary) : bytes;
    if (frame !== null && up.readyState === WebSocket.OPEN)
      up.send(frame, { binary: typeof frame !== 'string' && isBinary });
  });
  up.on('message', (data, isBinary) => {
    const hold = hooks.holdFrameMs?.(data as Buffer, isBinary) ?? 0;
    if (hold > 0) releaseAt = Math.max(releaseAt, Date.now() + hold);
    const frame = hooks.frame ? hooks.frame(data as Buffer, isBinary) : (data as Buffer);
    if (frame === null) return;
    later(() => {
      if (client.readyState === WebSocket.OPEN)
        client.send(frame, { binary: typeof frame !== 'string' && isBinary });
    });
  });
  up.on('close', (upCode, upReason) =>
    later(() => {
      const { code, reason } = hooks.close
        ? hooks.close(upCode, upReason.toString('utf8'))
        : { code: upCode, reason: upReason.toString('utf8') };
      // 1005 (no code) and 1006 (abnormal) cannot be sent: the client sees a close without a code.
      if (code === 1005 || code === 1006) client.close();
      else client.close(code, reason);
    }),
  );
  client.on('close', () => up.close());
  client.on('error', () => up.terminate());
  up.on('error', () => client.terminate());
}
