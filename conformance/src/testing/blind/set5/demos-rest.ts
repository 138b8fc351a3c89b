import { call, type Demo, type Json, partnerCall, type Reply, type Target } from '../show-client.js';

// The one exchange of each meeting REST entry of the fifth blind set, for show.ts: what a client
// sees, with identifiers and clock digits made stable so only a change of the deployment shows.

const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const idKey = (key: string) =>
  key === 'id' || key.endsWith('_id') || key.endsWith('_ids') || key === 'user_ids';

/** A value with ids as `<id>` (e-mail invitees and demo names kept) and the digits of stamps as 9. */
export function stable(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (STAMP.test(value)) return value.replace(/\d/g, '9');
    if (idKey(key) && !value.startsWith('em:') && !value.startsWith('demo-')) return '<id>';
    if (/^https?:\/\//.test(value)) return '<url>';
    return value.slice(0, 60);
  }
  if (Array.isArray(value)) return value.map((v) => stable(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stable(v, k)]));
  return value;
}

export const seen = (r: Reply, pick?: (b: Json) => unknown) => ({
  status: r.status,
  body: stable(pick && r.status < 300 ? pick(r.body) : r.body),
});
const meetingOf = (r: Reply) => (r.body.meeting ?? {}) as Json;
const list = (b: Json, key: string) => (Array.isArray(b[key]) ? (b[key] as Json[]) : []);
const T = (t: Target) => t.ref.transcriptMeetingId;
const EPOCH = '1970-01-01T00:00:00Z';

const create = (t: Target, body: Json = {}) => call(t, '/v1/create-meeting', body);
/** The user id of the second key's holder (a real user to add and make co-host). */
async function secondUser(t: Target): Promise<string> {
  const r = await call(t, '/v1/create-meeting', {}, t.ref.secondApiKey);
  return String(meetingOf(r).host_user_id);
}
let many: Promise<void> | undefined;
/** At least 25 meetings of the kit user's (made once per reference server). */
const manyMeetings = (t: Target) => {
  many ??= (async () => {
    for (let i = 0; i < 25; i++) await create(t, { title: `demo-${i}` });
  })();
  return many;
};

const createDemo: Demo = async (t) =>
  seen(await create(t, { participant_ids: ['em:demo-guest@example.com'] }), (b) => b.meeting);
const coHostDemo: Demo = async (t) => {
  const user = await secondUser(t);
  const m = meetingOf(await create(t, { participant_ids: [user] }));
  return seen(await call(t, '/v1/assign-co-host', { meeting_id: m.id, user_ids: [user] }), (b) => b.meeting);
};
const addDemo: Demo = async (t) => {
  const user = await secondUser(t);
  const m = meetingOf(await create(t));
  return seen(
    await call(t, '/v1/add-meeting-participants', { meeting_id: m.id, participant_ids: [user] }),
    (b) => b.meeting,
  );
};
const endedDemo: Demo = async (t) => {
  const r = await call(t, '/v1/get-meetings', { limit: 50 });
  return list(r.body, 'meetings')
    .filter((m) => m.status === 'EMS_ENDED')
    .map((m) => ({ status: m.status, end_at: stable(m.end_at) }));
};
const orderDemo: Demo = async (t) => {
  await create(t, { title: 'demo-first' });
  await create(t, { title: 'demo-second' });
  return list((await call(t, '/v1/get-meetings', { limit: 2 })).body, 'meetings').map((m) => m.title);
};
const cursorDemo =
  (path: string, key: string, base: (t: Target) => Json, newest: boolean): Demo =>
  async (t) => {
    const first = list((await call(t, path, { ...base(t), limit: 1 })).body, key)[0] ?? {};
    const next = list(
      (await call(t, path, { ...base(t), limit: 1, last_updated_at: first.updated_at })).body,
      key,
    )[0];
    return { newest, repeats: next?.id === first.id };
  };
const messagesLimitDemo: Demo = async (t) => {
  const m = meetingOf(await create(t));
  for (let i = 0; i < 12; i++)
    await call(t, '/v1/send-meeting-message', { meeting_message: { meeting_id: m.id, text: `demo ${i}` } });
  return list((await call(t, '/v1/get-meeting-messages', { meeting_id: m.id })).body, 'messages').length;
};
const messagesOrderDemo: Demo = async (t) => {
  const m = meetingOf(await create(t));
  for (const text of ['demo one', 'demo two'])
    await call(t, '/v1/send-meeting-message', { meeting_message: { meeting_id: m.id, text } });
  return list((await call(t, '/v1/get-meeting-messages', { meeting_id: m.id })).body, 'messages').map(
    (x) => x.text,
  );
};
const countOf =
  (path: string, key: string, body: (t: Target) => Json): Demo =>
  async (t) =>
    list((await call(t, path, body(t))).body, key).length;

