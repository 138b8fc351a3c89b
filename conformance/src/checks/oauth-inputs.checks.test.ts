import { describe, expect, it } from 'vitest';
import type { RunOptions } from '../index.js';
import { answerWith, judgeThroughProxy, onAnswer, referenceServerOfFile } from '../testing/mutant-run.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../testing/variant-proxy.js';

// The OAuth checks past the happy path (partner.08–11) and the routes judged from the kit's inputs
// (speech.15, rest.30, rest.31), each run on the reference server as it is (PASS) and through a proxy
// that breaks one rule the way a faulty deployment would (FAIL; rest.31, a SHOULD, NON_STRICT). The
// reference server's own faults (faults.catalog.ts, run by the self-test) break one rule per check.

const server = referenceServerOfFile();
const TOKEN = '/api/oauth/partner/token';

const inputs = (): Partial<RunOptions> => {
  const { partner, workspaceUserId } = server();
  return {
    oauthClient: partner.client,
    oauthUser: partner.user,
    oauthRedirectUri: partner.redirectUri,
    oauthRevokeUrl: partner.revokeUrl,
    workspaceUser: workspaceUserId,
  };
};

const judge = (check: string, hooks: () => ProxyHooks, options: Partial<RunOptions> = inputs()) =>
  judgeThroughProxy(server(), check, hooks, options);

type Json = Record<string, unknown>;

/** Token endpoint answers changed by `edit` (given the request's form fields). */
const onToken =
  (edit: (body: Json, status: number, form: URLSearchParams) => [number, unknown]) => (): ProxyHooks => ({
    answer(req, a) {
      if (pathOf(req) !== TOKEN) return a;
      const [status, body] = edit(
        JSON.parse(a.body.toString('utf8')) as Json,
        a.status,
        new URLSearchParams(req.body.toString('utf8')),
      );
      return answerWith(status, body);
    },
  });

/** Token refusals whose `error` is `from` renamed `to`. */
const renamedError = (from: string, to: string) =>
  onToken((body, status) => [status, body.error === from ? { ...body, error: to } : body]);

/** The redirect back after the consent decision, its query changed by `edit`. */
const redirectBack = (edit: (query: URLSearchParams) => void) => (): ProxyHooks => ({
  answer(req: Exchange, a: Answer): Answer {
    const location = a.headers.get('location');
    if (pathOf(req) !== '/oauth/partner/authorize' || !location?.startsWith('https://')) return a;
    const url = new URL(location);
    edit(url.searchParams);
    const headers = new Headers(a.headers);
    headers.set('location', url.href);
    return { ...a, headers };
  },
});

const MUTANTS: [check: string, how: string, hooks: () => ProxyHooks][] = [
  [
    'partner.08.token-errors',
    'invalid_grant named invalid_request',
    renamedError('invalid_grant', 'invalid_request'),
  ],
  [
    'partner.08.token-errors',
    'unsupported_grant_type named invalid_grant',
    renamedError('unsupported_grant_type', 'invalid_grant'),
  ],
  [
    'partner.08.token-errors',
    'a missing parameter named invalid_grant',
    renamedError('invalid_request', 'invalid_grant'),
  ],
  [
    'partner.08.token-errors',
    'refusals without an error field',
    onToken((body, status) => [status, status >= 400 ? { message: body.error } : body]),
  ],
  [
    'partner.09.client-authentication',
    'a wrong Basic secret answered without WWW-Authenticate',
    () => ({
      answer(req, a) {
        if (pathOf(req) !== TOKEN || a.status !== 401) return a;
        const headers = new Headers(a.headers);
        headers.delete('www-authenticate');
        return { ...a, headers };
      },
    }),
  ],
  [
    'partner.09.client-authentication',
    'a wrong secret in the body taken',
    () => ({
      answer(req, a) {
        const inBody = new URLSearchParams(req.body.toString('utf8')).has('client_secret');
        return pathOf(req) === TOKEN && inBody && a.status === 401
          ? answerWith(200, { access_token: 'x' })
          : a;
      },
    }),
  ],
  ['partner.10.consent-denied', 'the denial losing state', redirectBack((q) => q.delete('state'))],
  ['partner.10.consent-denied', 'the denial carrying a code', redirectBack((q) => q.set('code', 'kit-code'))],
  [
    'partner.11.refresh-after-revocation',
    'the revoked refresh token refreshed',
    onToken((body, status, form) =>
      status === 400 && form.get('grant_type') === 'refresh_token'
        ? [200, { access_token: 'pat_revived', token_type: 'Bearer', refresh_token: 'prt_revived' }]
        : [status, body],
    ),
  ],
  [
    'speech.15.stt-protobuf-media-type',
    'a protobuf body refused 415',
    () => ({
      answer: (req, a) =>
        pathOf(req) === '/v1/stt' ? answerWith(415, { success: false, error: 'Only JSON', code: 'X' }) : a,
    }),
  ],
  [
    'rest.30.workspace-upload',
    'a page URL that is no http(s) URL',
    () =>
      onAnswer('/v1/upload-meeting-to-workspace', (body, status) => [
        status,
        status === 200 ? { ...body, workspace_page_url: 'notes:page/1' } : body,
      ]),
  ],
  [
    'rest.30.workspace-upload',
    "an upload without user_id made for the key's own user (200)",
    () =>
      onAnswer('/v1/upload-meeting-to-workspace', (body, status, asked) =>
        'user_id' in asked
          ? [status, body]
          : [200, { success: true, workspace_page_url: 'https://notes.example/p/1' }],
      ),
  ],
  [
    'rest.30.workspace-upload',
    'an upload without meeting_id made of the latest meeting (200)',
    () =>
      onAnswer('/v1/upload-meeting-to-workspace', (body, status, asked) =>
        'meeting_id' in asked
          ? [status, body]
          : [200, { success: true, workspace_page_url: 'https://notes.example/p/1' }],
      ),
  ],
  [
    'rest.30.workspace-upload',
    'an unknown meeting answered 409',
    () =>
      onAnswer('/v1/upload-meeting-to-workspace', (body, status) => [status === 404 ? 409 : status, body]),
  ],
];

