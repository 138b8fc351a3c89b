import { editBody, type Json, onAnswer } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import { dropField, filledIn, ignored, joined, onObjects, type Places, retyped } from './edits-meetings.js';
import type { FactViolation } from './fact-violation.js';
import { faulted, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/settings-people/settings-people.facts.ts.

const SETTINGS: Places = {
  '/v1/get-user-default-meeting-setting': ['setting'],
  '/v1/update-user-default-meeting-setting': ['setting'],
};
const READ: Places = { '/v1/get-user-default-meeting-setting': ['setting'] };
const PEOPLE: Places = { '/v1/get-my-people': ['people', '*'] };
const UPDATE = '/v1/update-user-default-meeting-setting';

const s = (id: string) => `settings-people.${id}`;

/** max_recording_minutes taken from an update and shown from then on: a field that is updatable. */
const updatable = (): ProxyHooks => {
  let set: unknown;
  return {
    request(req: Exchange) {
      if (pathOf(req) === UPDATE) {
        const body = jsonOf(req.body);
        if (typeof body.max_recording_minutes === 'number') set = body.max_recording_minutes;
      }
      return req;
    },
    ...onObjects(SETTINGS, (o) => (set === undefined ? o : { ...o, max_recording_minutes: set })),
  };
};

/** 422 where get-my-people's request carries cursor null. */
const cursorNullRefused = (): ProxyHooks => ({
  answer(req, a) {
    if (pathOf(req) !== '/v1/get-my-people') return a;
    let body: Json;
    try {
      body = jsonOf(req.body);
    } catch {
      return a;
    }
    if (!('cursor' in body) || body.cursor !== null) return a;
    return {
      ...a,
      status: 422,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: Buffer.from(
        JSON.stringify({
          detail: [
            {
              loc: ['body', 'cursor'],
              msg: 'Input should be a valid string',
              type: 'string_type',
              input: null,
            },
          ],
        }),
      ),
    };
  },
});

const emptyBodyRefused = (route: string): ProxyHooks => ({
  answer(req, a) {
    if (pathOf(req) !== route || req.body.length > 0) return a;
    return {
      ...a,
      status: 400,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: Buffer.from(JSON.stringify({ success: false, error: 'Empty request body', code: 'BAD_REQUEST' })),
    };
  },
});

/** The people cursor read as an e-mail address alone: `<name>:<email>` refused. */
const emailCursor = (): ProxyHooks => ({
  answer(req, a) {
    if (pathOf(req) !== '/v1/get-my-people') return a;
    const body = jsonOf(req.body);
    if (typeof body.cursor !== 'string' || !body.cursor.includes(':')) return a;
    return {
      ...a,
      status: 400,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: Buffer.from(
        JSON.stringify({ success: false, error: 'cursor must be an e-mail address', code: 'BAD_REQUEST' }),
      ),
    };
  },
});

export const settingsPeopleViolations: readonly FactViolation[] = [
  retyped(s('setting.user_id.type'), SETTINGS, 'user_id', () => 42, 'user_id as a number'),
  retyped(
    s('setting.original_languages.type'),
    SETTINGS,
    'original_languages',
    joined,
    'original_languages as a comma string',
  ),
  proxied(
    s('setting.original_languages.bcp47'),
    'names',
    'original_languages read back as language names',
    () =>
      onObjects(READ, (o) => ({
        ...o,
        original_languages: Array.isArray(o.original_languages)
          ? o.original_languages.map((l) => ({ en: 'English', de: 'German', fr: 'French' })[String(l)] ?? l)
          : o.original_languages,
      })),
  ),
  retyped(
    s('setting.view_language.type'),
    SETTINGS,
    'view_language',
    (v) => [v],
    'view_language as an array',
  ),
  retyped(
    s('setting.translation_languages.type'),
    SETTINGS,
    'translation_languages',
    joined,
    'translation_languages as a comma string',
  ),
  retyped(
    s('setting.contextual_keywords.type'),
    SETTINGS,
    'contextual_keywords',
    joined,
    'contextual_keywords as a comma string',
  ),
  retyped(
    s('setting.max_recording_minutes.type'),
    SETTINGS,
    'max_recording_minutes',
    (v) => (typeof v === 'number' ? v + 0.5 : v),
    'max_recording_minutes not an integer',
  ),
  proxied(
    s('setting.max_recording_minutes.presence'),
    'dropped',
    'the setting read without max_recording_minutes',
    () => dropField(READ, 'max_recording_minutes'),
  ),
  proxied(
    s('setting.max_recording_minutes.not-updatable'),
    'updatable',
    'max_recording_minutes taken from an update',
    updatable,
  ),
  proxied(
    s('get-setting.body-optional'),
    'refused',
    'get-user-default-meeting-setting without a body refused',
    () => emptyBodyRefused('/v1/get-user-default-meeting-setting'),
  ),
  faulted(s('update.round-trip'), 'settings-not-saved', 'saved default settings read back as defaults'),
  proxied(
    s('update.original_languages.default'),
    'filled-in',
    'an update without original_languages sets ["en"]',
    () => filledIn(UPDATE, 'original_languages', ['en']),
  ),
  proxied(s('update.view_language.default'), 'filled-in', 'an update without view_language sets "fr"', () =>
    filledIn(UPDATE, 'view_language', 'fr'),
  ),
  proxied(
    s('update.view_language.default'),
    'follows-original',
    'an update without view_language takes the first of its original_languages',
    () => ({
      request: editBody(UPDATE, (b) => {
        const first = Array.isArray(b.original_languages) ? b.original_languages[0] : undefined;
        return b.view_language === undefined && typeof first === 'string'
          ? { ...b, view_language: first }
          : b;
      }),
    }),
  ),
  proxied(
    s('update.translation_languages.default'),
    'filled-in',
    'an update without translation_languages sets ["es"]',
    () => filledIn(UPDATE, 'translation_languages', ['es']),
  ),
  proxied(
    s('update.contextual_keywords.default'),
    'filled-in',
    'an update without contextual_keywords sets ["meeting"]',
    () => filledIn(UPDATE, 'contextual_keywords', ['meeting']),
  ),
  proxied(s('update.answer'), 'stale', 'an update answers the setting as it was before', () => {
    let last: unknown;
    return {
      answer(req, a) {
        const route = pathOf(req);
        if (a.status !== 200 || (route !== UPDATE && route !== '/v1/get-user-default-meeting-setting'))
          return a;
        const body = jsonOf(a.body);
        if (route === '/v1/get-user-default-meeting-setting') {
          last = body.setting;
          return a;
        }
        return last === undefined
          ? a
          : { ...a, body: Buffer.from(JSON.stringify({ ...body, setting: last })) };
      },
    };
  }),
  retyped(s('person.email.type'), PEOPLE, 'email', (v) => [v], 'person email as an array'),
  proxied(s('person.email.presence'), 'dropped', 'people listed without email where a profile names it', () =>
    onObjects(PEOPLE, (o) => (o.guest_profile || o.user ? (({ email: _, ...p }) => p)(o) : o)),
  ),
  proxied(s('person.guest_profile.type'), 'no-name', 'guest profiles without name', () =>
    onObjects({ '/v1/get-my-people': ['people', '*', 'guest_profile'] }, ({ name: _, ...o }) => o),
  ),
  proxied(s('person.guest_profile.presence'), 'dropped', 'guest contacts listed without guest_profile', () =>
    dropField(PEOPLE, 'guest_profile'),
  ),
  proxied(s('person.user.type'), 'no-id', 'registered users listed without user.id', () =>
    onObjects({ '/v1/get-my-people': ['people', '*', 'user'] }, ({ id: _, ...o }) => o),
  ),
  proxied(s('person.user.presence'), 'dropped', 'registered users listed without user', () =>
    dropField(PEOPLE, 'user'),
  ),
  proxied(s('people.body-optional'), 'refused', 'get-my-people without a body refused', () =>
    emptyBodyRefused('/v1/get-my-people'),
  ),
  proxied(
    s('people.cursor.format'),
    'email-only',
    'get-my-people refuses a <name>:<email> cursor',
    emailCursor,
  ),
  proxied(
    s('people.cursor.moves'),
    'ignored',
    'get-my-people ignores its cursor: page 2 repeats page 1 with has_more true',
    () => ignored('/v1/get-my-people', 'cursor'),
  ),
  proxied(s('people.has_more'), 'always-false', 'get-my-people has_more always false', () =>
    onAnswer('/v1/get-my-people', (b, st) => [st, st === 200 ? { ...b, has_more: false } : b]),
  ),
  proxied(s('people.limit.default'), 'ten', 'get-my-people without a limit pages by 10', () =>
    filledIn('/v1/get-my-people', 'limit', 10),
  ),
  proxied(s('people.nulls'), 'refused', 'get-my-people refuses cursor null', cursorNullRefused),
  proxied(s('limits.get-my-people.default'), 'twenty-five', 'get-my-people without a limit pages by 25', () =>
    filledIn('/v1/get-my-people', 'limit', 25),
  ),
];
