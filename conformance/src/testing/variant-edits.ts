import { fileURLToPath } from 'node:url';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from './variant-proxy.js';

export type { Variant } from './variant-proxy.js';

// What the variants share: their type (defined beside the proxy that applies it) and the edits they make to requests, answers and frames.

const isJson = (a: { headers: Headers }) => /json/.test(a.headers.get('content-type') ?? '');

/** The answer with its JSON body changed by `edit` (other answers as they are). */
export function editJson(
  when: (req: Exchange, a: Answer) => boolean,
  edit: (body: Record<string, unknown>, a: Answer) => unknown,
) {
  return (req: Exchange, a: Answer): Answer => {
    if (!isJson(a) || !when(req, a)) return a;
    let body: unknown;
    try {
      body = JSON.parse(a.body.toString('utf8'));
    } catch {
      return a;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return a;
    const headers = new Headers(a.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    return { ...a, headers, body: Buffer.from(JSON.stringify(edit(body as Record<string, unknown>, a))) };
  };
}

/** The JSON body of requests to `path` changed by `edit` before they go upstream. */
export function editRequestJson(
  path: string,
  edit: (body: Record<string, unknown>) => Record<string, unknown>,
) {
  return (req: Exchange): Exchange => {
    if (pathOf(req) !== path) return req;
    try {
      return { ...req, body: Buffer.from(JSON.stringify(edit(JSON.parse(req.body.toString('utf8'))))) };
    } catch {
      return req;
    }
  };
}

export const isErrorBody = (b: Record<string, unknown>) => b.success === false && typeof b.code === 'string';
export const OTHER_LAYOUT = fileURLToPath(new URL('../../test-data/other-layout.proto', import.meta.url));

/** JSON frames from the server changed by `edit` (protobuf frames as they are). */
export function jsonFrames(edit: (frame: Record<string, unknown>) => Record<string, unknown>): ProxyHooks {
  return {
    frame(data, isBinary) {
      if (isBinary) return data;
      return JSON.stringify(edit(JSON.parse(data.toString('utf8')) as Record<string, unknown>));
    },
  };
}

/** `value` with `field: mark` added to every JSON object in it, nested ones and array items too. */
export function markEveryObject(value: unknown, field: string, mark: string): unknown {
  if (Array.isArray(value)) return value.map((item) => markEveryObject(item, field, mark));
  if (!value || typeof value !== 'object') return value;
  const marked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) marked[key] = markEveryObject(item, field, mark);
  return { ...marked, [field]: mark };
}

/** Every JSON answer and JSON stream frame with `field` in each of its objects (binary bodies as they are). */
export function markEveryAnswer(field: string, mark: string): ProxyHooks {
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  return {
    answer(_req, a) {
      const body = isJson(a) ? parse(a.body.toString('utf8')) : undefined;
      if (!body || typeof body !== 'object') return a;
      return { ...a, body: Buffer.from(JSON.stringify(markEveryObject(body, field, mark))) };
    },
    frame(data, isBinary) {
      const frame = isBinary ? undefined : parse(data.toString('utf8'));
      return frame && typeof frame === 'object' ? JSON.stringify(markEveryObject(frame, field, mark)) : data;
    },
  };
}

/** Every string of a JSON value, at any depth, changed by `edit` (a timestamp's form, say). */
export function mapStrings(value: unknown, edit: (s: string) => string): unknown {
  if (typeof value === 'string') return edit(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, edit));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, edit)]));
  return value;
}