describe('the OAuth and route-input checks on a deployment that breaks their rules', () => {
  it('pass on the reference server as it is', async () => {
    const shoulds = ['rest.31.meeting-bearer', 'partner.12.revoked-grant-tokens'];
    for (const check of [...new Set(MUTANTS.map(([id]) => id)), ...shoulds]) {
      const result = await judge(check, () => ({}));
      expect(result?.status, `${check}: ${result?.message}`).toBe('PASS');
    }
  }, 60_000);

  for (const [check, how, hooks] of MUTANTS)
    it(`${check} fails on ${how}`, async () => {
      const result = await judge(check, hooks);
      expect(result?.status, result?.message).toBe('FAIL');
    }, 30_000);

  it('rest.31 notes a bearer refused on the meeting routes (NON_STRICT naming the sentence), never FAIL', async () => {
    // The preflight's key still works: only the bearer credential is refused.
    const refused = (): ProxyHooks => ({
      answer: (req, a) =>
        pathOf(req) === '/v1/get-meetings' && req.headers.has('authorization')
          ? answerWith(401, { success: false, error: 'Invalid API key', code: 'UNAUTHORIZED' })
          : a,
    });
    const result = await judge('rest.31.meeting-bearer', refused);
    expect(result?.status).toBe('NON_STRICT');
    expect(result?.message).toMatch(/S-authentication-03/);
  }, 30_000);

  it('partner.12 notes revoked tokens that keep working (NON_STRICT naming the RFC SHOULD), never FAIL', async () => {
    const revived = (): ProxyHooks => ({
      answer: (req, a) =>
        pathOf(req) === '/api/partner/me' && a.status === 401
          ? answerWith(200, { user_id: 'usr_1', email: 'kit@example.com', display_name: 'Kit' })
          : a,
    });
    const result = await judge('partner.12.revoked-grant-tokens', revived);
    expect(result?.status).toBe('NON_STRICT');
    expect(result?.message).toMatch(/RFC 6749 §4\.1\.2 SHOULD/);
    expect(result?.deviations?.map((d) => d.path)).toHaveLength(2);
  }, 30_000);

  it('partner.09 only notes client credentials in the body refused (RFC 6749 §2.3.1: MAY)', async () => {
    const bodyRefused = (): ProxyHooks => ({
      answer(req, a) {
        const inBody = new URLSearchParams(req.body.toString('utf8')).has('client_secret');
        return pathOf(req) === TOKEN && inBody
          ? answerWith(401, { error: 'invalid_client', error_description: 'use Basic' })
          : a;
      },
    });
    const result = await judge('partner.09.client-authentication', bodyRefused);
    expect(result?.status, result?.message).toBe('NON_STRICT');
  }, 30_000);

  it('skip naming the flag without a revocation endpoint or a workspace user', async () => {
    const { oauthRevokeUrl: _r, workspaceUser: _w, ...rest } = inputs();
    for (const [check, flag] of [
      ['partner.11.refresh-after-revocation', '--oauth-revoke-url'],
      ['rest.30.workspace-upload', '--workspace-user'],
    ] as const) {
      const result = await judge(check, () => ({}), rest);
      expect(result).toMatchObject({ status: 'SKIPPED', needs: [flag] });
    }
  }, 30_000);
});
