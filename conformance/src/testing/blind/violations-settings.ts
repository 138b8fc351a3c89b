import type { Variant } from '../variant-edits.js';
import { pathOf } from '../variant-proxy.js';
import { editBody, type Json, onAnswer, reply } from './edits.js';

// Deployments that break the spec on settings, summaries, ask-ai and contacts.

const rest = (id: string, allows: string, hooks: Variant['hooks']): Variant => ({
  id,
  area: 'rest',
  allows,
  only: [],
  hooks,
});

const ok = (status: number) => status === 200;
const SETTING_FIELDS = [
  'original_languages',
  'view_language',
  'translation_languages',
  'contextual_keywords',
];

export const SETTINGS_VIOLATIONS: readonly Variant[] = [
  rest(
    'setting-update-keeps-omitted',
    'update-user-default-meeting-setting: "view_language string (optional, default `en`); ... contextual_keywords string[] (optional, default empty)"',
    // PATCH semantics: a field left out keeps the stored value instead of taking its default.
    () => {
      const stored = new Map<string, Json>();
      const keyOf = (h: Headers) => h.get('x-api-key') ?? h.get('authorization') ?? '';
      return {
        request(req) {
          const last = stored.get(keyOf(req.headers));
          if (!last) return req;
          return editBody('/v1/update-user-default-meeting-setting', (b) => {
            const kept = Object.fromEntries(
              SETTING_FIELDS.filter((f) => b[f] === undefined).map((f) => [f, last[f]]),
            );
            return { ...kept, ...b };
          })(req);
        },
        answer(req, a) {
          if (/default-meeting-setting$/.test(pathOf(req)) && ok(a.status)) {
            const setting = (JSON.parse(a.body.toString('utf8')) as Json).setting as Json | undefined;
            if (setting) stored.set(keyOf(req.headers), setting);
          }
          return a;
        },
      };
    },
  ),
  rest('setting-max-minutes-string', 'User default meeting setting: "max_recording_minutes | integer"', () =>
    onAnswer('/v1/get-user-default-meeting-setting', (b, s) => {
      if (!ok(s)) return [s, b];
      const setting = (b.setting ?? {}) as Json;
      return [
        s,
        { ...b, setting: { ...setting, max_recording_minutes: String(setting.max_recording_minutes) } },
      ];
    }),
  ),
  rest(
    'setting-max-minutes-updatable',
    'User default meeting setting: "max_recording_minutes | integer | returned by the service; not updatable"',
    // Takes max_recording_minutes from an update and returns it from then on.
    () => {
      const chosen = new Map<string, unknown>();
      const keyOf = (h: Headers) => h.get('x-api-key') ?? h.get('authorization') ?? '';
      const path = '/v1/update-user-default-meeting-setting';
      return {
        request(req) {
          return editBody(path, (b) => {
            if (b.max_recording_minutes === undefined) return b;
            chosen.set(keyOf(req.headers), b.max_recording_minutes);
            const { max_recording_minutes: _taken, ...rest } = b;
            return rest;
          })(req);
        },
        answer(req, a) {
          const mine = chosen.get(keyOf(req.headers));
          if (!/default-meeting-setting$/.test(pathOf(req)) || !ok(a.status) || mine === undefined) return a;
          const body = JSON.parse(a.body.toString('utf8')) as Json;
          return reply(a, a.status, {
            ...body,
            setting: { ...(body.setting as Json), max_recording_minutes: mine },
          });
        },
      };
    },
  ),
  rest(
    'summary-force-refresh-ignored',
    'get-meeting-summary: "force_refresh boolean or null (optional; true reads from the database instead of the cache)"',
    // The first summary read is cached and served forever, force_refresh or not.
    () => {
      const cached = new Map<string, Json>();
      return onAnswer('/v1/get-meeting-summary', (b, s, asked) => {
        if (!ok(s)) return [s, b];
        const key = String(asked.meeting_id);
        if (!cached.has(key)) cached.set(key, b);
        return [s, cached.get(key)];
      });
    },
  ),
  rest(
    'summarize-without-ai-model',
    'summarize-meeting: "{success, meeting_message: Meeting message with type `MT_SUMMARY` and summary.ai_model}"',
    () =>
      onAnswer('/v1/summarize-meeting', (b, s) => {
        if (!ok(s)) return [s, b];
        const message = (b.meeting_message ?? {}) as Json;
        const { ai_model: _dropped, ...summary } = (message.summary ?? {}) as Json;
        return [s, { ...b, meeting_message: { ...message, summary } }];
      }),
  ),
  rest(
    'ask-ai-plan-id-number',
    'ask-ai-for-meeting: "{success, workflow_plan_id string, next_actions: Next action[]}"',
    () =>
      onAnswer('/v1/ask-ai-for-meeting', (b, s) =>
        ok(s)
          ? [s, { ...b, workflow_plan_id: Number(String(b.workflow_plan_id).replace(/\D/g, '')) }]
          : [s, b],
      ),
  ),
  rest('people-default-limit-10', 'get-my-people: "limit integer or null (optional, default 20)"', () => ({
    request: editBody('/v1/get-my-people', (b) => (b.limit == null ? { ...b, limit: 10 } : b)),
  })),
];
