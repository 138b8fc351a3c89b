import { editRequestJson, type Variant } from '../variant-edits.js';
import { itemsOf, type Json, onAnswer, servedBy, shiftMicros } from './edits.js';

// Meeting REST deployments that each break one sentence of the spec: pages, cursors, order, fields
// and the effects of writes on later reads.

const rest = (id: string, allows: string, hooks: Variant['hooks']): Variant => ({
  id,
  area: 'rest',
  allows,
  only: [],
  hooks,
});

const ok = (status: number) => status === 200;
const meetingOf = (body: Json) => (body.meeting ?? {}) as Json;
const withMeeting = (body: Json, edit: (m: Json) => Json) => ({ ...body, meeting: edit(meetingOf(body)) });
const EPOCH = Date.parse('1970-01-01T00:00:00Z');

export const REST_VIOLATIONS: readonly Variant[] = [
  rest('meetings-page-overfills', 'get-meetings: "limit integer (optional, default 50, max 50)"', () => ({
    // Fetches limit + 1 rows to learn has_more and forgets to trim the extra one.
    request: editRequestJson('/v1/get-meetings', (b) =>
      typeof b.limit === 'number' && b.limit < 50 ? { ...b, limit: b.limit + 1 } : b,
    ),
  })),
  rest('meetings-oldest-first', 'get-meetings: "the caller\'s meetings, newest first"', () =>
    onAnswer('/v1/get-meetings', (b, s) =>
      ok(s) ? [s, { ...b, meetings: [...itemsOf(b, 'meetings')].reverse() }] : [s, b],
    ),
  ),
  rest(
    'meetings-cursor-repeats-boundary',
    'get-meetings: "last_updated_at string RFC 3339 (optional; returns meetings updated before this time)"',
    // Compares with <= : the meeting updated exactly at the cursor comes back on the next page.
    () => ({
      request: editRequestJson('/v1/get-meetings', (b) =>
        typeof b.last_updated_at === 'string'
          ? { ...b, last_updated_at: shiftMicros(b.last_updated_at, 1) }
          : b,
      ),
    }),
  ),
  rest('meetings-listing-misses-ended', 'What the service does: "list the caller\'s meetings"', () =>
    onAnswer('/v1/get-meetings', (b, s) =>
      ok(s) ? [s, { ...b, meetings: itemsOf(b, 'meetings').filter((m) => m.end_at === undefined) }] : [s, b],
    ),
  ),
  rest('create-meeting-host-not-participant', 'Meeting: "participant_ids | string[] | host included"', () =>
    onAnswer('/v1/create-meeting', (b, s) =>
      ok(s)
        ? [
            s,
            withMeeting(b, (m) => ({
              ...m,
              participant_ids: ((m.participant_ids ?? []) as string[]).filter((p) => p !== m.host_user_id),
            })),
          ]
        : [s, b],
    ),
  ),
  rest(
    'create-meeting-status-scheduled',
    'States and transitions: "a meeting returned by create-meeting has status `MS_LIVE`"',
    () =>
      onAnswer('/v1/create-meeting', (b, s) => [
        s,
        ok(s) ? withMeeting(b, (m) => ({ ...m, status: 'MS_SCHEDULED' })) : b,
      ]),
  ),
  rest('create-meeting-title-null', 'create-meeting: "title string (optional, default empty string)"', () =>
    onAnswer('/v1/create-meeting', (b, s, asked) =>
      ok(s) && asked.title === undefined ? [s, withMeeting(b, (m) => ({ ...m, title: null }))] : [s, b],
    ),
  ),
  rest('meeting-timestamps-naive', 'Resources: "Timestamps are RFC 3339 / ISO 8601 strings in UTC."', () =>
    // A naive datetime serialised without its zone.
    onAnswer('/v1/create-meeting', (b, s) => {
      if (!ok(s)) return [s, b];
      const naive = (v: unknown) => (typeof v === 'string' ? v.replace(/Z$/, '') : v);
      return [
        s,
        withMeeting(b, (m) => ({
          ...m,
          created_at: naive(m.created_at),
          updated_at: naive(m.updated_at),
          start_at: naive(m.start_at),
        })),
      ];
    }),
  ),
  rest(
    'add-participants-drops-invitees',
    'add-meeting-participants: "participant_ids string[] (required; bare id or `em:<email>`)"',
    // Keeps bare user ids only: invitees are dropped, and a list of invitees alone is refused.
    () => ({
      request: editRequestJson('/v1/add-meeting-participants', (b) => ({
        ...b,
        participant_ids: ((b.participant_ids ?? []) as string[]).filter((p) => !String(p).startsWith('em:')),
      })),
    }),
  ),
  rest(
    'remove-participants-not-saved',
    'What the service does: "add and remove participants" (the removal must hold in later reads)',
    // The answer shows the removal; the store is never written, so the next listing still has them.
    () =>
      servedBy(
        '/v1/remove-meeting-participants',
        '/v1/add-meeting-participants',
        (asked) => asked,
        (up, s, asked) => {
          if (!ok(s)) return [s, up];
          const gone = new Set((asked.participant_ids ?? []) as string[]);
          return [
            s,
            withMeeting(up, (m) => ({
              ...m,
              participant_ids: ((m.participant_ids ?? []) as string[]).filter((p) => !gone.has(p)),
              user_profiles: ((m.user_profiles ?? []) as Json[]).filter((p) => !gone.has(String(p.id))),
            })),
          ];
        },
      ),
  ),
  rest(
    'co-host-answer-without-profiles',
    'Meeting: "user_profiles ... returned in listings and participant/co-host responses"',
    () =>
      onAnswer('/v1/assign-co-host', (b, s) => {
        if (!ok(s)) return [s, b];
        const { user_profiles: _dropped, ...meeting } = meetingOf(b);
        return [s, { ...b, meeting }];
      }),
  ),
  rest('delete-meeting-not-deleted', 'What the service does: "create and delete meetings"', () =>
    // Answers success after checking the meeting exists, and never deletes it.
    servedBy(
      '/v1/delete-meeting',
      '/v1/get-meeting-messages',
      (asked) => ({ meeting_id: asked.meeting_id, limit: 1 }),
      (up, s) => (ok(s) ? [200, { success: true }] : [s, up]),
    ),
  ),
  rest(
    'delete-unknown-message-succeeds',
    'Errors: "404 resource not found (unknown meeting or message id)"',
    () =>
      onAnswer('/v1/delete-meeting-message', (b, s) =>
        s === 404 && /message/i.test(String(b.error)) ? [200, { success: true }] : [s, b],
      ),
  ),
  rest(
    'messages-miss-summaries',
    'What the service does: "send, delete and list messages of a meeting (user text messages, AI summaries)"',
    () =>
      onAnswer('/v1/get-meeting-messages', (b, s) =>
        ok(s)
          ? [s, { ...b, messages: itemsOf(b, 'messages').filter((m) => m.type !== 'MT_SUMMARY') }]
          : [s, b],
      ),
  ),
  rest('messages-default-limit-20', 'get-meeting-messages: "limit integer (optional, default 50)"', () => ({
    request: editRequestJson('/v1/get-meeting-messages', (b) => (b.limit == null ? { ...b, limit: 20 } : b)),
  })),
  rest(
    'messages-unknown-meeting-empty',
    'Errors: "404 resource not found (unknown meeting or message id)"',
    () =>
      onAnswer('/v1/get-meeting-messages', (b, s) =>
        s === 404 ? [200, { success: true, messages: [], has_more: false }] : [s, b],
      ),
  ),
  rest(
    'chunks-cursor-skips-boundary',
    'get-live-transcription-chunks: "last_updated_at ... (required; returns chunks updated after this time ...)"',
    // Past the first page, the first chunk after the cursor is lost.
    () =>
      onAnswer('/v1/get-live-transcription-chunks', (b, s, asked) =>
        ok(s) && Date.parse(String(asked.last_updated_at)) > EPOCH
          ? [s, { ...b, chunks: itemsOf(b, 'chunks').slice(1) }]
          : [s, b],
      ),
  ),
  rest(
    'utterances-default-limit-50',
    'get-transcript-utterances: "limit integer or null (optional, default 100)"',
    () => ({
      request: editRequestJson('/v1/get-transcript-utterances', (b) =>
        b.limit == null ? { ...b, limit: 50 } : b,
      ),
    }),
  ),
  rest('utterances-confidence-percent', 'Transcript utterance: "confidence | number | 0 to 1"', () =>
    onAnswer('/v1/get-transcript-utterances', (b, s) =>
      ok(s)
        ? [
            s,
            {
              ...b,
              utterances: itemsOf(b, 'utterances').map((u) => ({
                ...u,
                confidence: Number(u.confidence) * 100,
              })),
            },
          ]
        : [s, b],
    ),
  ),
  rest(
    'utterance-correction-lost',
    'What the service does: "correct an utterance\'s text" (the correction must show in later reads)',
    () =>
      servedBy(
        '/v1/update-transcript-utterance',
        '/v1/get-transcript-utterances',
        (asked) => ({ meeting_id: asked.meeting_id, last_updated_at: '1970-01-01T00:00:00Z', limit: 500 }),
        (up, s, asked) => {
          if (!ok(s)) return [s, up];
          const u = itemsOf(up, 'utterances').find((x) => x.id === asked.id);
          if (!u) return [404, { success: false, error: 'Utterance not found', code: 'NOT_FOUND' }];
          const { id, meeting_id, language, speaker_v2, texts } = u;
          return [
            200,
            {
              success: true,
              utterance: { id, meeting_id, transcript: asked.transcript, language, speaker_v2, texts },
            },
          ];
        },
      ),
  ),
  rest(
    'utterance-update-without-speaker',
    'Transcript utterance: "An update response carries only id, meeting_id, transcript, language, speaker_v2, texts."',
    () =>
      onAnswer('/v1/update-transcript-utterance', (b, s) => {
        if (!ok(s)) return [s, b];
        const { speaker_v2: _dropped, ...utterance } = (b.utterance ?? {}) as Json;
        return [s, { ...b, utterance }];
      }),
  ),
];
