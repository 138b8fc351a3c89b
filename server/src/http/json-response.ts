import type { ServerResponse } from 'node:http';
import { JsonText } from '../core/json-text.js';

// A JSON answer written straight to node:http: what Express's res.json does, minus its work for
// features a JSON API does not use (ETag, freshness, content negotiation). A body that is already
// JSON text (JsonText) is sent as it is.

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = body instanceof JsonText ? body.text : JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
