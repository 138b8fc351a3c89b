import type { Variant } from '../../variant-edits.js';
import { editBody, servedBy } from '../edits.js';
import { type Json, listOf, okOn, onPath } from './edits6.js';

// Meeting REST violations of the sixth blind set beyond meetings: messages, meeting AI, cached
// data, transcription, settings, people, the workspace upload and health.

const EPOCH = '1970-01-01T00:00:00Z';
const withoutKey = (o: Json, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const defaultLimit = (path: string, limit: number) =>
  editBody(path, (b) => (b.limit === undefined || b.limit === null ? { ...b, limit } : b));

export const SET6_DATA_VIOLATIONS: Variant[] = [
  {
    id: 's6-summarize-typed-user',
    area: 'rest',
    allows: '{success, meeting_message: Meeting message with type `MT_SUMMARY` and summary.ai_model}',
    only: [],
    // The summary is posted as an ordinary chat message.
    hooks: () =>
      okOn('/v1/summarize-meeting', (b) => ({
        ...b,
        meeting_message: { ...(b.meeting_message as Json), type: 'MT_USER' },
      })),
  },
  {
    id: 's6-summarize-without-model',
    area: 'rest',
    allows: '{success, meeting_message: Meeting message with type `MT_SUMMARY` and summary.ai_model}',
    only: [],
    hooks: () =>
      okOn('/v1/summarize-meeting', (b) => {
        const m = b.meeting_message as Json;
        return { ...b, meeting_message: { ...m, summary: withoutKey(m.summary as Json, 'ai_model') } };
      }),
  },
  {
    id: 's6-ask-ai-plan-id-number',
    area: 'rest',
    allows: '{success, workflow_plan_id string, next_actions: Next action[]}',
    only: [],
    // The plan's row number instead of its identifier string.
    hooks: () => okOn('/v1/ask-ai-for-meeting', (b) => ({ ...b, workflow_plan_id: 85 })),
  },
  {
    id: 's6-next-action-priority-fraction',
    area: 'rest',
    allows: 'priority | integer',
    only: [],
    // Priorities as a ranking score.
    hooks: () =>
      okOn('/v1/ask-ai-for-meeting', (b) => ({
        ...b,
        next_actions: listOf(b, 'next_actions').map((n) => ({
          ...n,
          priority: Number(n.priority ?? 1) + 0.5,
        })),
      })),
  },
  {
    id: 's6-cached-summary-no-markdown',
    area: 'rest',
    allows: 'summary | object {ai_model string, markdown_body string}',
    only: [],
    // The cached copy keeps only the model name; the body has to be fetched elsewhere.
    hooks: () =>
      okOn('/v1/get-meeting-summary', (b) => {
        const s = b.summary as Json;
        return { ...b, summary: { ...s, summary: withoutKey(s.summary as Json, 'markdown_body') } };
      }),
  },
  {
    id: 's6-cached-transcript-milliseconds',
    area: 'rest',
    allows: 'utterances | array of {speaker string, text string, start_seconds number, end_seconds number}',
    only: [],
    // The cached record keeps the recognizer's millisecond fields.
    hooks: () =>
      okOn('/v1/get-meeting-transcripts', (b) => ({
        ...b,
        transcripts: listOf(b, 'transcripts').map((t) => ({
          ...t,
          utterances: listOf(t, 'utterances').map(({ start_seconds, end_seconds, ...u }) => ({
            ...u,
            start_ms: Number(start_seconds) * 1000,
            end_ms: Number(end_seconds) * 1000,
          })),
        })),
      })),
  },
  {
    id: 's6-messages-default-limit-20',
    area: 'rest',
    allows: 'limit integer (optional, default 50)',
    only: [],
    hooks: () => ({ request: defaultLimit('/v1/get-meeting-messages', 20) }),
  },
  {
    id: 's6-messages-no-has-more',
    area: 'rest',
    allows: '{success, messages: Meeting message[], has_more: boolean}',
    only: [],
    hooks: () => okOn('/v1/get-meeting-messages', (b) => withoutKey(b, 'has_more')),
  },
  {
    id: 's6-chunks-durations-milliseconds',
    area: 'rest',
    allows: 'start_duration, end_duration | number | seconds',
    only: [],
    hooks: () =>
      okOn('/v1/get-live-transcription-chunks', (b) => ({
        ...b,
        chunks: listOf(b, 'chunks').map((c) => ({
          ...c,
          start_duration: Number(c.start_duration) * 1000,
          end_duration: Number(c.end_duration) * 1000,
        })),
      })),
  },
  {
    id: 's6-chunks-cursor-ignored',
    area: 'rest',
    allows:
      'last_updated_at string RFC 3339 (required; returns chunks updated after this time; `1970-01-01T00:00:00Z` for the first page)',
    only: [],
    // Every page starts from the beginning.
    hooks: () => ({
      request: editBody('/v1/get-live-transcription-chunks', (b) => ({ ...b, last_updated_at: EPOCH })),
    }),
  },
  {
    id: 's6-chunks-default-limit-50',
    area: 'rest',
    allows: 'limit integer or null (optional, default 100)',
    only: [],
    hooks: () => ({ request: defaultLimit('/v1/get-live-transcription-chunks', 50) }),
  },
  {
    id: 's6-utterances-confidence-percent',
    area: 'rest',
    allows: 'confidence | number | 0 to 1',
    only: [],
    hooks: () =>
      okOn('/v1/get-transcript-utterances', (b) => ({
        ...b,
        utterances: listOf(b, 'utterances').map((u) => ({
          ...u,
          confidence: Math.round(Number(u.confidence) * 100),
        })),
      })),
  },
  {
    id: 's6-utterances-message-filter-ignored',
    area: 'rest',
    allows: 'message_id string or null (optional filter)',
    only: [],
    hooks: () => ({
      request: editBody('/v1/get-transcript-utterances', (b) => withoutKey(b, 'message_id')),
    }),
  },
  {
    id: 's6-utterance-update-full-record',
    area: 'rest',
    allows: 'An update response carries only id, meeting_id, transcript, language, speaker_v2, texts.',
    only: [],
    // The whole stored row is answered, timing and confidence included.
    hooks: () =>
      okOn('/v1/update-transcript-utterance', (b) => ({
        ...b,
        utterance: { ...(b.utterance as Json), start_seconds: 0, end_seconds: 3, confidence: 0.9 },
      })),
  },
  {
    id: 's6-utterance-update-not-stored',
    area: 'rest',
    allows:
      "Transcription data: list live transcription chunks, list finalized utterances with confidence, correct an utterance's text.",
    only: [],
    // The correction is echoed back and never written: later listings show the old text.
    hooks: () =>
      servedBy(
        '/v1/update-transcript-utterance',
        '/v1/get-transcript-utterances',
        (asked) => ({ meeting_id: asked.meeting_id, last_updated_at: EPOCH, limit: 500 }),
        (b, status, asked) => {
          if (status !== 200) return [status, b];
          const u = listOf(b, 'utterances').find((x) => x.id === asked.id);
          if (!u) return [404, { success: false, error: 'Utterance not found', code: 'NOT_FOUND' }];
          const keep = ['id', 'meeting_id', 'language', 'speaker_v2', 'texts'];
          const out = Object.fromEntries(keep.map((k) => [k, u[k]]));
          return [200, { success: true, utterance: { ...out, transcript: asked.transcript } }];
        },
      ),
  },
  {
    id: 's6-settings-view-language-follows-input',
    area: 'rest',
    allows: 'view_language string (optional, default `en`)',
    only: [],
    // An update without view_language takes the first spoken language instead of `en`.
    hooks: () => ({
      request: editBody('/v1/update-user-default-meeting-setting', (b) => {
        const first = Array.isArray(b.original_languages) ? b.original_languages[0] : undefined;
        return b.view_language === undefined && typeof first === 'string'
          ? { ...b, view_language: first }
          : b;
      }),
    }),
  },
  {
    id: 's6-settings-keywords-dropped',
    area: 'rest',
    allows: 'Per-user default meeting settings: read and update languages and context keywords.',
    only: [],
    // contextual_keywords are accepted and never stored.
    hooks: () => ({
      request: editBody('/v1/update-user-default-meeting-setting', (b) =>
        withoutKey(b, 'contextual_keywords'),
      ),
    }),
  },
  {
    id: 's6-settings-recording-minutes-string',
    area: 'rest',
    allows: 'max_recording_minutes | integer | returned by the service; not updatable',
    only: [],
    hooks: () =>
      okOn('/v1/get-user-default-meeting-setting', (b) => {
        const setting = b.setting as Json;
        return { ...b, setting: { ...setting, max_recording_minutes: `${setting.max_recording_minutes}` } };
      }),
  },
  {
    id: 's6-people-guest-without-email',
    area: 'rest',
    allows: 'email | string | always present',
    only: [],
    // Guests carry their address in guest_profile only.
    hooks: () =>
      okOn('/v1/get-my-people', (b) => ({
        ...b,
        people: listOf(b, 'people').map((p) => (p.guest_profile ? withoutKey(p, 'email') : p)),
      })),
  },
  {
    id: 's6-people-default-limit-10',
    area: 'rest',
    allows: 'limit integer or null (optional, default 20)',
    only: [],
    hooks: () => ({ request: defaultLimit('/v1/get-my-people', 10) }),
  },
  {
    id: 's6-workspace-url-renamed',
    area: 'rest',
    allows: '{success, workspace_page_url string}',
    only: [],
    hooks: () =>
      okOn('/v1/upload-meeting-to-workspace', (b) => ({
        ...withoutKey(b, 'workspace_page_url'),
        page_url: b.workspace_page_url,
      })),
  },
  {
    id: 's6-health-needs-key',
    area: 'rest',
    allows: 'The health endpoint needs no credential.',
    only: [],
    // /health sits behind the same key middleware as the REST routes.
    hooks: () =>
      onPath('/health', (b, s, req) =>
        req.headers.get('x-api-key')
          ? [s, b]
          : [401, { success: false, error: 'Missing authorization', code: 'UNAUTHORIZED' }],
      ),
  },
];
