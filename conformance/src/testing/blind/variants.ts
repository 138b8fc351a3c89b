import { randomUUID } from 'node:crypto';
import { jsonOf } from '../mutant-run.js';
import { editJson, editRequestJson, jsonFrames, type Variant } from '../variant-edits.js';
import { type Answer, type Exchange, pathOf } from '../variant-proxy.js';
import { itemsOf, type Json, onAnswer, onPrefix, reply, servedBy, shiftMicros } from './edits.js';

// Deployments that differ from the reference server only where the spec leaves room, written from
// the spec alone: a fair kit passes every one of them.

const variant = (id: string, area: Variant['area'], allows: string, hooks: Variant['hooks']): Variant => ({
  id,
  area,
  allows,
  only: [],
  hooks,
});

const ok = (status: number) => status === 200;
const isJson = (a: Answer) => /json/.test(a.headers.get('content-type') ?? '');
const withText = (a: Answer, text: string): Answer => ({ ...a, body: Buffer.from(text) });
/** Identifiers the reference mints for messages and workflow plans. */
const MINTED = /\b(?:msg|wfp)_\d{6}\b/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;

export const BLIND_VARIANTS: readonly Variant[] = [
  variant(
    'extra-fields-in-answers',
    'rest',
    'Resource and response tables list fields without closing them; the one closed answer is left as it is: "An update response carries only id, meeting_id, transcript, language, speaker_v2, texts."',
    () => ({
      answer: editJson(
        (req) => pathOf(req).startsWith('/v1/') && pathOf(req) !== '/v1/update-transcript-utterance',
        (body) => ({ ...body, request_region: 'eu-west-1', served_by: 'api-7' }),
      ),
    }),
  ),
  variant(
    'unlisted-fields-dropped',
    'rest',
    'Meeting: the table lists no co_host_ids; ask-ai: "{success, workflow_plan_id string, next_actions: Next action[]}" has no document',
    () => ({
      answer: editJson(
        (req) =>
          /^\/v1\/(create-meeting|get-meetings|add-meeting-participants|remove-meeting-participants|assign-co-host|remove-co-host|ask-ai-for-meeting)$/.test(
            pathOf(req),
          ),
        (body) => {
          const strip = (m: Json) => {
            const { co_host_ids: _dropped, ...rest } = m;
            return rest;
          };
          const { document: _document, ...rest } = body;
          if (rest.meeting) rest.meeting = strip(rest.meeting as Json);
          if (Array.isArray(rest.meetings)) rest.meetings = itemsOf(rest, 'meetings').map(strip);
          return rest;
        },
      ),
    }),
  ),
  variant(
    'message-ids-uuid',
    'rest',
    'Resources: "Identifiers are strings." (their form is not given)',
    // Messages and workflow plans are named by UUIDs; requests are mapped back on the way in. (Meeting
    // ids stay: the reference posts generate-document callbacks, which no proxy sees, with them.)
    () => {
      const out = new Map<string, string>();
      const back = new Map<string, string>();
      const name = (id: string) => {
        if (!out.has(id)) {
          const uuid = randomUUID();
          out.set(id, uuid);
          back.set(uuid, id);
        }
        return out.get(id) as string;
      };
      const unmap = (text: string) => text.replace(UUID, (u) => back.get(u) ?? u);
      return {
        request: (req: Exchange): Exchange => ({
          ...req,
          path: unmap(req.path),
          body:
            req.body.length > 0 && /json/.test(req.headers.get('content-type') ?? '')
              ? Buffer.from(unmap(req.body.toString('utf8')))
              : req.body,
        }),
        answer: (_req: Exchange, a: Answer): Answer =>
          isJson(a) ? withText(a, a.body.toString('utf8').replace(MINTED, name)) : a,
      };
    },
  ),
  variant(
    'timestamps-offset-form',
    'rest',
    'Resources: "Timestamps are RFC 3339 / ISO 8601 strings in UTC." (+00:00 is UTC in RFC 3339)',
    () => ({
      answer: (_req: Exchange, a: Answer): Answer =>
        isJson(a)
          ? withText(a, a.body.toString('utf8').replace(/(T\d\d:\d\d:\d\d(?:\.\d+)?)Z"/g, '$1+00:00"'))
          : a,
    }),
  ),
  variant(
    'meeting-ended-status-other-name',
    'rest',
    'States and transitions: "Values seen: `MS_LIVE` ... and `EMS_ENDED` ..."; "Complete list of status values: not shown."',
    () => ({
      answer: (req: Exchange, a: Answer): Answer =>
        isJson(a) && pathOf(req).startsWith('/v1/')
          ? withText(a, a.body.toString('utf8').replaceAll('"EMS_ENDED"', '"MS_ENDED"'))
          : a,
    }),
  ),
  variant(
    'messages-oldest-first',
    'rest',
    'get-meeting-messages: "Order of returned messages and direction of the cursor for get-meeting-messages: not shown."',
    // Oldest first, and the cursor pages forward (messages updated after it). The deployment reads the
    // meeting's messages (up to 200) and pages them itself; values it cannot page go upstream as
    // asked, so bad input keeps its error.
    () =>
      servedBy(
        '/v1/get-meeting-messages',
        '/v1/get-meeting-messages',
        (asked) => {
          const out: Json = { ...asked };
          const limit = asked.limit;
          if (limit == null || (Number.isInteger(limit) && Number(limit) >= 1 && Number(limit) <= 200))
            out.limit = 200;
          if (typeof asked.last_updated_at === 'string' && !Number.isNaN(Date.parse(asked.last_updated_at)))
            delete out.last_updated_at;
          return out;
        },
        (up, s, asked) => {
          if (!ok(s)) return [s, up];
          const at = (m: Json) => shiftMicros(String(m.updated_at), 0);
          const cursor =
            typeof asked.last_updated_at === 'string' ? shiftMicros(asked.last_updated_at, 0) : '';
          const after = itemsOf(up, 'messages')
            .filter((m) => at(m) > cursor)
            .sort(
              (x, y) =>
                at(x).localeCompare(at(y)) || String(x.created_at).localeCompare(String(y.created_at)),
            );
          const limit = Number(asked.limit ?? 50);
          return [s, { ...up, messages: after.slice(0, limit), has_more: after.length > limit }];
        },
      ),
  ),
  variant(
    'meetings-limit-clamped',
    'rest',
    'get-meetings: "limit integer (optional, default 50, max 50)" (what a larger limit gets is not shown)',
    () => ({
      // Clamps a limit above 50 instead of refusing it.
      request: editRequestJson('/v1/get-meetings', (b) =>
        typeof b.limit === 'number' && b.limit > 50 ? { ...b, limit: 50 } : b,
      ),
    }),
  ),
  variant(
    'next-actions-other-type',
    'rest',
    'Next action: "type | string (value seen: `ENAT_VIEW_SUMMARY`)"; "Other next-action types: not shown."',
    () =>
      onAnswer('/v1/ask-ai-for-meeting', (b, s) =>
        ok(s)
          ? [
              s,
              {
                ...b,
                next_actions: [
                  ...itemsOf(b, 'next_actions'),
                  { type: 'ENAT_SHARE_SUMMARY', label: 'Share the summary', priority: 2 },
                ],
              },
            ]
          : [s, b],
      ),
  ),
  variant(
    'error-codes-other-names',
    'errors',
    'Errors: "Other values of the `code` field, and which endpoints yield 404: not shown."',
    () =>
      onPrefix('/v1/', (b, s) => {
        if (b.success !== false || typeof b.code !== 'string' || b.code === 'NOT_FOUND') return [s, b];
        return [
          s,
          {
            ...b,
            code: s === 401 ? 'AUTHENTICATION_FAILED' : s === 400 ? 'INVALID_REQUEST' : 'SERVER_ERROR',
          },
        ];
      }),
  ),
  variant(
    'validation-without-input-ctx',
    'errors',
    'Validation error body: "input: any (optional), ctx: object (optional)"',
    () =>
      onPrefix('/v1/', (b, s) =>
        s === 422 && Array.isArray(b.detail)
          ? [s, { detail: (b.detail as Json[]).map(({ loc, msg, type }) => ({ loc, msg, type })) }]
          : [s, b],
      ),
  ),
  variant(
    'denoise-basic-version',
    'speech',
    'Denoise: "The two last response fields exist in the extended version of the denoise interface; the basic version returns only denoised_audio_url."',
    () =>
      onAnswer('/v1/denoise', (b, s) => (ok(s) ? [s, { denoised_audio_url: b.denoised_audio_url }] : [s, b])),
  ),
  variant(
    'stt-result-without-session-id',
    'speech',
    'File speech-to-text result: the table lists text, detected_language, confidence and utterances only',
    () =>
      onAnswer('/v1/stt', (b, s) => {
        const { session_id: _dropped, ...rest } = b;
        return [s, ok(s) ? rest : b];
      }),
  ),
  variant(
    'translate-map-shape',
    'speech',
    'Text translation: "Response body of translate-text: not shown."',
    () =>
      onAnswer('/v1/translate-text', (b, s) =>
        ok(s)
          ? [
              s,
              {
                source: b.source_language,
                translations: Object.fromEntries(
                  itemsOf(b, 'translations').map((t) => [t.language, t.text ?? null]),
                ),
              },
            ]
          : [s, b],
      ),
  ),
  variant(
    'stream-speaker-unresolved',
    'stream',
    'Live speech-to-text: "`speaker` ("0", "1", ...) is present only when diarization is on and the speaker is resolved."',
    () =>
      jsonFrames((f) => {
        if (!f.chunk || typeof f.chunk !== 'object') return f;
        const { speaker: _dropped, ...chunk } = f.chunk as Json;
        return { ...f, chunk };
      }),
  ),
  variant(
    'stream-finalize-later',
    'stream',
    'Live speech-to-text: "Finalizing takes about 5 seconds."',
    () => ({
      holdAfterEndMs: 4_000,
    }),
  ),
  variant(
    'oauth-token-other-lifetime',
    'partner',
    'Authentication: "Lifetime of access and refresh tokens, request and response fields of the token exchange ...: not shown."',
    () =>
      onAnswer('/api/oauth/partner/token', (b, s) => {
        if (!ok(s)) return [s, b];
        const { scope: _dropped, ...rest } = b;
        return [s, { ...rest, expires_in: 86_400 }];
      }),
  ),
  variant(
    'partner-errors-other-shape',
    'partner',
    'Errors: "Error responses of the automation-platform interface and of translate-text and denoise: not shown."',
    () => ({
      answer(req: Exchange, a: Answer): Answer {
        if (!pathOf(req).startsWith('/api/partner/') || a.status < 400 || !isJson(a)) return a;
        const body = jsonOf(a.body);
        return reply(a, a.status, {
          error: String(body.code ?? 'error').toLowerCase(),
          message: body.error,
        });
      },
    }),
  ),
  variant(
    'health-minimal',
    'rest',
    'What the service does: "`GET /health`, no authentication, returns a JSON 200 (body shape unspecified)"',
    () => ({
      answer: (req: Exchange, a: Answer): Answer =>
        pathOf(req) === '/health' && ok(a.status) ? reply(a, 200, {}) : a,
    }),
  ),
];
