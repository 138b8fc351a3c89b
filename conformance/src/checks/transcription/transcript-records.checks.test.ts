import { describe, expect, it } from 'vitest';
import type { Status } from '../../check.js';
import { type RunOptions, run } from '../../index.js';
import { jsonOf, judgeThroughProxy, onAnswer, referenceServerOfFile } from '../../testing/mutant-run.js';
import type { ProxyHooks } from '../../testing/variant-proxy.js';
import { pathOf } from '../../testing/variant-proxy.js';

// The rules of rest.23–25 broken by a proxy in front of the reference server the way a faulty
// deployment would break them (the reference server's faults, run by the self-test, break one rule
// each; these break the others), and the inputs that leave them unable to judge: never a PASS then.

type Json = Record<string, unknown>;

const server = referenceServerOfFile();

const both = (a: ProxyHooks, b: ProxyHooks): ProxyHooks => ({
  answer: async (req, answer) => b.answer?.(req, await (a.answer?.(req, answer) ?? answer)) ?? answer,
});

const TRIGGER = '/api/partner/triggers/meeting-ended';
const LISTS = {
  '/v1/get-live-transcription-chunks': 'chunks',
  '/v1/get-transcript-utterances': 'utterances',
};
/** Both transcription lists answered by `edit` (the items, has_more and the limit asked). */
const onLists = (edit: (items: Json[], hasMore: unknown, limit: unknown) => [Json[], unknown]): ProxyHooks =>
  Object.entries(LISTS)
    .map(([path, field]) =>
      onAnswer(path, (b, s, asked) => {
        const [items, hasMore] = edit(b[field] as Json[], b.has_more, asked.limit);
        return [s, { ...b, [field]: items, has_more: hasMore }];
      }),
    )
    .reduce<ProxyHooks>(both, {});

const MUTANTS: [string, string, Status, () => ProxyHooks][] = [
  [
    'rest.23.cached-transcripts',
    'force_refresh true answered 500',
    'FAIL',
    () =>
      onAnswer('/v1/get-meeting-transcripts', (b, s, asked) =>
        asked.force_refresh === true ? [500, { success: false, error: 'boom', code: 'INTERNAL' }] : [s, b],
      ),
  ],
  [
    'rest.23.cached-transcripts',
    "a record's utterances without speaker",
    'FAIL',
    () =>
      onAnswer('/v1/get-meeting-transcripts', (b, s) => {
        for (const r of b.transcripts as Json[])
          r.utterances = (r.utterances as Json[]).map(({ speaker: _s, ...u }) => u);
        return [s, b];
      }),
  ],
  [
    'rest.23.cached-transcripts',
    "a record's text other than its utterance's (Parley's choice)",
    'NON_STRICT',
    () =>
      onAnswer('/v1/get-meeting-transcripts', (b, s) => {
        const first = ((b.transcripts as Json[])[0]?.utterances as Json[] | undefined)?.[0];
        if (first) first.text = 'something else';
        return [s, b];
      }),
  ],
  [
    'rest.23.cached-transcripts',
    'no records for the transcribed meeting',
    'COULD_NOT_JUDGE',
    () => onAnswer('/v1/get-meeting-transcripts', (b, s) => [s, { ...b, transcripts: [] }]),
  ],
  [
    'rest.24.transcription-default-limit',
    'has_more false on a default page of 100 of 104',
    'FAIL',
    () => onLists((items, hasMore, limit) => [items, limit == null ? false : hasMore]),
  ],
  [
    'rest.24.transcription-default-limit',
    'a default page of all 104',
    'FAIL',
    () => ({
      request: (req) =>
        pathOf(req) in LISTS && jsonOf(req.body).limit == null
          ? { ...req, body: Buffer.from(JSON.stringify({ ...jsonOf(req.body), limit: 500 })) }
          : req,
    }),
  ],
  [
    'rest.24.transcription-default-limit',
    'a meeting of 3 chunks and 3 utterances (the default unreached)',
    'SKIPPED',
    () => onLists((items) => [items.slice(0, 3), false]),
  ],
  [
    'rest.25.ended-meetings-end-at',
    'meeting-ended items without end_at',
    'FAIL',
    () => onAnswer(TRIGGER, (b, s) => [s, (b as unknown as Json[]).map(({ end_at: _e, ...item }) => item)]),
  ],
  [
    'rest.25.ended-meetings-end-at',
    "get-meetings without the ended meeting --transcript-meeting-id names (the caller's)",
    'FAIL',
    () =>
      onAnswer('/v1/get-meetings', (b, s) => [
        s,
        { ...b, meetings: (b.meetings as Json[]).filter((m) => m.id !== server().transcriptMeetingId) },
      ]),
  ],
  [
    'rest.25.ended-meetings-end-at',
    'a meeting the trigger lists ended, listed by get-meetings without end_at under another status',
    'FAIL',
    () =>
      both(
        onAnswer(TRIGGER, (b, s) => [
          s,
          [{ id: server().transcriptMeetingId, end_at: '2025-02-03T10:03:52Z' }, ...(b as unknown as Json[])],
        ]),
        onAnswer('/v1/get-meetings', (b, s) => {
          for (const m of b.meetings as Json[])
            if (m.id === server().transcriptMeetingId) {
              m.status = 'MS_CLOSED';
              delete m.end_at;
            }
          return [s, b];
        }),
      ),
  ],
];

