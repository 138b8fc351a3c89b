import { Limits } from '@parley/schemas/constants';
import type { Variant } from './variant-edits.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from './variant-proxy.js';
import { noRotation } from './variants-rest.js';

// The variants an automation platform's app meets in what it reads (token answers, timestamps, paging,
// short trigger lists, extra fields at every depth), and `spec-only`: the service as the spec shows it
// and no more, without Parley's extensions (what they allow: variants.ts).

const isJson = (headers: Headers) => /json/.test(headers.get('content-type') ?? '');

/** A JSON tree rebuilt bottom-up: `visit` sees every value (children first) with the key it sits under. */
function walk(
  value: unknown,
  visit: (v: unknown, key: string | undefined) => unknown,
  key?: string,
): unknown {
  if (Array.isArray(value))
    return visit(
      value.map((v) => walk(v, visit, key)),
      key,
    );
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, walk(v, visit, k)] as const);
    return visit(Object.fromEntries(entries), key);
  }
  return visit(value, key);
}

/** JSON answers (objects and arrays) changed by `edit`; other answers as they are. */
function editAnswers(
  when: (req: Exchange, a: Answer) => boolean,
  edit: (body: unknown, req: Exchange) => unknown,
): (req: Exchange, a: Answer) => Answer {
  return (req, a) => {
    if (!isJson(a.headers) || !when(req, a)) return a;
    let body: unknown;
    try {
      body = JSON.parse(a.body.toString('utf8'));
    } catch {
      return a;
    }
    const headers = new Headers(a.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    return { ...a, headers, body: Buffer.from(JSON.stringify(edit(body, req))) };
  };
}

/** A JSON request body changed by `edit` (left byte for byte when `edit` changes nothing). */
function editRequestBody(req: Exchange, edit: (body: unknown) => unknown): Exchange {
  if (!isJson(req.headers) || req.body.length === 0) return req;
  try {
    const before = JSON.parse(req.body.toString('utf8'));
    const after = JSON.stringify(edit(before));
    return after === JSON.stringify(before) ? req : { ...req, body: Buffer.from(after) };
  } catch {
    return req;
  }
}

const UTC_STAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;

/**
 * Every timestamp of every answer written another way; the deployment reads its own form back, so a
 * stamp the client returns (a cursor) is the stored one upstream.
 */
function timestamps(write: (seconds: string, fraction: string | undefined) => string): ProxyHooks {
  const stored = new Map<string, string>();
  const back = (v: unknown) => walk(v, (x) => (typeof x === 'string' ? (stored.get(x) ?? x) : x));
  return {
    request(req) {
      const [path = '', query] = req.path.split('?');
      const params = new URLSearchParams(query ?? '');
      const known = [...params].filter(([, value]) => stored.has(value));
      for (const [name, value] of known) params.set(name, stored.get(value) ?? value);
      return editRequestBody(known.length ? { ...req, path: `${path}?${params}` } : req, back);
    },
    answer: editAnswers(
      () => true,
      (body) =>
        walk(body, (x) => {
          const match = typeof x === 'string' ? UTC_STAMP.exec(x) : null;
          if (!match?.[1]) return x;
          const written = write(match[1], match[2]);
          stored.set(written, x as string);
          return written;
        }),
    ),
  };
}

/**
 * How each listing route compares its cursor (the reference server's rule; get-meeting-messages' is
 * not shown, Parley's is "before" as get-meetings').
 */
const CURSOR_RULE: Record<string, 'before' | 'after'> = {
  '/v1/get-meetings': 'before',
  '/v1/get-meeting-messages': 'before',
  '/v1/get-live-transcription-chunks': 'after',
  '/v1/get-transcript-utterances': 'after',
};

/**
 * A store that keeps milliseconds: every stamp it answers is cut to them, and it compares a cursor
 * with the stamps it shows. In front of a store of microseconds that means a strict "before .834"
 * is "before .834000" and a strict "after .834" is "after .834999": the records of the cursor's own
 * millisecond are left out either way, as a millisecond store leaves out those equal to the cursor,
 * and nothing listed contradicts the cursor it was asked with, however many writes share a
 * millisecond.
 */
function millisecondStore(): ProxyHooks {
  const millis = (seconds: string, fraction: string | undefined) =>
    `${seconds}${(fraction ?? '.').padEnd(4, '0').slice(0, 4)}`;
  return {
    request(req) {
      const rule = CURSOR_RULE[pathOf(req)];
      if (!rule) return req;
      return editRequestBody(req, (body) => {
        const cursor = (body as { last_updated_at?: unknown } | null)?.last_updated_at;
        const match = typeof cursor === 'string' ? UTC_STAMP.exec(cursor) : null;
        if (!match?.[1]) return body;
        const at = `${millis(match[1], match[2])}${rule === 'before' ? '000' : '999'}Z`;
        return { ...(body as object), last_updated_at: at };
      });
    },
    answer: editAnswers(
      () => true,
      (body) =>
        walk(body, (x) => {
          const match = typeof x === 'string' ? UTC_STAMP.exec(x) : null;
          return match?.[1] ? `${millis(match[1], match[2])}Z` : x;
        }),
    ),
  };
}

/** Listing routes: the array each answers and the page size when the request names none. */
const PAGED: Record<string, [field: string, size: number]> = {
  '/v1/get-meetings': ['meetings', Limits.meetings.default],
  '/v1/get-meeting-messages': ['messages', Limits.meetingMessages.default],
  '/v1/get-my-people': ['people', Limits.people.default],
  '/v1/get-live-transcription-chunks': ['chunks', Limits.transcription.default],
  '/v1/get-transcript-utterances': ['utterances', Limits.transcription.default],
};

/** `has_more: true` on a page exactly as long as asked, though nothing follows (the next page is empty). */
function hasMoreOnFullPage(): ProxyHooks {
  return {
    answer: editAnswers(
      (req, a) => a.status === 200 && pathOf(req) in PAGED,
      (body, req) => {
        const [field, size] = PAGED[pathOf(req)] ?? ['', 0];
        const b = body as Record<string, unknown>;
        let asked: unknown;
        try {
          asked = (JSON.parse(req.body.toString('utf8') || '{}') as { limit?: unknown }).limit;
        } catch {}
        const items = b[field];
        const limit = typeof asked === 'number' ? asked : size;
        return Array.isArray(items) && items.length > 0 && items.length === limit
          ? { ...b, has_more: true }
          : b;
      },
    ),
  };
}

/** Items of a polling trigger the deployment keeps (the spec: "at most 50 items"). */
export const SHORT_TRIGGER_ITEMS = 1;
const TRIGGER_ROUTE = /^\/api\/[^/]+\/triggers\//;

/** Objects whose keys are data (a map from language code to text), not fields. */
const MAPS = new Set(['texts']);
/** "An update response carries only id, meeting_id, transcript, language, speaker_v2, texts." */
const EXACT_ANSWERS = new Set(['/v1/update-transcript-utterance']);

const HOOK_ROUTES = /^\/api\/[^/]+\/hooks(\/|$)/;
const REVOKE_ROUTE = /^\/api\/oauth\/[^/]+\/revoke$/;
/** Where spec-only sends what it does not serve: a path the reference server has no route for. */
const UNSERVED = '/spec-only/not-served';

/** The reference server without Parley's extensions of the spec's interface. */
function specOnly(): ProxyHooks {
  return {
    request(req) {
      const path = pathOf(req);
      if (HOOK_ROUTES.test(path) || REVOKE_ROUTE.test(path)) return { ...req, path: UNSERVED };
      if (path !== '/v1/stt') return req;
      // The route answers as the spec shows it: synchronously, whatever callback_url asked.
      return editRequestBody(req, (b) => {
        if (!b || typeof b !== 'object' || Array.isArray(b)) return b;
        const { callback_url: _c, ...rest } = b as Record<string, unknown>;
        return rest;
      });
    },
    // The meeting page link is an extension field: the spec names no meeting URL.
    answer: editAnswers(
      () => true,
      (body) =>
        walk(body, (x) => {
          if (!x || typeof x !== 'object' || Array.isArray(x) || !('meeting_url' in x)) return x;
          const { meeting_url: _u, ...rest } = x as Record<string, unknown>;
          return rest;
        }),
    ),
  };
}

const PARTNER_CHECKS = [
  'partner.01.oauth-pkce-flow',
  'partner.02.token-refresh-rotation',
  'partner.03.me',
  'partner.04.triggers',
  'partner.05.meeting-details',
  'partner.06.generate-document',
  'partner.07.no-token-401',
];
const TIMESTAMP_CHECKS = [
  'rest.01.route-schemas',
  'rest.03.get-meetings-newest-first',
  'rest.05.pagination-walk',
  'rest.11.get-meetings-cursor',
  'rest.16.transcription-cursors',
  'rest.25.ended-meetings-end-at',
  'partner.04.triggers',
  'partner.05.meeting-details',
];

export const APP_VARIANTS: readonly Variant[] = [
  {
    id: 'oauth-token-minimal',
    area: 'partner',
    allows:
      'request and response fields of the token exchange: not shown (RFC 6749 §5.1: token_type case-insensitive, expires_in RECOMMENDED, scope; §6: a new refresh token MAY be issued)',
    only: ['partner.01.oauth-pkce-flow', 'partner.02.token-refresh-rotation', 'partner.03.me'],
    hooks: () => {
      // The refresh token stays valid (no rotation), so a refresh answer may leave it out.
      const chain = noRotation();
      return {
        ...chain,
        answer: async (req, a) => {
          const seen = (await chain.answer?.(req, a)) ?? a;
          const form = new URLSearchParams(req.body.toString('utf8'));
          return editAnswers(
            (r, answer) => pathOf(r).endsWith('/token') && answer.status === 200,
            (body) => {
              const { expires_in: _e, refresh_token: refresh, ...b } = body as Record<string, unknown>;
              return {
                ...b,
                token_type: 'bearer',
                scope: b.scope ?? form.get('scope') ?? '',
                ...(form.get('grant_type') === 'refresh_token' ? {} : { refresh_token: refresh }),
              };
            },
          )(req, seen);
        },
      };
    },
  },
  {
    id: 'timestamps-offset',
    area: 'rest',
    allows: 'Timestamps are RFC 3339 / ISO 8601 strings in UTC (`+00:00` names UTC as `Z` does)',
    only: TIMESTAMP_CHECKS,
    hooks: () => timestamps((seconds, fraction) => `${seconds}${fraction ?? ''}+00:00`),
  },
  {
    id: 'timestamps-millis',
    area: 'rest',
    allows:
      'Timestamps are RFC 3339 / ISO 8601 strings in UTC (their precision is not said): a store of milliseconds, cursors compared with the stamps it shows',
    only: TIMESTAMP_CHECKS,
    hooks: millisecondStore,
  },
  {
    id: 'has-more-full-page',
    area: 'rest',
    allows:
      '{success, meetings, has_more: boolean} (when has_more is true nothing says a next page is not empty)',
    only: [
      'rest.04.get-meetings-limits',
      'rest.05.pagination-walk',
      'rest.11.get-meetings-cursor',
      'rest.16.transcription-cursors',
      'rest.20.messages-default-limit',
      'rest.21.people-default-limit',
      'rest.24.transcription-default-limit',
    ],
    hooks: hasMoreOnFullPage,
  },
  {
    id: 'triggers-short',
    area: 'partner',
    allows: `Trigger routes [...] return a JSON array sorted newest first, at most 50 items (here ${SHORT_TRIGGER_ITEMS})`,
    only: ['partner.04.triggers'],
    hooks: () => ({
      answer: editAnswers(
        (req, a) => a.status === 200 && TRIGGER_ROUTE.test(pathOf(req)),
        (body) => (Array.isArray(body) ? body.slice(0, SHORT_TRIGGER_ITEMS) : body),
      ),
    }),
  },
  {
    id: 'extra-fields-nested',
    area: 'rest',
    allows:
      'Resources list the fields a client can rely on; nothing forbids more, at any depth, nor fixes the order of keys',
    only: [
      'rest.01.route-schemas',
      'rest.06.stateful-sequence',
      'rest.07.settings-round-trip',
      'rest.09.participant-effects',
      'rest.15.utterance-correction',
      'rest.23.cached-transcripts',
      'errors.07.second-account-reads',
      ...PARTNER_CHECKS,
    ],
    hooks: () => ({
      answer: editAnswers(
        (req) => !EXACT_ANSWERS.has(pathOf(req)),
        (body) =>
          walk(body, (x, key) =>
            x && typeof x === 'object' && !Array.isArray(x) && !MAPS.has(key ?? '')
              ? Object.fromEntries([['x_trace', 'extra'], ...Object.entries(x).reverse()])
              : x,
          ),
      ),
    }),
  },
  {
    id: 'spec-only',
    area: 'partner',
    allows:
      'the interface as the spec shows it and no more: no hook subscriptions ("no event subscription interface shown"), no callback_url on /v1/stt, no token revocation, no meeting links',
    only: [...PARTNER_CHECKS, 'speech.01.stt-fixture'],
    hooks: specOnly,
  },
];
