import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Status } from '../../check.js';
import { newRunState, type Target } from '../../context.js';
import { redactDeep, redactor } from '../../redact.js';
import { runChecks } from '../../runner.js';
import { jsonOf, type Recorded, replayingFetch, withJson } from '../../testing/recorded-fetch.js';
import { CHECKS } from '../index.js';

// The partner checks on the reference server's recorded answers (test-data/partner-answers.json,
// npm run record -w conformance): as recorded each passes; altered the way a faulty deployment
// would answer, each fails. generate-document's callback is played by the test: it POSTs a body
// signed as Standard Webhooks to the kit's receiver once the kit has asked for it.

const { inputs, answers } = JSON.parse(
  readFileSync(new URL('../../../test-data/partner-answers.json', import.meta.url), 'utf8'),
) as {
  inputs: { clientId: string; email: string; redirectUri: string };
  answers: Record<string, Recorded[]>;
};

const SECRET = `whsec_${Buffer.from('conformance-kit-test-secret-0123').toString('base64')}`;

const target: Target = {
  baseUrl: 'http://recorded.invalid',
  wsUrl: 'ws://recorded.invalid',
  apiKey: 'KEY',
  oauthClient: { id: inputs.clientId, secret: 'CLIENT-SECRET' },
  oauthUser: { email: inputs.email, password: 'PASSWORD' },
  oauthRedirectUri: inputs.redirectUri,
  webhookSecret: SECRET,
  callback: { listen: '127.0.0.1:0' },
  timeoutMs: 3_000,
  seed: 1,
  runId: 'pc-recorded',
  profile: 'smoke',
};

/** What the played deployment POSTs back (nothing when undefined). */
type Callback = (meetingId: string) => { body: string; secret: string } | undefined;
const signedCallback = (meetingId: string): { body: string; secret: string } => ({
  body: JSON.stringify({
    status: 'success',
    meeting_id: meetingId,
    document_text: 'A brief of the meeting.',
    created_at: new Date().toISOString(),
  }),
  secret: SECRET,
});

/** Replays `recorded`; when the kit asks for a callback, delivers `callback` to its receiver. */
function deployment(recorded: Recorded[], callback: Callback = signedCallback): typeof fetch {
  const real = globalThis.fetch;
  const replay = replayingFetch(recorded);
  return async (input, init) => {
    const response = await replay(input, init);
    const asked = typeof init?.body === 'string' && init.body.includes('callback_url');
    if (asked) {
      const { callback_url: url } = JSON.parse(String(init?.body)) as { callback_url: string };
      const meetingId = decodeURIComponent(String(input).split('/meetings/')[1]?.split('/')[0] ?? '');
      const delivery = callback(meetingId);
      if (!delivery) return response;
      const { body, secret } = delivery;
      // One instant for the signature and its header: taken apart, a second boundary between them
      // made the signature fail now and then.
      const sentAt = new Date();
      const headers = new Webhook(secret).sign('msg_test', sentAt, body);
      setTimeout(() => {
        void real(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'msg_test',
            'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
            'webhook-signature': headers,
          },
          body,
        });
      }, 10);
    }
    return response;
  };
}

/** Drops keys set to undefined (a flag not given). */
const strip = (t: Target) =>
  Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as unknown as Target;

async function judge(id: string, recorded: Recorded[], over: Partial<Target> = {}, callback?: Callback) {
  const check = CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  vi.stubGlobal('fetch', deployment(recorded, callback));
  const [result] = await runChecks(strip({ ...target, ...over }), [check]);
  return { status: result?.status ?? ('SKIPPED' as Status), message: result?.message ?? '' };
}