const judge = (check: string, hooks: () => ProxyHooks, options: Partial<RunOptions> = {}) =>
  judgeThroughProxy(server(), check, hooks, {
    oauthClient: server().partner.client,
    oauthUser: server().partner.user,
    oauthRedirectUri: server().partner.redirectUri,
    profile: 'full',
    ...options,
  });

describe('rest.23-25 on a deployment that breaks their rules', () => {
  it('pass on the reference server as it is', async () => {
    for (const check of new Set(MUTANTS.map(([id]) => id)))
      expect((await judge(check, () => ({})))?.status, check).toBe('PASS');
  }, 60_000);
  for (const [check, how, status, hooks] of MUTANTS)
    it(`${check}: ${how} → ${status}`, async () => {
      const result = await judge(check, hooks);
      expect(result?.status, result?.message).toBe(status);
      if (status === 'SKIPPED') expect(result?.needs).toEqual(['--transcript-meeting-id']);
    }, 30_000);
  it("rest.23's choice fails the run when Parley's choices are asked for", async () => {
    const [, , , hooks] = MUTANTS[2] ?? [];
    const result = await judge('rest.23.cached-transcripts', hooks ?? (() => ({})), { parleyChoices: true });
    expect(result?.status).toBe('FAIL');
  }, 30_000);
  it('rest.25 skips naming the flags where no ended meeting shows', async () => {
    const result = await judge(
      'rest.25.ended-meetings-end-at',
      () =>
        onAnswer('/v1/get-meetings', (b, s) => [
          s,
          { ...b, meetings: (b.meetings as Json[]).filter((m) => m.status !== 'EMS_ENDED') },
        ]),
      {
        oauthClient: undefined,
        oauthUser: undefined,
        oauthRedirectUri: undefined,
        transcriptMeetingId: undefined,
      },
    );
    expect([result?.status, result?.needs]).toEqual([
      'SKIPPED',
      ['--partner-token', '--oauth-client', '--transcript-meeting-id'],
    ]);
  }, 30_000);
  it('rest.23 and rest.24 skip naming the flag without a transcript meeting', async () => {
    const report = await run({
      baseUrl: server().baseUrl,
      apiKey: server().apiKey,
      only: ['rest.23', 'rest.24'],
      profile: 'full',
      progress: null,
      reporters: [],
    });
    expect(report.results.map((r) => [r.id, r.status, r.needs])).toEqual([
      ['rest.23.cached-transcripts', 'SKIPPED', ['--transcript-meeting-id']],
      ['rest.24.transcription-default-limit', 'SKIPPED', ['--transcript-meeting-id']],
    ]);
  }, 30_000);
});
