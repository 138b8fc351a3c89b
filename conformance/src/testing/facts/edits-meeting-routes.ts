import { Limits } from '@parley/schemas/constants';
import { type Json, servedBy } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import { onObjects, type Places } from './edits-meetings.js';

// The proxy edits of the meeting routes' violations (meetings.violations.ts): where a meeting object
// is answered, a write answered as if it never happened, get-meetings past its maximum, another host.

export const CREATED: Places = { '/v1/create-meeting': ['meeting'] };
export const LISTED: Places = { '/v1/get-meetings': ['meetings', '*'] };
export const WRITES: Places = {
  '/v1/add-meeting-participants': ['meeting'],
  '/v1/remove-meeting-participants': ['meeting'],
  '/v1/assign-co-host': ['meeting'],
  '/v1/remove-co-host': ['meeting'],
};
export const EVERY: Places = { ...CREATED, ...LISTED, ...WRITES };

export const ids = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

/** A meeting answered by a write route: the upstream listing's, as if the write never reached it. */
export const unwritten = (from: string): ProxyHooks =>
  servedBy(
    from,
    '/v1/get-meetings',
    () => ({ limit: Limits.meetings.max }),
    (up, status, asked) => {
      const found = (up.meetings as Json[] | undefined)?.find((x) => x.id === asked.meeting_id);
      return status === 200 && found ? [200, { success: true, meeting: found }] : [status, up];
    },
  );

/** get-meetings past its maximum: a limit over 50 served whole (the next page fetched through the proxy). */
export const overMax = (): ProxyHooks => {
  const wanted = new Map<string, number>();
  return {
    request(req: Exchange) {
      if (pathOf(req) !== '/v1/get-meetings') return req;
      const body = jsonOf(req.body);
      const limit = typeof body.limit === 'number' ? body.limit : 0;
      if (limit <= Limits.meetings.max) return req;
      const key = `${Date.now()}-${Math.random()}`;
      wanted.set(key, limit);
      const headers = new Headers(req.headers);
      headers.set('x-over-max', key);
      return { ...req, headers, body: Buffer.from(JSON.stringify({ ...body, limit: Limits.meetings.max })) };
    },
    async answer(req, a) {
      const key = req.headers.get('x-over-max');
      const limit = key ? wanted.get(key) : undefined;
      if (!key || !limit || a.status !== 200) return a;
      const body = jsonOf(a.body);
      const meetings = (body.meetings as Json[]) ?? [];
      const last = meetings[meetings.length - 1];
      if (!last || !body.has_more) return a;
      const more = await fetch(`http://${req.headers.get('host')}/v1/get-meetings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': req.headers.get('x-api-key') ?? '' },
        body: JSON.stringify({ limit: limit - meetings.length, last_updated_at: last.updated_at }),
      });
      const next = (await more.json()) as Json;
      const extra = (next.meetings as Json[]) ?? [];
      return {
        ...a,
        body: Buffer.from(
          JSON.stringify({ ...body, meetings: [...meetings, ...extra], has_more: next.has_more }),
        ),
      };
    },
  };
};

/** The host written as `usr:<id>` in participant_ids: a user named by a prefixed id. */
export const prefixedHost = (): ProxyHooks =>
  onObjects(EVERY, (o) => ({
    ...o,
    participant_ids: ids(o.participant_ids).map((p) => (p === o.host_user_id ? `usr:${p}` : p)),
  }));

/** Another user id for the host, everywhere a meeting shows it (its participant_ids too). */
export const otherHost = (): ProxyHooks =>
  onObjects(EVERY, (o) => {
    const host = o.host_user_id;
    if (typeof host !== 'string') return o;
    const other = `${host}-x`;
    return {
      ...o,
      host_user_id: other,
      participant_ids: ids(o.participant_ids).map((p) => (p === host ? other : p)),
    };
  });

/** get-meetings with no body refused with a 422, as if a body were required. */
export const emptyBodyRefused = (): ProxyHooks => ({
  answer(req, a) {
    if (pathOf(req) !== '/v1/get-meetings' || req.body.length > 0) return a;
    return {
      ...a,
      status: 422,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: Buffer.from(
        JSON.stringify({ detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] }),
      ),
    };
  },
});
