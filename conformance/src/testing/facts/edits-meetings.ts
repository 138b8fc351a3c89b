import { type Json, reply } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import { type FactViolation, proxied } from './fact-violation.js';

// Edits the meeting-resource violations share (meetings, messages, transcription, settings and
// people): a field of every object at a path of a route's 200 answers changed, dropped or retyped;
// a request field the client left out filled in (a default read as another value); a list whose
// cursor is ignored.

/** Where the objects of a route's answer sit: keys, `*` for every item of an array. */
export type Path = readonly string[];

/** `value` with `edit` applied to every object at `path`. */
export function mapAt(value: unknown, path: Path, edit: (o: Json) => unknown): unknown {
  if (path.length === 0)
    return value && typeof value === 'object' && !Array.isArray(value) ? edit(value as Json) : value;
  const [head = '', ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.map((v) => mapAt(v, rest, edit)) : value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const o = value as Json;
  return head in o ? { ...o, [head]: mapAt(o[head], rest, edit) } : o;
}

/** Where a route keeps its records, by route (`/v1/<route>`). */
export type Places = Readonly<Record<string, Path>>;

const asked = (req: Exchange): Json => {
  try {
    return jsonOf(req.body);
  } catch {
    return {};
  }
};

/** The 200 JSON answers of the routes of `places`, each object at its route's path edited. */
export function onObjects(
  places: Places,
  edit: (o: Json, asked: Json, route: string) => unknown,
): ProxyHooks {
  return {
    answer(req: Exchange, a: Answer): Answer {
      const route = pathOf(req);
      const path = places[route];
      if (!path || a.status !== 200) return a;
      let body: Json;
      try {
        body = jsonOf(a.body);
      } catch {
        return a;
      }
      return reply(
        a,
        a.status,
        mapAt(body, path, (o) => edit(o, asked(req), route)),
      );
    },
  };
}

/** Objects of `places` with `field` set to `value(old)` where they carry it (or always, with `always`). */
export const setField = (
  places: Places,
  field: string,
  value: (old: unknown, o: Json) => unknown,
  always = false,
): ProxyHooks => onObjects(places, (o) => (field in o || always ? { ...o, [field]: value(o[field], o) } : o));

/** Objects of `places` without `field`. */
export const dropField = (places: Places, field: string): ProxyHooks =>
  onObjects(places, (o) => {
    const { [field]: _, ...rest } = o;
    return rest;
  });

/** A violation: `field` retyped (`to` of its old value) in the answers of `places`. */
export const retyped = (
  fact: string,
  places: Places,
  field: string,
  to: (v: unknown) => unknown,
  does: string,
) => proxied(fact, 'retyped', does, () => setField(places, field, to));

/** A violation: `field` left out of the answers of `places`. */
export const dropped = (fact: string, places: Places, field: string, does: string): FactViolation =>
  proxied(fact, 'dropped', does, () => dropField(places, field));

/** Requests to `route` that leave out `field` get `value` in its place: the default read as another. */
export const filledIn = (route: string, field: string, value: unknown): ProxyHooks => ({
  request(req: Exchange): Exchange {
    if (pathOf(req) !== route) return req;
    let body: Json;
    try {
      body = jsonOf(req.body);
    } catch {
      return req;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body) || body[field] !== undefined) return req;
    return { ...req, body: Buffer.from(JSON.stringify({ ...body, [field]: value })) };
  },
});

/** Requests to `route` with `field` removed: a cursor or filter the deployment never reads. */
export const ignored = (route: string, field: string): ProxyHooks => ({
  request(req: Exchange): Exchange {
    if (pathOf(req) !== route) return req;
    try {
      const { [field]: _, ...rest } = jsonOf(req.body);
      return { ...req, body: Buffer.from(JSON.stringify(rest)) };
    } catch {
      return req;
    }
  },
});

/** Epoch seconds of a timestamp: the type a deployment storing numbers answers with. */
export const epoch = (v: unknown) => (typeof v === 'string' ? Math.floor(Date.parse(v) / 1000) : v);
/** A string array written as one comma-separated string. */
export const joined = (v: unknown) => (Array.isArray(v) ? v.join(',') : v);
/** A string as a number where it reads as one, else its length. */
export const numbered = (v: unknown) =>
  typeof v === 'string' ? (Number.isNaN(Number(v)) ? v.length : Number(v)) : v;

/**
 * `route` refused with a 422 whose detail names `loc` (under `body`) where `refuse` holds for its
 * request body: a request form the spec accepts, refused.
 */
export const refusedWhen = (
  route: string,
  refuse: (body: Json) => boolean,
  loc: readonly (string | number)[],
  msg = 'Input should be a valid value',
): ProxyHooks => ({
  answer(req, a) {
    if (pathOf(req) !== route) return a;
    let body: Json;
    try {
      body = jsonOf(req.body);
    } catch {
      return a;
    }
    if (!refuse(body)) return a;
    return reply(a, 422, { detail: [{ loc: ['body', ...loc], msg, type: 'value_error', input: null }] });
  },
});