/** The recorded answers with those whose path matches `path` changed by `edit` (status and JSON). */
function altered(
  id: string,
  path: RegExp,
  edit: (a: Recorded) => Recorded,
  which: 'all' | 'first' | 'last' = 'all',
) {
  const list = answers[id] ?? [];
  const hits = (a: Recorded) => path.test(a.path.split('?')[0] ?? '');
  const pick = which === 'first' ? list.findIndex(hits) : list.findLastIndex(hits);
  return list.map((a, i) => (hits(a) && (which === 'all' || i === pick) ? edit(a) : a));
}
const json = (edit: (body: never) => unknown) => (a: Recorded) => withJson(a, edit(jsonOf(a) as never));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('partner checks on recorded answers', () => {
  for (const id of Object.keys(answers)) {
    it(`${id} passes on the reference server's answers`, async () => {
      const verdict = await judge(id, answers[id] ?? []);
      expect(verdict.status, verdict.message).toBe('PASS');
    });
  }

  const TOKEN = /\/api\/oauth\/partner\/token$/;
  const mutants: [string, string, () => Recorded[], Partial<Target>?, Callback?][] = [
    [
      'partner.01.oauth-pkce-flow',
      'the redirect loses state',
      () =>
        altered('partner.01.oauth-pkce-flow', /\/oauth\/partner\/authorize$/, (a) =>
          a.location?.includes('state=') ? { ...a, location: a.location.replace(/&?state=[^&]*/, '') } : a,
        ),
    ],
    [
      'partner.01.oauth-pkce-flow',
      'a token answer may be cached (RFC 6749 §5.1)',
      () =>
        altered('partner.01.oauth-pkce-flow', TOKEN, (a) =>
          a.status === 200 ? { ...a, cacheControl: 'private, max-age=3600' } : a,
        ),
    ],
    [
      'partner.01.oauth-pkce-flow',
      'a wrong PKCE verifier is accepted',
      () => {
        const list = answers['partner.01.oauth-pkce-flow'] ?? [];
        const first = list.find((a) => TOKEN.test(a.path)) as Recorded;
        return altered('partner.01.oauth-pkce-flow', TOKEN, () => first, 'last');
      },
      // Parley's choice (the spec leaves the token lifecycle to the platform): a failure only when asked.
      { parleyChoices: true },
    ],
    [
      'partner.02.token-refresh-rotation',
      'the rotated refresh token is accepted',
      () => {
        const list = answers['partner.02.token-refresh-rotation'] ?? [];
        const ok = list.filter((a) => TOKEN.test(a.path))[1] as Recorded;
        return altered('partner.02.token-refresh-rotation', TOKEN, () => ok, 'last');
      },
      // Parley's choice (the spec leaves the token lifecycle to the platform): a failure only when asked.
      { parleyChoices: true },
    ],
    [
      'partner.02.token-refresh-rotation',
      'refresh answers the same refresh token',
      () => {
        const list = answers['partner.02.token-refresh-rotation'] ?? [];
        const firstRefresh = (
          jsonOf(list.find((a) => TOKEN.test(a.path)) as Recorded) as { refresh_token: string }
        ).refresh_token;
        let seen = 0;
        return list.map((a) =>
          TOKEN.test(a.path) && ++seen === 2 ? withJson(a, { ...jsonOf(a), refresh_token: firstRefresh }) : a,
        );
      },
      // Parley's choice (the spec leaves the token lifecycle to the platform): a failure only when asked.
      { parleyChoices: true },
    ],
    [
      'partner.03.me',
      '/me loses email',
      () =>
        altered(
          'partner.03.me',
          /\/me$/,
          json((b: Record<string, unknown>) => ({ ...b, email: undefined })),
        ),
    ],
    [
      'partner.04.triggers',
      'a trigger lists oldest first',
      () =>
        altered(
          'partner.04.triggers',
          /summary-ready$/,
          json((b: unknown[]) => [...b].reverse()),
        ),
    ],
    [
      'partner.04.triggers',
      'a trigger repeats an id',
      () =>
        altered(
          'partner.04.triggers',
          /meeting-ended$/,
          json((b: unknown[]) => [...b, b[0]]),
        ),
    ],
    [
      'partner.04.triggers',
      'a trigger lists more than 50',
      () =>
        altered(
          'partner.04.triggers',
          /summary-ready$/,
          json((b: unknown[]) => [...b, ...b].slice(0, 51)),
        ),
    ],
    [
      'partner.05.meeting-details',
      'latest_summary is null',
      () =>
        altered(
          'partner.05.meeting-details',
          /\/meetings\/[^/]+$/,
          json((b: Record<string, unknown>) => ({ ...b, latest_summary: null })),
        ),
    ],
    [
      'partner.06.generate-document',
      'document_text is empty',
      () =>
        altered(
          'partner.06.generate-document',
          /generate-document$/,
          json((b: Record<string, unknown>) => ({ ...b, document_text: '' })),
          'first',
        ),
    ],
    [
      'partner.06.generate-document',
      'the callback is signed with another secret',
      () => answers['partner.06.generate-document'] ?? [],
      {},
      (id) => ({
        ...signedCallback(id),
        secret: `whsec_${Buffer.from('another-secret-0123456789abcdef').toString('base64')}`,
      }),
    ],
    [
      'partner.06.generate-document',
      'the callback reports another meeting',
      () => answers['partner.06.generate-document'] ?? [],
      {},
      () => signedCallback('mtg_other'),
    ],
    [
      'partner.07.no-token-401',
      'a route answers 200 without a token',
      () => altered('partner.07.no-token-401', /\/me$/, (a) => ({ ...a, status: 200 })),
    ],
  ];
  for (const [id, what, recorded, over, callback] of mutants) {
    it(`${id} fails when ${what}`, async () => {
      const verdict = await judge(id, recorded(), over, callback);
      expect(verdict.status, verdict.message).toBe('FAIL');
    });
    if (over?.parleyChoices) {
      it(`${id} only notes it (NON_STRICT) when ${what} and Parley's choices are not asked for`, async () => {
        const verdict = await judge(id, recorded(), { ...over, parleyChoices: false }, callback);
        expect(verdict.status, verdict.message).toBe('NON_STRICT');
        expect(verdict.message).toContain("Parley's choice");
      });
    }
  }

  it('partner.06 fails when no callback comes', async () => {
    const recorded = answers['partner.06.generate-document'] ?? [];
    const verdict = await judge(
      'partner.06.generate-document',
      recorded,
      { timeoutMs: 300 },
      () => undefined,
    );
    expect(verdict).toMatchObject({ status: 'FAIL', message: expect.stringMatching(/no callback/) });
  });

  it('partner.06 fails when the callback body is not JSON', async () => {
    const recorded = answers['partner.06.generate-document'] ?? [];
    const verdict = await judge('partner.06.generate-document', recorded, {}, () => ({
      body: 'done',
      secret: SECRET,
    }));
    expect(verdict.status).toBe('FAIL');
  });
});

