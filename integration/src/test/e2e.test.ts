// End to end: the app against the reference server started in-process on a fresh database. The OAuth
// connection is made as the platform makes it (authorize page, sign-in and consent forms, the app's
// own getAccessToken with PKCE), then every trigger is polled after the state that fires it.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Bundle } from 'zapier-platform-core';
import { OAUTH_SCOPES } from '../service.client.js';
import {
  type AuthData,
  CLIENT,
  connectAccount,
  E2E_TIMEOUTS,
  endMeeting,
  keepHttpUnpatched,
  loadAppOn,
  pkcePair,
  signInAndApprove,
  startDeployment,
} from './e2e.test-support.js';

keepHttpUnpatched();
vi.setConfig(E2E_TIMEOUTS);
// The URLs the app computes at import (authorize) need the server's port: start it first.
// Low enough that the last test meets the per-token limit in a bounded loop, high enough for the rest.
const RATE_LIMIT = 40;
const { server, user, webhookSecret } = await startDeployment({
  PARLEY_PARTNER_RATE_LIMIT: String(RATE_LIMIT),
});
const { App, oauth, run } = await loadAppOn(server);

const perform = (group: 'triggers' | 'searches' | 'creates', key: string, method = 'perform'): unknown => {
  const operations = App[group] as unknown as
    | Record<string, { operation: Record<string, unknown> }>
    | undefined;
  const found = operations?.[key]?.operation?.[method];
  if (!found) throw new Error(`the app defines no ${method} of ${key}`);
  return found;
};
/** What a polling trigger returns (the spec's routes; no hook extension needed). */
const list = (key: string) => perform('triggers', key);

let authData: AuthData;
const as = (inputData: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) => ({
  authData,
  inputData,
  meta,
});

afterAll(() => server.close());

describe('connecting an account', () => {
  it('walks the authorize pages, exchanges the code with PKCE, and passes the connection test', async () => {
    authData = await connectAccount(oauth, run, user.email);
    const me = (await run(App.authentication?.test, as())) as { email: string; display_name: string };
    expect(me.email).toBe(user.email);
    // The label the platform renders from the test's fields.
    const label = String(App.authentication?.connectionLabel)
      .replace('{{display_name}}', me.display_name)
      .replace('{{email}}', me.email);
    expect(label).toBe(`Ada (${user.email})`);
  });

  it('refuses a code exchanged without its verifier', async () => {
    const back = await signInAndApprove(
      `${server.url}/oauth/partner/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: CLIENT.id,
        redirect_uri: CLIENT.redirectUri,
        state: 's',
        scope: OAUTH_SCOPES.join(' '),
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      })}`,
      user.email,
    );
    const exchange = run(oauth.getAccessToken, {
      inputData: { code: back.searchParams.get('code'), redirect_uri: CLIENT.redirectUri } as never,
    });
    await expect(exchange).rejects.toThrow(/verifier|invalid_grant/i);
  });
});

