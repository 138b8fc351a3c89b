import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A deployment of a few lines for the kit's own tests: the preflight's two answers (/health, a
// get-meetings the key opens; once each), then whatever `route` answers (or nothing at all).

export const FAKE_KEY = 'fake-deployment-key';

export type FakeRoute = (req: IncomingMessage, res: ServerResponse) => void;

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function fakeDeployment(route: FakeRoute): Promise<{ url: string; close(): Promise<void> }> {
  const preflight = new Set(['/health', '/v1/get-meetings']);
  const server = createServer((req, res) => {
    if (req.url === '/health' && preflight.delete(req.url)) return json(res, 200, { status: 'ok' });
    if (req.url === '/v1/get-meetings' && req.headers['x-api-key'] === FAKE_KEY && preflight.delete(req.url))
      return json(res, 200, { success: true, meetings: [], has_more: false });
    route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // A request left hanging on purpose would hold close() forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
