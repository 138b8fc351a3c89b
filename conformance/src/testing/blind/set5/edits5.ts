import { StreamResponse } from '@parley/schemas/proto';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../../variant-proxy.js';
import { itemsOf, type Json, reply } from '../edits.js';

// Edits the fifth blind set adds to ../edits.ts: every meeting object of the REST answers, a REST
// error answer, and live-stream frames edited alike in JSON and protobuf mode.

export type { Json };

const isJson = (a: Answer) => /json/.test(a.headers.get('content-type') ?? '');
const parse = (bytes: Buffer): unknown => {
  try {
    return JSON.parse(bytes.toString('utf8') || 'null');
  } catch {
    return undefined;
  }
};

/** Every JSON object answer of a path `when` keeps, changed by `edit` (other answers as they are). */
export function onJson(
  when: (path: string, req: Exchange) => boolean,
  edit: (body: Json, status: number, req: Exchange) => [number, unknown],
): ProxyHooks['answer'] {
  return (req, a) => {
    if (!isJson(a) || !when(pathOf(req), req)) return a;
    const body = parse(a.body);
    if (!body || typeof body !== 'object' || Array.isArray(body)) return a;
    const [status, out] = edit(body as Json, a.status, req);
    return reply(a, status, out);
  };
}

/** Every meeting object (`meeting`, `meetings[]`) of the meeting REST answers changed by `edit`. */
export function everyMeeting(edit: (meeting: Json, path: string) => Json): ProxyHooks {
  return {
    answer: onJson(
      (path) => path.startsWith('/v1/'),
      (body, status, req) => {
        const path = pathOf(req);
        const out = { ...body };
        if (body.meeting && typeof body.meeting === 'object') out.meeting = edit(body.meeting as Json, path);
        if (Array.isArray(body.meetings)) out.meetings = itemsOf(body, 'meetings').map((m) => edit(m, path));
        return [status, out];
      },
    ),
  };
}

/** The request's JSON body (`{}` when empty or not an object). */
export function askedJson(req: Exchange): Json {
  const body = parse(req.body);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {};
}

/** The generic REST error body. */
export const errorBody = (error: string, code: string) => ({ success: false, error, code });

/** The query parameters of a request path. */
export const queryOf = (req: Exchange) => new URL(req.path, 'http://x').searchParams;

/** A live-stream frame as its JSON form, whichever mode it came in. */
function frameJson(data: Buffer, isBinary: boolean): Json | undefined {
  if (!isBinary) return parse(data) as Json | undefined;
  try {
    const m = StreamResponse.toObject(StreamResponse.decode(data), {
      enums: Number,
      defaults: false,
    }) as Json;
    if (m.disconnect_reason === 1) return { finished: true };
    return m;
  } catch {
    return undefined;
  }
}

function frameBytes(frame: Json): Buffer {
  const message = frame.finished === true ? { disconnect_reason: 1 } : frame;
  return Buffer.from(StreamResponse.encode(StreamResponse.fromObject(message)).finish());
}

/**
 * Server frames of the live stream changed by `edit` in both modes (a protobuf frame decoded with
 * the reference layout, edited as its JSON twin, encoded back); `edit` returning null drops it.
 */
export function streamFrames(edit: (frame: Json) => Json | null): ProxyHooks['frame'] {
  return (data, isBinary) => {
    const frame = frameJson(data, isBinary);
    if (!frame) return data;
    const out = edit(frame);
    if (out === null) return null;
    return isBinary ? frameBytes(out) : JSON.stringify(out);
  };
}

/** The chunk of a frame (undefined for other frames). */
export const chunkOf = (frame: Json): Json | undefined =>
  frame.chunk && typeof frame.chunk === 'object' ? (frame.chunk as Json) : undefined;

/** A stamp `…Z` rewritten with another offset for the same instant (`+02:00`). */
export function withOffset(stamp: string, hours: number): string {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/.exec(stamp);
  if (!m) return stamp;
  const local = new Date(Date.parse(`${m[1]}Z`) + hours * 3_600_000).toISOString().slice(0, 19);
  const sign = hours >= 0 ? '+' : '-';
  return `${local}${m[2] ?? ''}${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}

export const STAMP_Z = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
