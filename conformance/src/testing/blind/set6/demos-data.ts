import { call, type Demo, type Json, type Target } from '../show-client.js';
import { EPOCH, guests, keys, list, meetingOf, once, T } from './demos-rest.js';

// The one exchange of each entry of the sixth blind set about messages, meeting AI, cached data,
// transcription, settings, people, the workspace upload and health, for show6.ts.

const summarize = (t: Target) => call(t, '/v1/summarize-meeting', { meeting_id: T(t) });
const ask = (t: Target) =>
  call(t, '/v1/ask-ai-for-meeting', { meeting_id: T(t), message: { text: 'What next?' } });
const chunks = async (t: Target, body: Json = {}) =>
  list(
    (
      await call(t, '/v1/get-live-transcription-chunks', {
        meeting_id: T(t),
        last_updated_at: EPOCH,
        ...body,
      })
    ).body,
    'chunks',
  );
const utterances = async (t: Target, body: Json = {}) =>
  list(
    (await call(t, '/v1/get-transcript-utterances', { meeting_id: T(t), last_updated_at: EPOCH, ...body }))
      .body,
    'utterances',
  );
/** A meeting holding 25 messages (made once). */
const chatty = (t: Target) =>
  once(t, 'messages', async (d) => {
    const id = String(meetingOf(await call(d, '/v1/create-meeting', { title: 'demo-chatty' })).id);
    for (let i = 0; i < 25; i++)
      await call(d, '/v1/send-meeting-message', {
        meeting_message: { meeting_id: id, text: `demo message ${i}` },
      });
    return id;
  });
/** 25 guests among the kit user's contacts (made once). */
const contacts = (t: Target) =>
  once(t, 'people', (d) =>
    call(d, '/v1/create-meeting', { title: 'demo-people', participant_ids: guests(25, 'contact') }),
  );
/** The user's settings after `update`, then put back to the defaults (so later creations are alike). */
async function settingAfter(t: Target, update: Json): Promise<Json> {
  const r = await call(t, '/v1/update-user-default-meeting-setting', update);
  await call(t, '/v1/update-user-default-meeting-setting', {}, t.ref.apiKey);
  return (r.body.setting ?? r.body) as Json;
}
let corrections = 0;

export const DATA_DEMOS6: Record<string, Demo> = {
  's6-summarize-typed-user': async (t) => ((await summarize(t)).body.meeting_message as Json).type,
  's6-summarize-without-model': async (t) =>
    keys(((await summarize(t)).body.meeting_message as Json).summary),
  's6-ask-ai-plan-id-number': async (t) => typeof (await ask(t)).body.workflow_plan_id,
  's6-next-action-priority-fraction': async (t) =>
    list((await ask(t)).body, 'next_actions').map((n) => n.priority),
  's6-cached-summary-no-markdown': async (t) => {
    const s = (await call(t, '/v1/get-meeting-summary', { meeting_id: T(t) })).body.summary as Json;
    return keys(s.summary);
  },
  's6-cached-transcript-milliseconds': async (t) => {
    const r = await call(t, '/v1/get-meeting-transcripts', { meeting_id: T(t) });
    return keys(list(list(r.body, 'transcripts')[0] ?? {}, 'utterances')[0]);
  },
  's6-messages-default-limit-20': async (t) => {
    const id = await chatty(t);
    return {
      count: list((await call(t, '/v1/get-meeting-messages', { meeting_id: id })).body, 'messages').length,
    };
  },
  's6-messages-no-has-more': async (t) =>
    keys((await call(t, '/v1/get-meeting-messages', { meeting_id: await chatty(t), limit: 5 })).body),
  's6-chunks-durations-milliseconds': async (t) =>
    (await chunks(t, { limit: 3 })).map((c) => [c.start_duration, c.end_duration]),
  's6-chunks-cursor-ignored': async (t) =>
    (await chunks(t, { limit: 2, last_updated_at: '2025-02-03T10:00:05Z' })).map((c) => c.id),
  's6-chunks-default-limit-50': async (t) => ({ count: (await chunks(t)).length }),
  's6-utterances-confidence-percent': async (t) =>
    (await utterances(t, { limit: 3 })).map((u) => u.confidence),
  's6-utterances-message-filter-ignored': async (t) => ({
    count: (await utterances(t, { message_id: 'msg_conformance_recording' })).length,
  }),
  's6-utterance-update-full-record': async (t) => {
    const r = await call(t, '/v1/update-transcript-utterance', {
      id: 'utt_conformance_2',
      meeting_id: T(t),
      transcript: 'Can you hear me clearly now?',
    });
    return keys(r.body.utterance);
  },
  's6-utterance-update-not-stored': async (t) => {
    const text = `Yes, we can start with the budget (${++corrections}).`;
    const r = await call(t, '/v1/update-transcript-utterance', {
      id: 'utt_conformance_3',
      meeting_id: T(t),
      transcript: text,
    });
    const read = (await utterances(t, { message_id: 'msg_conformance_recording' })).find(
      (u) => u.id === 'utt_conformance_3',
    );
    return { status: r.status, stored: read?.transcript === text };
  },
  's6-settings-view-language-follows-input': async (t) =>
    (await settingAfter(t, { original_languages: ['de-DE'] })).view_language,
  's6-settings-keywords-dropped': async (t) =>
    (await settingAfter(t, { contextual_keywords: ['Parley', 'diarization'] })).contextual_keywords,
  's6-settings-recording-minutes-string': async (t) => {
    const s = (await call(t, '/v1/get-user-default-meeting-setting', {})).body.setting as Json;
    return typeof s.max_recording_minutes;
  },
  's6-people-guest-without-email': async (t) => {
    await contacts(t);
    const people = list((await call(t, '/v1/get-my-people', { limit: 100 })).body, 'people');
    return {
      guestsWithoutEmail: people.filter((p) => p.guest_profile && typeof p.email !== 'string').length,
    };
  },
  's6-people-default-limit-10': async (t) => {
    await contacts(t);
    return { count: list((await call(t, '/v1/get-my-people', {})).body, 'people').length };
  },
  's6-workspace-url-renamed': async (t) =>
    keys(
      (await call(t, '/v1/upload-meeting-to-workspace', { user_id: t.ref.workspaceUserId, meeting_id: T(t) }))
        .body,
    ),
  's6-health-needs-key': async (t) => (await fetch(`${t.baseUrl}/health`)).status,
};
