import { call, type Demo, type Json, type Reply, type Target } from '../show-client.js';

// The one exchange of each meeting REST entry (meetings and errors) of the sixth blind set, for
// show6.ts: what a client sees, reduced to the part the entry is about, so only a change of the
// deployment shows (ids, clocks and recognizer words never do).

export const meetingOf = (r: Reply) => (r.body.meeting ?? {}) as Json;
export const list = (b: Json, key: string) => (Array.isArray(b[key]) ? (b[key] as Json[]) : []);
export const T = (t: Target) => t.ref.transcriptMeetingId;
export const EPOCH = '1970-01-01T00:00:00Z';
const create = (t: Target, body: Json = {}, key?: string) => call(t, '/v1/create-meeting', body, key);
export const guests = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `em:demo-${tag}-${i}@example.com`);

/** The keys of an object, sorted (what a reshaped answer shows). */
export const keys = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v).sort() : v);

const made = new Map<string, Promise<unknown>>();
/** Something made once per reference server (directly, never through a proxy). */
export function once<R>(t: Target, tag: string, make: (direct: Target) => Promise<R>): Promise<R> {
  const key = `${t.ref.baseUrl} ${tag}`;
  if (!made.has(key)) made.set(key, make({ ...t, baseUrl: t.ref.baseUrl, wsUrl: t.ref.wsUrl }));
  return made.get(key) as Promise<R>;
}
/** At least 25 meetings of the kit user's. */
const manyMeetings = (t: Target) =>
  once(t, 'meetings', async (d) => {
    for (let i = 0; i < 25; i++) await create(d, { title: `demo-${i}` });
  });

const unknownMeeting = (t: Target) => call(t, '/v1/get-meeting-summary', { meeting_id: 'mtg_demo_unknown' });
const badLimit = (t: Target) => call(t, '/v1/get-meetings', { limit: 'x' });

export const REST_DEMOS6: Record<string, Demo> = {
  's6-create-status-scheduled': async (t) => meetingOf(await create(t)).status,
  's6-create-title-null': async (t) => ({ title: meetingOf(await create(t)).title }),
  's6-create-no-languages': async (t) => keys(meetingOf(await create(t))),
  's6-create-no-invitation-expiry': async (t) => keys(meetingOf(await create(t))),
  's6-create-translation-flag-string': async (t) =>
    typeof meetingOf(await create(t)).allow_users_to_add_translation_languages,
  's6-roster-email-prefix-stripped': async (t) => {
    const m = meetingOf(await create(t, { participant_ids: ['em:demo-invitee@example.com'] }));
    return (m.participant_ids as string[]).filter((p) => p !== m.host_user_id);
  },
  's6-meetings-oldest-first': async (t) => {
    await manyMeetings(t);
    const stamps = list((await call(t, '/v1/get-meetings', { limit: 5 })).body, 'meetings').map((m) =>
      Date.parse(String(m.updated_at)),
    );
    return { newestFirst: stamps.every((s, i) => i === 0 || (stamps[i - 1] ?? 0) >= s) };
  },
  's6-meetings-default-limit-20': async (t) => {
    await manyMeetings(t);
    return { count: list((await call(t, '/v1/get-meetings', {})).body, 'meetings').length };
  },
  's6-meetings-cursor-ignored': async (t) => {
    await manyMeetings(t);
    const first = list((await call(t, '/v1/get-meetings', { limit: 2 })).body, 'meetings');
    const next = list(
      (await call(t, '/v1/get-meetings', { limit: 2, last_updated_at: first[1]?.updated_at })).body,
      'meetings',
    );
    return { repeated: next.filter((m) => first.some((f) => f.id === m.id)).length };
  },
  's6-meetings-other-accounts': async (t) => {
    const theirs = meetingOf(await create(t, { title: 'other account' }, t.ref.secondApiKey)).id;
    const mine = list((await call(t, '/v1/get-meetings', { limit: 50 })).body, 'meetings');
    return { listed: mine.some((m) => m.id === theirs) };
  },
  's6-meetings-stamps-offset': async (t) => ({
    utc: String(meetingOf(await create(t)).start_at).endsWith('Z'),
  }),
  's6-listing-without-profiles': async (t) =>
    keys(list((await call(t, '/v1/get-meetings', { limit: 1 })).body, 'meetings')[0]),
  's6-profiles-without-email': async (t) => {
    const id = meetingOf(await create(t)).id;
    const r = await call(t, '/v1/add-meeting-participants', {
      meeting_id: id,
      participant_ids: ['em:demo-profile@example.com'],
    });
    return list(meetingOf(r), 'user_profiles').map(keys);
  },
  's6-remove-participants-no-effect': async (t) => {
    const id = meetingOf(await create(t, { participant_ids: ['em:demo-leaver@example.com'] })).id;
    const r = await call(t, '/v1/remove-meeting-participants', {
      meeting_id: id,
      participant_ids: ['em:demo-leaver@example.com'],
    });
    return {
      status: r.status,
      stillThere: (meetingOf(r).participant_ids as string[]).includes('em:demo-leaver@example.com'),
    };
  },
  's6-delete-meeting-kept': async (t) => {
    const id = meetingOf(await create(t)).id;
    const first = await call(t, '/v1/delete-meeting', { meeting_id: id });
    const again = await call(t, '/v1/delete-meeting', { meeting_id: id });
    return [first.status, again.status];
  },
  // Errors.
  's6-err-unknown-meeting-400': async (t) => (await unknownMeeting(t)).status,
  's6-err-body-without-success': async (t) => keys((await unknownMeeting(t)).body),
  's6-err-invalid-key-403': async (t) => (await call(t, '/v1/get-meetings', {}, 'prl_demo_not_a_key')).status,
  's6-err-missing-key-words': async (t) => (await call(t, '/v1/get-meetings', {}, null)).body,
  's6-err-broken-json-500': async (t) => {
    const r = await call(t, '/v1/delete-meeting', '{"meeting_id": ');
    return [r.status, r.body.code];
  },
  's6-err-422-loc-dotted': async (t) => (await badLimit(t)).body,
  's6-err-422-without-type': async (t) => (await badLimit(t)).body,
  // Variants.
  's6v-request-id-field': async (t) => keys((await call(t, '/v1/get-meetings', { limit: 1 })).body),
  's6v-validation-other-words': async (t) => (await badLimit(t)).body,
  's6v-not-found-other-words': async (t) => (await unknownMeeting(t)).body,
  's6v-message-not-found-code': async (t) =>
    (await call(t, '/v1/delete-meeting-message', { meeting_id: T(t), message_id: 'msg_demo_unknown' })).body,
  's6v-health-minimal': async (t) => {
    const r = await fetch(`${t.baseUrl}/health`);
    return [r.status, keys(await r.json())];
  },
  's6v-ai-model-name': async (t) => {
    const s = (await call(t, '/v1/get-meeting-summary', { meeting_id: T(t) })).body.summary as Json;
    return (s.summary as Json).ai_model;
  },
  's6v-more-next-actions': async (t) => {
    const r = await call(t, '/v1/ask-ai-for-meeting', {
      meeting_id: T(t),
      message: { text: 'What was decided?' },
    });
    return list(r.body, 'next_actions').map((n) => n.type);
  },
  's6v-stamps-milliseconds': async (t) => {
    const r = await fetch(`${t.baseUrl}/api/partner/triggers/summary-ready`, {
      headers: { authorization: `Bearer ${t.partnerToken}` },
    });
    const items = (await r.json()) as Json[];
    return String(items[0]?.created_at).replace(/\d/g, '9');
  },
};