describe('a meeting through its life, seen by the triggers, the search and the actions', () => {
  let meetingId = '';

  it('creates a meeting with a guest; it is in the dropdown and Find Meeting finds it', async () => {
    const meeting = (await run(
      perform('creates', 'create_meeting'),
      as({ title: 'Roadmap review', participants: ['grace@hopper-labs.com'] }),
    )) as { id: string; status: string };
    meetingId = meeting.id;
    expect(meeting.status).toBe('MS_LIVE');
    // appTester has no cursor store (z.cursor calls the platform): the dropdown's first page needs one.
    const firstPage = (z: { cursor: unknown }, bundle: Bundle) => {
      z.cursor = { get: async () => '', set: async () => undefined };
      return (perform('triggers', 'meetings_list') as (z: unknown, b: Bundle) => unknown)(z, bundle);
    };
    const options = (await run(firstPage, as())) as Array<{ id: string }>;
    expect(options.map((m) => m.id)).toContain(meetingId);
    const byId = (await run(perform('searches', 'find_meeting'), as({ meeting_id: meetingId }))) as Array<{
      id: string;
      title: string;
    }>;
    expect(byId.map((m) => [m.id, m.title])).toEqual([[meetingId, 'Roadmap review']]);
    const byTitle = (await run(perform('searches', 'find_meeting'), as({ title: 'roadmap' }))) as Array<{
      id: string;
    }>;
    expect(byTitle.map((m) => m.id)).toContain(meetingId);
    expect(await run(perform('searches', 'find_meeting'), as({ meeting_id: 'mtg_nope' }))).toEqual([]);
  });

  it('meeting_ended fires once the meeting ends; contacts and the follow-up e-mail come from its job', async () => {
    expect(await run(list('meeting_ended'), as())).toEqual([]);
    await server.call('send-meeting-message', user.key, {
      meeting_message: {
        meeting_id: meetingId,
        text: 'Grace, please send the roadmap to linus@kernel-works.org before Friday so we can ship.',
      },
    });
    await endMeeting(server, meetingId);
    const ended = (await run(list('meeting_ended'), as())) as Array<{ id: string }>;
    expect(ended.map((m) => m.id)).toContain(meetingId);
    expect(await run(list('contact_discovered'), as())).toEqual([]);
    await server.jobs.runDue();
    const contacts = (await run(list('contact_discovered'), as())) as Array<{ email: string }>;
    expect(contacts.map((c) => c.email).sort()).toEqual(['grace@hopper-labs.com', 'linus@kernel-works.org']);
    const emails = (await run(list('followup_email_ready'), as())) as Array<{
      subject: string;
    }>;
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBeTruthy();
  });

  it('summary_ready fires after Summarize Meeting', async () => {
    expect(await run(list('summary_ready'), as())).toEqual([]);
    const summary = (await run(perform('creates', 'summarize_meeting'), as({ meeting_id: meetingId }))) as {
      id: string;
    };
    const summaries = (await run(list('summary_ready'), as())) as Array<{ id: string }>;
    expect(summaries.map((s) => s.id)).toEqual([summary.id]);
  });

  it('Generate Document answers with the document when waited for', async () => {
    const doc = (await run(
      perform('creates', 'generate_document'),
      as({ meeting_id: meetingId, prompt: 'A one-page brief for the team.' }),
    )) as { id: string; meeting_id: string; document_text: string };
    expect(doc.meeting_id).toBe(meetingId);
    expect(doc.document_text.length).toBeGreaterThan(0);
    expect(doc.id).toMatch(/^doc_[0-9a-f]{16}$/);
  });

  it('Generate Document with Deliver Later: the callback reaches a local receiver and resumes the step', async () => {
    const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      // The app's own perform, with the callback URL the platform would hand out replaced by the
      // receiver (appTester's is the platform's staging echo service, which a test never calls).
      const accepted = (await run(
        (z: { generateCallbackUrl: () => string }, bundle: Bundle) => {
          z.generateCallbackUrl = () => callbackUrl;
          return (perform('creates', 'generate_document') as (z: unknown, b: Bundle) => unknown)(z, bundle);
        },
        as({ meeting_id: meetingId, prompt: 'Release notes.', deliver_later: true }),
      )) as { meeting_id: string };
      expect(accepted.meeting_id).toBe(meetingId);
      expect(received).toEqual([]);
      await server.jobs.runDue();
      expect(received).toHaveLength(1);
      // Signed as Standard Webhooks with the client's secret: a receiver can trust the body.
      const delivered = received[0] ?? { headers: {}, body: '' };
      expect(() =>
        new Webhook(String(webhookSecret)).verify(
          delivered.body,
          delivered.headers as Record<string, string>,
        ),
      ).not.toThrow();
      expect(() =>
        new Webhook(String(webhookSecret)).verify(
          `${delivered.body} `,
          delivered.headers as Record<string, string>,
        ),
      ).toThrow();
      // On the platform the delivered body becomes bundle.cleanedRequest of performResume.
      const body = JSON.parse(received[0]?.body ?? '{}');
      const document = (await run(App.creates?.generate_document?.operation.performResume, {
        ...as(),
        cleanedRequest: body,
        outputData: accepted,
      })) as { meeting_id: string; document_text: string };
      expect(document.meeting_id).toBe(meetingId);
      expect(document.document_text).toBe(body.document_text);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('Transcribe Audio', () => {
  it('sends the bearer token to /v1/stt, which fetches the recording from its URL and transcribes it', async () => {
    const wav = readFileSync(new URL('../../../fixtures/audio/en/rms-01.wav', import.meta.url));
    const files = createServer((_req, res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav));
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    try {
      const audioUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/rms-01.wav`;
      const transcript = (await run(perform('creates', 'transcribe_audio'), as({ audio_url: audioUrl }))) as {
        id: string;
        text: string;
      };
      expect(transcript.id).toMatch(/^zap_/);
      expect(transcript.text.toLowerCase()).toMatch(/meeting/);
    } finally {
      await new Promise<void>((resolve) => files.close(() => resolve()));
    }
  });
});

describe('an expired access token', () => {
  afterEach(() => vi.useRealTimers());

  it('is refused with RefreshAuthError; the app refreshes it and the step succeeds again', async () => {
    // The provider's access tokens live an hour (schemas' OAuthTtl); refresh tokens far longer.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 });
    const refused = run(App.authentication?.test, as());
    await expect(refused).rejects.toMatchObject({ name: 'RefreshAuthError' });
    const fresh = (await run(oauth.refreshAccessToken, as())) as AuthData;
    expect(fresh.access_token).not.toBe(authData.access_token);
    expect(fresh.refresh_token).not.toBe(authData.refresh_token);
    authData = fresh;
    const me = (await run(App.authentication?.test, as())) as { email: string };
    expect(me.email).toBe(user.email);
  });
});

describe('the rate limit', () => {
  it('turns the 429 into ThrottledError with the Retry-After delay', async () => {
    let error: unknown;
    for (let i = 0; i <= RATE_LIMIT + 10 && !error; i++) {
      error = await run(App.authentication?.test, as()).then(
        () => undefined,
        (e: unknown) => e,
      );
    }
    expect(error).toMatchObject({ name: 'ThrottledError' });
    const detail = JSON.parse((error as Error).message) as { message: string; delay: number };
    expect(detail.message).toMatch(/rate limiting/);
    expect(detail.delay).toBeGreaterThanOrEqual(1);
  });
});
