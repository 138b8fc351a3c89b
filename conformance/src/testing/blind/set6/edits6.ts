import { readFileSync } from 'node:fs';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../../variant-proxy.js';
import { type Json, reply } from '../edits.js';
import { askedJson, onJson } from '../set5/edits5.js';

// Edits the sixth blind set adds to ../edits.ts and ../set5/edits5.ts: one route's answer, its
// success answer only, a request's query, a refusal made before the upstream answers, and a
// stream session's state (the client's end-of-audio frame seen, frames counted per utterance).

export type { Json };

/** The JSON answers of one path changed by `edit` (status and body). */
export const onPath = (
  path: string,
  edit: (body: Json, status: number, req: Exchange) => [number, unknown],
): ProxyHooks => ({ answer: onJson((p) => p === path, edit) });

/** The 200 answers of one path with their body changed by `edit` (errors as they are). */
export const okOn = (path: string, edit: (body: Json, asked: Json, req: Exchange) => unknown): ProxyHooks =>
  onPath(path, (body, status, req) => [status, status === 200 ? edit(body, askedJson(req), req) : body]);

/** The answers of one path replaced by `status` and `body` when the request meets `when`. */
export const refuseWhen = (
  path: string,
  when: (asked: Json, req: Exchange) => boolean,
  status: number,
  body: unknown,
): ProxyHooks => ({
  answer(req: Exchange, a: Answer): Answer {
    if (pathOf(req) !== path || !when(askedJson(req), req)) return a;
    return reply(a, status, body);
  },
});

/** The array under `key` of a body (empty when absent). */
export const listOf = (body: Json, key: string): Json[] =>
  Array.isArray(body[key]) ? (body[key] as Json[]) : [];

/** A request path with its query changed by `edit`. */
export function editQuery(path: string, edit: (params: URLSearchParams) => void): string {
  const [route, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  edit(params);
  const text = params.toString();
  return text ? `${route}?${text}` : (route ?? '');
}

/** The bytes of a fixture audio file (a WAV sent in place of a produced file). */
export const fixtureBytes = (file: string): Buffer =>
  readFileSync(new URL(`../../../../../fixtures/audio/${file}`, import.meta.url));

/**
 * Per-session state of a live stream: whether the client sent its empty end-of-audio frame. A new
 * session starts at the client's config frame (sessions through one proxy follow each other).
 */
export function endOfAudio(): { ended(): boolean; clientFrame: ProxyHooks['clientFrame'] } {
  let ended = false;
  return {
    ended: () => ended,
    clientFrame(data, isBinary) {
      if (!isBinary) ended = false;
      else if (data.length === 0) ended = true;
      return data;
    },
  };
}

/** A JSON text frame of the client (the config) changed by `edit` (audio as it is). */
export const configFrame =
  (edit: (config: Json) => Json): ProxyHooks['clientFrame'] =>
  (data, isBinary) => {
    if (isBinary) return data;
    try {
      return JSON.stringify(edit(JSON.parse(data.toString('utf8')) as Json));
    } catch {
      return data;
    }
  };
