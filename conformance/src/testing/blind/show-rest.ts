import { call, type Demo, type Json, type Target } from './show-client.js';

// The one exchange that shows each meeting REST, settings and error violation (show.ts runs it on
// the reference and through the proxy). Each creates what it reads, so it runs twice alike.

const meeting = async (t: Target, body: Json = {}) =>
  ((await call(t, '/v1/create-meeting', body)).body.meeting ?? {}) as Json;
const meetings = async (t: Target, body: Json) =>
  ((await call(t, '/v1/get-meetings', body)).body.meetings ?? []) as Json[];
const has = (m: Json | undefined, id: string) => ((m?.participant_ids ?? []) as string[]).includes(id);
const tm = (t: Target) => t.ref.transcriptMeetingId;
const EPOCH = '1970-01-01T00:00:00Z';
const run = () => Math.random().toString(36).slice(2, 8);

export const REST_DEMOS: Record<string, Demo> = {
  'meetings-page-overfills': async (t) => {
    for (const title of ['a', 'b', 'c']) await meeting(t, { title });
    return { returned_for_limit_2: (await meetings(t, { limit: 2 })).length };
  },
  'meetings-oldest-first': async (t) => {
    for (const title of ['older', 'newer']) await meeting(t, { title });
    return (await meetings(t, { limit: 2 })).map((m) => m.title);
  },
  'meetings-cursor-repeats-boundary': async (t) => {
    for (const title of ['a', 'b']) await meeting(t, { title });
    const [first] = await meetings(t, { limit: 1 });
    const [next] = await meetings(t, { limit: 1, last_updated_at: first?.updated_at });
    return { second_page_repeats_first: next?.id === first?.id };
  },
  'meetings-listing-misses-ended': async (t) => {
    let cursor: unknown;
    for (let page = 0; page < 20; page++) {
      const list = await meetings(t, cursor ? { limit: 50, last_updated_at: cursor } : { limit: 50 });
      if (list.some((m) => m.end_at !== undefined)) return { ended_meeting_listed: true };
      if (list.length < 50) break;
      cursor = list.at(-1)?.updated_at;
    }
    return { ended_meeting_listed: false };
  },
  'create-meeting-host-not-participant': async (t) => {
    const m = await meeting(t);
    return { host_in_participants: has(m, String(m.host_user_id)) };
  },
  'create-meeting-status-scheduled': async (t) => (await meeting(t)).status,
  'create-meeting-title-null': async (t) => ({ title: (await meeting(t)).title }),
  'meeting-timestamps-naive': async (t) => ({
    created_at_in_utc: /Z$/.test(String((await meeting(t)).created_at)),
  }),
  'add-participants-drops-invitees': async (t) => {
    const m = await meeting(t);
    const added = await call(t, '/v1/add-meeting-participants', {
      meeting_id: m.id,
      participant_ids: ['em:new@blind.test'],
    });
    const [later] = await meetings(t, { limit: 1 });
    return { status: added.status, listed_later: has(later, 'em:new@blind.test') };
  },
  'remove-participants-not-saved': async (t) => {
    const m = await meeting(t, { participant_ids: ['em:gone@blind.test'] });
    const removed = await call(t, '/v1/remove-meeting-participants', {
      meeting_id: m.id,
      participant_ids: ['em:gone@blind.test'],
    });
    const later = (await meetings(t, { limit: 5 })).find((x) => x.id === m.id);
    return {
      in_answer: has(removed.body.meeting as Json, 'em:gone@blind.test'),
      listed_later: has(later, 'em:gone@blind.test'),
    };
  },
  'co-host-answer-without-profiles': async (t) => {
    const m = await meeting(t, { participant_ids: ['em:co@blind.test'] });
    const r = await call(t, '/v1/assign-co-host', { meeting_id: m.id, user_ids: ['em:co@blind.test'] });
    return { user_profiles: Array.isArray((r.body.meeting as Json)?.user_profiles) };
  },
  'delete-meeting-not-deleted': async (t) => {
    const m = await meeting(t);
    const r = await call(t, '/v1/delete-meeting', { meeting_id: m.id });
    return { status: r.status, listed_later: (await meetings(t, { limit: 5 })).some((x) => x.id === m.id) };
  },
  'delete-unknown-message-succeeds': async (t) => {
    const m = await meeting(t);
    return (await call(t, '/v1/delete-meeting-message', { meeting_id: m.id, message_id: 'msg_none' })).status;
  },
  'messages-miss-summaries': async (t) => {
    const m = await meeting(t);
    await call(t, '/v1/send-meeting-message', {
      meeting_message: { meeting_id: m.id, text: 'we agree on the plan' },
    });
    await call(t, '/v1/summarize-meeting', { meeting_id: m.id });
    const r = await call(t, '/v1/get-meeting-messages', { meeting_id: m.id });
    return ((r.body.messages ?? []) as Json[]).map((x) => x.type);
  },
  'messages-default-limit-20': async (t) => {
    const m = await meeting(t);
    for (let i = 0; i < 25; i++)
      await call(t, '/v1/send-meeting-message', { meeting_message: { meeting_id: m.id, text: `m${i}` } });
    return {
      returned: ((await call(t, '/v1/get-meeting-messages', { meeting_id: m.id })).body.messages as Json[])
        .length,
    };
  },
  'messages-unknown-meeting-empty': async (t) =>
    (await call(t, '/v1/get-meeting-messages', { meeting_id: 'mtg_none' })).status,
  'chunks-cursor-skips-boundary': async (t) => {
    const page = async (last_updated_at: unknown) =>
      ((await call(t, '/v1/get-live-transcription-chunks', { meeting_id: tm(t), last_updated_at, limit: 2 }))
        .body.chunks ?? []) as Json[];
    const first = await page(EPOCH);
    return (await page(first.at(-1)?.updated_at)).map((c) => c.id);
  },
  'utterances-default-limit-50': async (t) => ({
    returned: (
      (await call(t, '/v1/get-transcript-utterances', { meeting_id: tm(t), last_updated_at: EPOCH })).body
        .utterances as Json[]
    ).length,
  }),
  'utterances-confidence-percent': async (t) =>
    (
      (
        await call(t, '/v1/get-transcript-utterances', {
          meeting_id: tm(t),
          last_updated_at: EPOCH,
          limit: 1,
        })
      ).body.utterances as Json[]
    )[0]?.confidence,
  'utterance-correction-lost': async (t) => {
    const text = `corrected ${run()}`;
    const r = await call(t, '/v1/update-transcript-utterance', {
      id: 'utt_conformance_3',
      meeting_id: tm(t),
      transcript: text,
    });
    const later = await call(t, '/v1/get-transcript-utterances', {
      meeting_id: tm(t),
      last_updated_at: EPOCH,
      limit: 500,
    });
    const u = ((later.body.utterances ?? []) as Json[]).find((x) => x.id === 'utt_conformance_3');
    return {
      answer_has_it: (r.body.utterance as Json)?.transcript === text,
      later_read_has_it: u?.transcript === text,
    };
  },
  'utterance-update-without-speaker': async (t) => {
    const r = await call(t, '/v1/update-transcript-utterance', {
      id: 'utt_conformance_2',
      meeting_id: tm(t),
      transcript: 'Can you hear me clearly now?',
    });
    return Object.keys((r.body.utterance ?? {}) as Json).sort();
  },
  'setting-update-keeps-omitted': async (t) => {
    await call(t, '/v1/update-user-default-meeting-setting', {
      view_language: 'fr',
      contextual_keywords: ['budget'],
    });
    const r = await call(t, '/v1/update-user-default-meeting-setting', {});
    const s = (r.body.setting ?? {}) as Json;
    return { view_language: s.view_language, contextual_keywords: s.contextual_keywords };
  },
  'setting-max-minutes-string': async (t) =>
    typeof ((await call(t, '/v1/get-user-default-meeting-setting', {})).body.setting as Json)
      ?.max_recording_minutes,
  'setting-max-minutes-updatable': async (t) => {
    const r = await call(t, '/v1/update-user-default-meeting-setting', { max_recording_minutes: 5 });
    const later = await call(t, '/v1/get-user-default-meeting-setting', {});
    return [r.status, (later.body.setting as Json)?.max_recording_minutes];
  },
  'summary-force-refresh-ignored': async (t) => {
    const m = await meeting(t);
    await call(t, '/v1/send-meeting-message', { meeting_message: { meeting_id: m.id, text: 'first point' } });
    await call(t, '/v1/summarize-meeting', { meeting_id: m.id });
    await call(t, '/v1/get-meeting-summary', { meeting_id: m.id, force_refresh: true });
    const second = await call(t, '/v1/summarize-meeting', { meeting_id: m.id });
    const read = await call(t, '/v1/get-meeting-summary', { meeting_id: m.id, force_refresh: true });
    return { reads_newest: (read.body.summary as Json)?.id === (second.body.meeting_message as Json)?.id };
  },
  'summarize-without-ai-model': async (t) => {
    const r = await call(t, '/v1/summarize-meeting', { meeting_id: tm(t) });
    return { ai_model: typeof ((r.body.meeting_message as Json)?.summary as Json)?.ai_model };
  },
  'ask-ai-plan-id-number': async (t) =>
    typeof (await call(t, '/v1/ask-ai-for-meeting', { meeting_id: tm(t), message: { text: 'budget?' } })).body
      .workflow_plan_id,
  'people-default-limit-10': async (t) => {
    await meeting(t, { participant_ids: Array.from({ length: 12 }, (_, i) => `em:p${i}@blind.test`) });
    return { returned: ((await call(t, '/v1/get-my-people', {})).body.people as Json[]).length };
  },
  'missing-key-says-invalid': async (t) => (await call(t, '/v1/get-meetings', {}, null)).body.error,
  'invalid-key-403': async (t) => (await call(t, '/v1/get-meetings', {}, 'prl_not_a_key')).status,
  'summarize-unknown-meeting-500': async (t) =>
    (await call(t, '/v1/summarize-meeting', { meeting_id: 'mtg_none' })).status,
  'validation-detail-string': async (t) => ({
    detail_is_array: Array.isArray((await call(t, '/v1/get-meetings', { limit: 'x' })).body.detail),
  }),
  'not-found-body-framework-default': async (t) =>
    Object.keys((await call(t, '/v1/delete-meeting', { meeting_id: 'mtg_none' })).body).sort(),
  'invalid-json-500': async (t) => (await call(t, '/v1/get-meetings', '{bad')).status,
  'create-meeting-title-coerced': async (t) => (await call(t, '/v1/create-meeting', { title: 123 })).status,
};
