import { type Json, onPrefix, reply } from '../blind/edits.js';
import { BLIND_VIOLATIONS } from '../blind/violations.js';
import { jsonOf } from '../mutant-run.js';
import { mapStrings } from '../variant-edits.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';

// Edits the rest and errors areas' fact violations share: a blind violation reused by id, a route's
// answer replaced, ids written as integers, and deployments that mix up accounts.

/** The hooks of a blind violation (src/testing/blind), reused where it breaks exactly one fact. */
export function blindHooks(id: string): () => ProxyHooks {
  const found = BLIND_VIOLATIONS.find((v) => v.id === id);
  if (!found) throw new Error(`no blind violation ${id}`);
  return found.hooks;
}

/** Answers of requests `when` picks replaced by `make(upstream status, upstream body, request)`. */
export const answerWhen = (
  when: (req: Exchange, a: Answer) => boolean,
  make: (status: number, body: Json, req: Exchange) => [number, unknown],
): ProxyHooks => ({
  answer(req, a) {
    if (!when(req, a)) return a;
    let body: Json = {};
    try {
      body = jsonOf(a.body);
    } catch {}
    const [status, made] = make(a.status, body, req);
    return reply(a, status, made);
  },
});

/** The request's JSON body, `{}` when it has none. */
export const askedOf = (req: Exchange): Json => {
  try {
    const body = jsonOf(req.body);
    return body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  } catch {
    return {};
  }
};

const keyOf = (req: Exchange) => req.headers.get('x-api-key') ?? req.headers.get('authorization') ?? '';

/**
 * Meeting message ids written as integers (a counter the deployment keeps), read back from requests:
 * a store whose message ids are numbers.
 */
export function integerMessageIds(): ProxyHooks {
  const toInt = new Map<string, number>();
  const toId = new Map<number, string>();
  const num = (id: string) => {
    if (!toInt.has(id)) {
      toInt.set(id, toInt.size + 1);
      toId.set(toInt.size, id);
    }
    return toInt.get(id) as number;
  };
  const message = (m: unknown) =>
    m && typeof m === 'object' && typeof (m as Json).id === 'string'
      ? { ...(m as Json), id: num((m as Json).id as string) }
      : m;
  return {
    request(req) {
      const asked = askedOf(req);
      if (typeof asked.message_id !== 'number') return req;
      const id = toId.get(asked.message_id);
      return id ? { ...req, body: Buffer.from(JSON.stringify({ ...asked, message_id: id })) } : req;
    },
    ...onPrefix('/v1/', (b, s) => {
      if (s !== 200) return [s, b];
      const out = { ...b };
      if (b.meeting_message) out.meeting_message = message(b.meeting_message);
      if (Array.isArray(b.messages)) out.messages = b.messages.map(message);
      return [s, out];
    }),
  };
}

/**
 * A deployment whose contacts are the instance's, not the caller's: every invitee (`em:<email>`) any
 * key's caller invited is listed by get-my-people to every other key's caller as a guest contact.
 */
export function peopleShared(): ProxyHooks {
  const invited = new Map<string, Set<string>>();
  return {
    request(req) {
      const ids = askedOf(req).participant_ids;
      if (Array.isArray(ids) && /\/v1\/(create-meeting|add-meeting-participants)$/.test(pathOf(req))) {
        const own = invited.get(keyOf(req)) ?? new Set<string>();
        for (const id of ids) if (typeof id === 'string' && id.startsWith('em:')) own.add(id.slice(3));
        invited.set(keyOf(req), own);
      }
      return req;
    },
    ...onPrefix('/v1/get-my-people', (b, s, req) => {
      if (s !== 200 || !Array.isArray(b.people)) return [s, b];
      const own = b.people as Json[];
      const listed = new Set(own.map((p) => p.email));
      const others = [...invited]
        .filter(([key]) => key !== keyOf(req))
        .flatMap(([, emails]) => [...emails])
        .filter((email) => !listed.has(email));
      const guests = [...new Set(others)].map((email) => ({
        email,
        guest_profile: { name: email.split('@')[0], email },
      }));
      return [s, { ...b, people: [...own, ...guests] }];
    }),
  };
}

/** Another key's meetings refused with 403 FORBIDDEN instead of unknown (404). */
export function foreignForbidden(): ProxyHooks {
  const owner = new Map<string, string>();
  return {
    answer(req, a) {
      const key = keyOf(req);
      let body: Json = {};
      try {
        body = jsonOf(a.body);
      } catch {
        return a;
      }
      const made = (body.meeting as Json | undefined)?.id;
      if (pathOf(req) === '/v1/create-meeting' && typeof made === 'string') owner.set(made, key);
      const asked = askedOf(req).meeting_id;
      const of = typeof asked === 'string' ? owner.get(asked) : undefined;
      if (a.status === 404 && of !== undefined && of !== key)
        return reply(a, 403, { success: false, error: 'Forbidden', code: 'FORBIDDEN' });
      return a;
    },
  };
}

/**
 * Requests to `path` without a credential served as the last caller whose key was taken (an auth
 * cache keyed wrong).
 */
export function servedAsLastCaller(path: string): ProxyHooks {
  let last: string | undefined;
  return {
    request(req) {
      if (pathOf(req) !== path || req.headers.has('x-api-key') || req.headers.has('authorization') || !last)
        return req;
      const headers = new Headers(req.headers);
      headers.set('x-api-key', last);
      return { ...req, headers };
    },
    answer(req, a) {
      const key = req.headers.get('x-api-key');
      if (key && a.status < 400) last = key;
      return a;
    },
  };
}

const UTC = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;
const PLUS_TWO = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?\+02:00$/;
const TWO_HOURS = 2 * 3600 * 1000;
const seconds = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/**
 * Every timestamp written in local time at +02:00 (the same instant, RFC 3339, not UTC); stamps sent
 * back (cursors) read as the deployment wrote them.
 */
export function localTimestamps(): ProxyHooks {
  const toLocal = (s: string) => {
    const m = UTC.exec(s);
    return m?.[1] ? `${seconds(Date.parse(`${m[1]}Z`) + TWO_HOURS)}${m[2] ?? ''}+02:00` : s;
  };
  const toUtc = (s: string) => {
    const m = PLUS_TWO.exec(s);
    return m?.[1] ? `${seconds(Date.parse(`${m[1]}+02:00`))}${m[2] ?? ''}Z` : s;
  };
  return {
    request(req) {
      if (!/json/.test(req.headers.get('content-type') ?? '') || req.body.length === 0) return req;
      try {
        return { ...req, body: Buffer.from(JSON.stringify(mapStrings(jsonOf(req.body), toUtc))) };
      } catch {
        return req;
      }
    },
    answer(req, a) {
      if (!/json/.test(a.headers.get('content-type') ?? '') || !pathOf(req).startsWith('/v1/')) return a;
      try {
        return reply(a, a.status, mapStrings(jsonOf(a.body), toLocal));
      } catch {
        return a;
      }
    },
  };
}