describe('secrets learnt during the run', () => {
  it('tokens, the Basic credential and the session cookie are remembered and redacted from the results', async () => {
    const id = 'partner.02.token-refresh-rotation';
    const recorded = answers[id] ?? [];
    vi.stubGlobal('fetch', deployment(recorded));
    const state = newRunState();
    const results = await runChecks(
      target,
      CHECKS.filter((c) => c.id === id),
      () => undefined,
      state,
    );
    const tokens = recorded
      .filter((a) => a.path.endsWith('/token') && a.status === 200)
      .flatMap((a) => {
        const body = jsonOf(a) as { access_token: string; refresh_token: string };
        return [body.access_token, body.refresh_token];
      });
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const known = [...state.secrets.values()];
    for (const token of tokens) expect(known).toContain(token);
    expect([...state.secrets.keys()]).toEqual(
      expect.arrayContaining(['OAUTH_CLIENT_BASIC', 'SESSION_COOKIE']),
    );
    const report = redactDeep(results, redactor(Object.fromEntries(state.secrets)));
    for (const token of tokens) expect(JSON.stringify(report)).not.toContain(token);
  });
});

describe('partner checks without their inputs', () => {
  const bare: Partial<Target> = {
    oauthClient: undefined,
    oauthUser: undefined,
    oauthRedirectUri: undefined,
    webhookSecret: undefined,
    callback: undefined,
  };

  it('each check that needs a token or the flow is SKIPPED and names its flags', async () => {
    vi.stubGlobal('fetch', replayingFetch([]));
    const results = await runChecks(
      strip({ ...target, ...bare } as Target),
      CHECKS.filter((c) => c.area === 'partner' && c.id !== 'partner.07.no-token-401'),
    );
    for (const result of results) {
      expect(result.status, result.id).toBe('SKIPPED');
      expect(result.message, result.id).toMatch(/--partner-token|--oauth-client/);
    }
  });

  it('with --partner-token alone the bearer checks run and the flow checks are SKIPPED', async () => {
    const token: Partial<Target> = { ...bare, partnerToken: 'T' };
    expect((await judge('partner.01.oauth-pkce-flow', [], token)).status).toBe('SKIPPED');
    expect((await judge('partner.02.token-refresh-rotation', [], token)).status).toBe('SKIPPED');
    const me = (answers['partner.03.me'] ?? []).filter((a) => a.path === '/api/partner/me');
    expect((await judge('partner.03.me', me, token)).status).toBe('PASS');
    // Without --callback-url the synchronous half is judged and the check says what it lacks.
    const sync = (answers['partner.06.generate-document'] ?? []).filter((a) => !/oauth/.test(a.path));
    const doc = await judge('partner.06.generate-document', sync.slice(0, -1), token);
    expect(doc).toMatchObject({ status: 'SKIPPED', message: expect.stringMatching(/--callback-url/) });
  });
});
