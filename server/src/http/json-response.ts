import type { ServerResponse } from 'node:http';

// A JSON answer written straight to node:http: what Express's res.json does, minus its work for
// features a JSON API does not use (ETag, freshness, content negotiation).

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
