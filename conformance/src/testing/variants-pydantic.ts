import { isCallRoute } from '../catalog.js';
import { mapStrings, type Variant } from './variant-edits.js';
import { type Answer, type Exchange, pathOf } from './variant-proxy.js';

// A deployment that answers as FastAPI with pydantic does wherever the spec leaves room: request
// validation errors are 422 with pydantic's detail items (a malformed body `json_invalid` at
// ["body", 0], a missing one `missing` at ["body"]), unknown paths `{"detail": "Not Found"}`, a
// wrong method 405 `{"detail": "Method Not Allowed"}`, and every timestamp with `+00:00` and
// microseconds instead of `Z`. What the spec pins stays: the speech routes' error table, the
// generic error body of an unknown meeting.

/** Routes whose errors the spec's table pins (400 "Invalid JSON" …), or whose errors are not the meeting routes'. */
const PINNED = new Set(['stt', 'tts', 'translate-text', 'denoise']);
/** Meeting routes whose body the spec makes optional: FastAPI serves them without one. */
const OPTIONAL_BODY = new Set(['get-meetings', 'get-user-default-meeting-setting', 'get-my-people']);

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/;
/** `2026-11-29T10:00:00.123456+00:00`, as pydantic serialises an aware datetime in UTC. */
const pydanticTime = (value: string) =>
  value.replace(TIMESTAMP, (_m, time: string, fraction = '') => `${time}.${fraction.padEnd(6, '0')}+00:00`);

const json = (status: number, body: unknown, a: Answer): Answer => {
  const headers = new Headers(a.headers);
  headers.set('content-type', 'application/json');
  return { status, headers, body: Buffer.from(JSON.stringify(body)) };
};

const parses = (bytes: Buffer) => {
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
};

/** The meeting route a request names, when it is one whose errors are the deployment's to shape. */
function meetingRoute(req: Exchange): string | undefined {
  const name = /^\/v1\/([^/]+)$/.exec(pathOf(req))?.[1];
  return name && isCallRoute(name) && !PINNED.has(name) ? name : undefined;
}

function pydanticAnswer(req: Exchange, a: Answer): Answer {
  const route = meetingRoute(req);
  const body = a.body.toString('utf8');
  const notFoundRoute = a.status === 404 && /"Route \S+ \S+ not found"/.test(body);
  if (notFoundRoute && route && req.method !== 'POST') return json(405, { detail: 'Method Not Allowed' }, a);
  if (notFoundRoute) return json(404, { detail: 'Not Found' }, a);
  if (route && req.method === 'POST' && a.status >= 400 && a.status !== 401 && a.status !== 404) {
    if (req.body.length === 0 && !OPTIONAL_BODY.has(route))
      return json(
        422,
        { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] },
        a,
      );
    if (req.body.length > 0 && !parses(req.body))
      return json(
        422,
        {
          detail: [
            {
              type: 'json_invalid',
              loc: ['body', 0],
              msg: 'JSON decode error',
              input: {},
              ctx: { error: 'Expecting value' },
            },
          ],
        },
        a,
      );
  }
  if (!/json/.test(a.headers.get('content-type') ?? '')) return a;
  try {
    return json(a.status, mapStrings(JSON.parse(body), pydanticTime), a);
  } catch {
    return a;
  }
}

export const PYDANTIC_VARIANTS: readonly Variant[] = [
  {
    id: 'pydantic-fastapi',
    area: 'errors',
    allows:
      'the meeting routes\' "400 invalid request body" or the 422 the machine-readable description declares, with its validation body; unknown paths and methods not shown; timestamps "RFC 3339 / ISO 8601 strings in UTC" (+00:00 is UTC)',
    only: ['rest', 'errors', 'partner'],
    // The reference reads +00:00 in what the kit sends back (cursors): no request edit needed.
    hooks: () => ({
      answer: pydanticAnswer,
    }),
  },
];
