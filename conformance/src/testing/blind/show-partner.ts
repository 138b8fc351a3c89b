import {
  authorize,
  call,
  type Demo,
  type Json,
  partnerCall,
  signInTokens,
  type Target,
  token,
} from './show-client.js';

// The one exchange that shows each partner-interface and /health violation, and each REST, error
// and partner variant.

const trigger = async (t: Target, name: string) =>
  (await partnerCall(t, `/api/partner/triggers/${name}`)).body as unknown as Json[];
const details = (t: Target) => partnerCall(t, `/api/partner/meetings/${t.ref.transcriptMeetingId}`);
const generate = (t: Target, body: Json) =>
  partnerCall(t, `/api/partner/meetings/${t.ref.transcriptMeetingId}/generate-document`, {
    method: 'POST',
    body,
  });
const badCode = (t: Target) =>
  token(t, { grant_type: 'authorization_code', code: 'not-a-code', code_verifier: 'x'.repeat(43) });
const health = (t: Target, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}/health`, { headers });

export const PARTNER_DEMOS: Record<string, Demo> = {
  'oauth-token-error-200': async (t) => (await badCode(t)).status,
  'oauth-token-no-refresh-token': async (t) => ({
    refresh_token: typeof (await signInTokens(t)).body.refresh_token,
  }),
  'oauth-bad-code-invalid-request': async (t) => (await badCode(t)).body.error,
  'oauth-redirect-drops-state': async (t) => new URL((await authorize(t)).location).searchParams.get('state'),
  'meeting-ended-oldest-first': async (t) =>
    (await trigger(t, 'meeting-ended')).map((m) => m.title).slice(0, 2),
  'summary-ready-id-is-meeting': async (t) => {
    await call(t, '/v1/summarize-meeting', { meeting_id: t.ref.transcriptMeetingId });
    const [newest] = await trigger(t, 'summary-ready');
    return { id_is_meeting_id: newest?.id === newest?.meeting_id };
  },
  'contact-id-per-poll': async (t) => {
    const ids = async () => (await trigger(t, 'contact-discovered')).map((c) => c.id).join();
    const first = await ids();
    return { same_ids_on_next_poll: first === (await ids()) };
  },
  'meeting-ended-count-string': async (t) => typeof (await trigger(t, 'meeting-ended'))[0]?.participant_count,
  'meeting-details-first-summary': async (t) => {
    await details(t);
    const made = await call(t, '/v1/summarize-meeting', { meeting_id: t.ref.transcriptMeetingId });
    const latest = (await details(t)).body.latest_summary as Json;
    return { latest_is_newest: latest?.created_at === (made.body.meeting_message as Json)?.created_at };
  },
  'partner-me-no-email': async (t) => Object.keys((await partnerCall(t, '/api/partner/me')).body).sort(),
  'generate-document-callback-ignored': async (t) =>
    Object.keys(
      (await generate(t, { prompt: 'list the points', callback_url: 'http://127.0.0.1:9/hook' })).body,
    ).sort(),
  'generate-document-no-text': async (t) =>
    Object.keys((await generate(t, { prompt: 'list the points' })).body).sort(),
  'health-needs-key': async (t) => (await health(t)).status,
  'health-plain-text': async (t) => (await health(t)).headers.get('content-type'),
  // Variants.
  'extra-fields-in-answers': async (t) =>
    Object.keys((await call(t, '/v1/get-meetings', { limit: 1 })).body).sort(),
  'unlisted-fields-dropped': async (t) => ({
    co_host_ids: 'co_host_ids' in ((await call(t, '/v1/create-meeting', {})).body.meeting as Json),
  }),
  'message-ids-uuid': async (t) => {
    const id = ((await call(t, '/v1/create-meeting', {})).body.meeting as Json).id;
    const sent = await call(t, '/v1/send-meeting-message', {
      meeting_message: { meeting_id: id, text: 'hi' },
    });
    const messageId = String((sent.body.meeting_message as Json).id);
    const deleted = await call(t, '/v1/delete-meeting-message', { meeting_id: id, message_id: messageId });
    return { id_form: messageId.replace(/[0-9a-f]/g, 'x'), delete_status: deleted.status };
  },
  'timestamps-offset-form': async (t) =>
    String(((await call(t, '/v1/create-meeting', {})).body.meeting as Json).created_at).slice(19),
  'meeting-ended-status-other-name': async (t) => {
    const r = await call(t, '/v1/add-meeting-participants', {
      meeting_id: t.ref.transcriptMeetingId,
      participant_ids: ['em:seen@blind.test'],
    });
    return (r.body.meeting as Json)?.status;
  },
  'messages-oldest-first': async (t) => {
    const id = ((await call(t, '/v1/create-meeting', {})).body.meeting as Json).id;
    for (const text of ['first', 'second', 'third'])
      await call(t, '/v1/send-meeting-message', { meeting_message: { meeting_id: id, text } });
    const page = async (cursor?: unknown) =>
      (
        await call(t, '/v1/get-meeting-messages', {
          meeting_id: id,
          limit: 2,
          ...(cursor ? { last_updated_at: cursor } : {}),
        })
      ).body;
    const one = await page();
    const two = await page(((one.messages as Json[]).at(-1) as Json).updated_at);
    const texts = (b: Json) => (b.messages as Json[]).map((m) => m.text);
    return [texts(one), one.has_more, texts(two), two.has_more];
  },
  'meetings-limit-clamped': async (t) => (await call(t, '/v1/get-meetings', { limit: 80 })).status,
  'next-actions-other-type': async (t) =>
    (
      (
        await call(t, '/v1/ask-ai-for-meeting', {
          meeting_id: t.ref.transcriptMeetingId,
          message: { text: 'budget?' },
        })
      ).body.next_actions as Json[]
    ).map((a) => a.type),
  'error-codes-other-names': async (t) => (await call(t, '/v1/get-meetings', {}, 'prl_not_a_key')).body.code,
  'validation-without-input-ctx': async (t) =>
    Object.keys(((await call(t, '/v1/get-meetings', { limit: 'x' })).body.detail as Json[])[0] ?? {}).sort(),
  'oauth-token-other-lifetime': async (t) => {
    const r = await signInTokens(t);
    return {
      expires_in: r.body.expires_in,
      scope: r.body.scope,
      cache_control: r.headers.get('cache-control'),
    };
  },
  'partner-errors-other-shape': async (t) => {
    const r = await partnerCall(t, '/api/partner/meetings/mtg_none');
    return [r.status, Object.keys(r.body).sort()];
  },
  'health-minimal': async (t) => (await (await health(t)).json()) as unknown,
};
