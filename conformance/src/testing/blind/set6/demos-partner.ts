import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorize, type Demo, type Json, partnerCall, signInTokens, type Target } from '../show-client.js';
import { keys, T } from './demos-rest.js';

// The one exchange of each automation-platform entry of the sixth blind set, for show6.ts.

const trigger = async (t: Target, name: string) =>
  (await partnerCall(t, `/api/partner/triggers/${name}`)).body;
const items = (body: unknown) => (Array.isArray(body) ? (body as Json[]) : []);
const generate = (t: Target, body: Json) =>
  partnerCall(t, `/api/partner/meetings/${T(t)}/generate-document`, { method: 'POST', body });

/** Whether a callback reaches a receiver of ours within 10 s of a generate-document with callback_url. */
async function callbackArrives(t: Target): Promise<unknown> {
  let got: Json | undefined;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      got = JSON.parse(text || '{}') as Json;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  try {
    const r = await generate(t, { prompt: 'Action items', callback_url: url });
    for (let i = 0; i < 100 && !got; i++) await new Promise((w) => setTimeout(w, 100));
    return { status: r.status, callback: got ? got.status : 'none in 10 s' };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

export const PARTNER_DEMOS6: Record<string, Demo> = {
  's6-partner-me-without-name': async (t) => keys((await partnerCall(t, '/api/partner/me')).body),
  's6-trigger-ended-oldest-first': async (t) => {
    const ends = items(await trigger(t, 'meeting-ended')).map((m) => Date.parse(String(m.end_at)));
    return { newestFirst: ends.every((e, i) => i === 0 || (ends[i - 1] ?? 0) >= e), count: ends.length > 1 };
  },
  's6-trigger-summary-id-is-meeting': async (t) => ({
    idIsMeeting: items(await trigger(t, 'summary-ready')).some((s) => s.id === s.meeting_id),
  }),
  's6-trigger-count-string': async (t) =>
    items(await trigger(t, 'meeting-ended')).map((m) => typeof m.participant_count),
  's6-trigger-contacts-wrapped': async (t) => ({
    array: Array.isArray(await trigger(t, 'contact-discovered')),
  }),
  's6-trigger-followup-without-subject': async (t) =>
    keys(items(await trigger(t, 'followup-email-ready'))[0]),
  's6-partner-meeting-no-summary': async (t) => {
    const m = (await partnerCall(t, `/api/partner/meetings/${T(t)}`)).body;
    return { summary: m.latest_summary === null ? null : keys(m.latest_summary) };
  },
  's6-document-alternate-model-refused': async (t) =>
    (await generate(t, { prompt: 'Decisions', model: 'parley-alternate' })).status,
  's6-document-sync-without-text': async (t) => keys((await generate(t, { prompt: 'Decisions' })).body),
  's6-document-callback-never-sent': callbackArrives,
  's6-oauth-no-refresh-token': async (t) => keys((await signInTokens(t)).body),
  's6-oauth-state-dropped': async (t) => {
    const url = new URL((await authorize(t)).location);
    return { code: url.searchParams.has('code'), state: url.searchParams.get('state') };
  },
  's6-partner-token-not-required': async (t) => {
    await partnerCall(t, '/api/partner/me');
    return (await fetch(`${t.baseUrl}/api/partner/me`)).status;
  },
  // Variants.
  's6v-token-half-hour': async (t) => (await signInTokens(t)).body.expires_in,
  's6v-partner-oauth-error-body': async (t) => {
    const r = await fetch(`${t.baseUrl}/api/partner/me`, {
      headers: { authorization: 'Bearer pat_demo_unknown' },
    });
    return [r.status, keys(await r.json())];
  },
};
