import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InProcessServer, SeededUser } from '@parley/server/in-process';
import { HttpClient } from './http-client.js';

// The notes workspace of the in-process reference server: the external product the spec calls
// `workspace`, which upload-meeting-to-workspace writes a page to with the user's stored access
// token. It is served on 127.0.0.1 beside the fixture host, speaking the one call of the Notion API
// the server makes (POST /v1/pages, bearer token; the answer's `url` is the page's), and serving
// each page it was given at that URL. The kit's user is connected to it through the emulator's
// operator route (POST /_emulator/workspace-tokens), as an operator of a deployment would connect a
// test user: what --workspace-user names.

export interface NotesWorkspace {
  url: string;
  /** The access token pages are created with (the one stored for the connected user). */
  token: string;
  server: Server;
}

export async function serveWorkspace(): Promise<NotesWorkspace> {
  const token = `ws_${randomBytes(24).toString('base64url')}`;
  const pages = new Map<string, unknown>();
  let base = '';
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const page = /^\/p\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      if (req.method === 'GET' && page)
        return pages.has(page)
          ? answer(200, pages.get(page))
          : answer(404, { object: 'error', code: 'object_not_found' });
      if (req.method !== 'POST' || req.url !== '/v1/pages')
        return answer(404, { object: 'error', code: 'invalid_request_url' });
      if (req.headers.authorization !== `Bearer ${token}`)
        return answer(401, {
          object: 'error',
          status: 401,
          code: 'unauthorized',
          message: 'API token is invalid.',
        });
      let content: unknown;
      try {
        content = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, {
          object: 'error',
          status: 400,
          code: 'invalid_json',
          message: 'Body is not JSON.',
        });
      }
      const id = randomUUID();
      const created = { object: 'page', id, url: `${base}/p/${id}`, ...(content as object) };
      pages.set(id, created);
      return answer(200, created);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, token, server };
}

/** Connects `user`'s workspace through the emulator's operator route; returns the user's id. */
export async function connectWorkspace(
  server: InProcessServer,
  user: SeededUser,
  workspace: NotesWorkspace,
): Promise<string> {
  const http = new HttpClient(server.url, 30_000);
  const reply = await http.send('/_emulator/workspace-tokens', {
    body: { user_id: user.userId, access_token: workspace.token },
    headers: { Authorization: `Bearer ${server.adminToken}` },
  });
  if (reply.status !== 200)
    throw new Error(`reference server setup: workspace connection answered ${reply.status}: ${reply.text}`);
  return user.userId;
}