export const REST_DEMOS5: Record<string, Demo> = {
  's5-meeting-host-left-out': createDemo,
  's5-meeting-email-invitees-dropped': createDemo,
  's5-meeting-ended-without-end-at': endedDemo,
  's5-create-status-scheduled': createDemo,
  's5-create-title-default-untitled': createDemo,
  's5-create-no-languages': createDemo,
  's5-create-invitation-expiry-epoch': createDemo,
  's5-create-allow-flag-string': createDemo,
  's5-meetings-oldest-first': orderDemo,
  's5-meetings-limit-default-20': async (t) => {
    await manyMeetings(t);
    return countOf('/v1/get-meetings', 'meetings', () => ({}))(t);
  },
  's5-meetings-cursor-inclusive': cursorDemo('/v1/get-meetings', 'meetings', () => ({}), true),
  's5-meetings-has-more-always-false': async (t) =>
    (await call(t, '/v1/get-meetings', { limit: 1 })).body.has_more,
  's5-meetings-body-required': async (t) =>
    seen(await call(t, '/v1/get-meetings', ''), (b) => Object.keys(b)),
  's5-meetings-no-user-profiles': async (t) =>
    seen(await call(t, '/v1/get-meetings', { limit: 1 }), (b) => Object.keys(list(b, 'meetings')[0] ?? {})),
  's5-co-host-no-user-profiles': coHostDemo,
  's5-profiles-without-email': addDemo,
  's5-meeting-stamps-offset': createDemo,
  's5-remove-participants-not-saved': async (t) => {
    const m = meetingOf(await create(t, { participant_ids: ['em:demo-gone@example.com'] }));
    return seen(
      await call(t, '/v1/remove-meeting-participants', {
        meeting_id: m.id,
        participant_ids: ['em:demo-gone@example.com'],
      }),
      (b) => meetingOf({ body: b } as Reply).participant_ids,
    );
  },
  's5-delete-meeting-unknown-200': async (t) =>
    seen(await call(t, '/v1/delete-meeting', { meeting_id: 'demo-unknown' })),
  's5-message-type-user-unprefixed': async (t) =>
    seen(
      await call(t, '/v1/send-meeting-message', { meeting_message: { meeting_id: T(t), text: 'demo' } }),
      (b) => b.meeting_message,
    ),
  's5-delete-message-unknown-200': async (t) =>
    seen(await call(t, '/v1/delete-meeting-message', { meeting_id: T(t), message_id: 'demo-unknown' })),
  's5-messages-limit-default-10': messagesLimitDemo,
  's5-summarize-type-user': async (t) =>
    seen(await call(t, '/v1/summarize-meeting', { meeting_id: T(t) }), (b) => ({
      ...(b.meeting_message as Json),
      text: '',
      summary: Object.keys(((b.meeting_message as Json)?.summary ?? {}) as Json),
    })),
  's5-summarize-no-ai-model': async (t) =>
    seen(await call(t, '/v1/summarize-meeting', { meeting_id: T(t) }), (b) =>
      Object.keys(((b.meeting_message as Json)?.summary ?? {}) as Json),
    ),
  's5-ask-ai-priority-string': async (t) =>
    seen(
      await call(t, '/v1/ask-ai-for-meeting', { meeting_id: T(t), message: { text: 'What was decided?' } }),
      (b) => b.next_actions,
    ),
  's5-ask-ai-plan-id-number': async (t) =>
    typeof (
      await call(t, '/v1/ask-ai-for-meeting', { meeting_id: T(t), message: { text: 'What was decided?' } })
    ).body.workflow_plan_id,
  's5-summary-cache-type-missing': async (t) =>
    seen(await call(t, '/v1/get-meeting-summary', { meeting_id: T(t) }), (b) =>
      Object.keys((b.summary ?? {}) as Json),
    ),
  's5-force-refresh-null-refused': async (t) =>
    (await call(t, '/v1/get-meeting-summary', { meeting_id: T(t), force_refresh: null })).status,
  's5-cached-transcript-ms': async (t) =>
    seen(
      await call(t, '/v1/get-meeting-transcripts', { meeting_id: T(t) }),
      (b) => list(list(b, 'transcripts')[0] ?? {}, 'utterances')[0] ?? {},
    ),
  's5-setting-max-minutes-missing': async (t) =>
    seen(await call(t, '/v1/get-user-default-meeting-setting', {}), (b) =>
      Object.keys((b.setting ?? {}) as Json),
    ),
  's5-setting-view-language-default-region': async (t) =>
    seen(await call(t, '/v1/update-user-default-meeting-setting', {}), (b) => b.setting),
  's5-setting-keywords-not-saved': async (t) =>
    seen(
      await call(t, '/v1/update-user-default-meeting-setting', { contextual_keywords: ['demo-word'] }),
      (b) => b.setting,
    ),
  's5-chunks-duration-ms': async (t) =>
    seen(
      await call(t, '/v1/get-live-transcription-chunks', {
        meeting_id: T(t),
        last_updated_at: EPOCH,
        limit: 1,
      }),
      (b) => list(b, 'chunks')[0],
    ),
  's5-chunks-cursor-inclusive': cursorDemo(
    '/v1/get-live-transcription-chunks',
    'chunks',
    (t) => ({ meeting_id: T(t), last_updated_at: EPOCH }),
    false,
  ),
  's5-chunks-speaker-number': async (t) =>
    seen(
      await call(t, '/v1/get-live-transcription-chunks', {
        meeting_id: T(t),
        last_updated_at: EPOCH,
        limit: 1,
      }),
      (b) => list(b, 'chunks')[0],
    ),
  's5-chunks-message-filter-ignored': countOf('/v1/get-live-transcription-chunks', 'chunks', (t) => ({
    meeting_id: T(t),
    last_updated_at: EPOCH,
    message_id: 'demo-unknown',
  })),
  's5-utterances-confidence-percent': async (t) =>
    seen(
      await call(t, '/v1/get-transcript-utterances', { meeting_id: T(t), last_updated_at: EPOCH, limit: 1 }),
      (b) => list(b, 'utterances')[0],
    ),
  's5-utterances-cursor-optional': async (t) =>
    (await call(t, '/v1/get-transcript-utterances', { meeting_id: T(t) })).status,
  's5-utterances-limit-default-25': countOf('/v1/get-transcript-utterances', 'utterances', (t) => ({
    meeting_id: T(t),
    last_updated_at: EPOCH,
  })),
  's5-utterance-update-whole-document': async (t) => {
    const u =
      list(
        (
          await call(t, '/v1/get-transcript-utterances', {
            meeting_id: T(t),
            last_updated_at: EPOCH,
            limit: 1,
          })
        ).body,
        'utterances',
      )[0] ?? {};
    return seen(
      await call(t, '/v1/update-transcript-utterance', {
        id: u.id,
        meeting_id: T(t),
        transcript: u.transcript,
      }),
      (b) => Object.keys((b.utterance ?? {}) as Json),
    );
  },
  's5-workspace-url-renamed': async (t) =>
    seen(
      await call(t, '/v1/upload-meeting-to-workspace', { user_id: t.ref.workspaceUserId, meeting_id: T(t) }),
      (b) => Object.keys(b),
    ),
  's5-people-email-only-nested': async (t) =>
    seen(await call(t, '/v1/get-my-people', {}), (b) => list(b, 'people').map((p) => Object.keys(p))),
  's5-people-guest-profile-on-users': async (t) =>
    seen(await call(t, '/v1/get-my-people', {}), (b) => list(b, 'people').map((p) => Object.keys(p))),
  's5-people-limit-default-50': async (t) => {
    const user = await secondUser(t);
    const ids = Array.from({ length: 24 }, (_, i) => `em:demo-p${String(i).padStart(2, '0')}@example.com`);
    await create(t, { participant_ids: [user, ...ids] });
    return list((await call(t, '/v1/get-my-people', {})).body, 'people').length;
  },
  's5v-messages-page-oldest-first': messagesOrderDemo,
  's5v-ask-ai-second-action': async (t) =>
    seen(
      await call(t, '/v1/ask-ai-for-meeting', { meeting_id: T(t), message: { text: 'What was decided?' } }),
      (b) => b.next_actions,
    ),
  's5v-rate-limit-headers': async (t) =>
    (await call(t, '/v1/get-meetings', {})).headers.get('x-ratelimit-limit'),
  's5v-stamps-plus-zero-offset': createDemo,
  's5v-rest-text-plain-json': async (t) => {
    const r = await fetch(`${t.baseUrl}/v1/create-meeting`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-api-key': t.ref.apiKey },
      body: '{"title":"demo-plain"}',
    });
    return r.status;
  },
  's5v-message-not-found-code': async (t) =>
    seen(await call(t, '/v1/delete-meeting-message', { meeting_id: T(t), message_id: 'demo-unknown' })),
  // Errors of the meeting REST interface.
  's5-rest-errors-no-code': async (t) =>
    seen(await call(t, '/v1/delete-meeting', { meeting_id: 'demo-unknown' })),
  's5-not-found-code-lowercase': async (t) =>
    seen(await call(t, '/v1/delete-meeting', { meeting_id: 'demo-unknown' })),
  's5-invalid-key-403': async (t) => seen(await call(t, '/v1/get-meetings', {}, 'prl_demo_wrong')),
  's5-missing-key-words': async (t) => seen(await call(t, '/v1/get-meetings', {}, null)),
  's5-rest-bearer-refused': async (t) => {
    const r = await fetch(`${t.baseUrl}/v1/get-meetings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.partnerToken}` },
      body: '{}',
    });
    return r.status;
  },
  's5-rest-invalid-json-500': async (t) => seen(await call(t, '/v1/create-meeting', '{"title":')),
  's5-validation-generic-body': async (t) => seen(await call(t, '/v1/create-meeting', { title: 5 })),
  's5-validation-loc-dotted': async (t) => seen(await call(t, '/v1/create-meeting', { title: 5 })),
  // The partner user's meetings (partnerCall is the bearer client).
  's5-partner-me-no-email': async (t) => seen(await partnerCall(t, '/api/partner/me'), (b) => Object.keys(b)),
};
