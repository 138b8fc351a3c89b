import { describe, expect, it } from 'vitest';
import { run } from '../index.js';
import { jsonOf, judgeThroughProxy, onAnswer, referenceServerOfFile } from '../testing/mutant-run.js';
import type { Exchange, ProxyHooks } from '../testing/variant-proxy.js';
import { pathOf } from '../testing/variant-proxy.js';

// Each rule the effects checks judge, broken by a proxy in front of the reference server the way a
// faulty deployment would break it: the check must fail. The reference server's own faults
// (faults.effects.ts, run by the self-test) break one rule per check; these break the others
// (refusals, defaults, what must not change), so every verdict is proved able to fail.

type Json = Record<string, unknown>;

const server = referenceServerOfFile();

/** Requests of `route` with their JSON body changed by `edit` before they go upstream. */
const onRequest = (route: string, edit: (body: Json) => Json): ProxyHooks => ({
  request(req: Exchange): Exchange {
    if (pathOf(req) !== `/v1/${route}`) return req;
    return { ...req, body: Buffer.from(JSON.stringify(edit(jsonOf(req.body)))) };
  },
});

/** Settings read back with the languages of the first update kept, whatever later updates said. */
function settingsMerged(): ProxyHooks {
  let first: Json | undefined;
  return onAnswer('/v1/get-user-default-meeting-setting', (body, status) => {
    const setting = body.setting as Json;
    if (setting.view_language !== 'en') first ??= { ...setting };
    return [status, first ? { ...body, setting: { ...setting, view_language: first.view_language } } : body];
  });
}

/** The first account's invitee (from its create-meeting) listed among every caller's people. */
function peopleLeaked(): ProxyHooks {
  let invitee: string | undefined;
  return {
    request(req) {
      if (pathOf(req) === '/v1/create-meeting')
        invitee = String((jsonOf(req.body).participant_ids as string[])?.[0] ?? '');
      return req;
    },
    ...onAnswer('/v1/get-my-people', (body, status) => [
      status,
      invitee ? { ...body, people: [...(body.people as Json[]), { email: invitee.slice(3) }] } : body,
    ]),
  };
}

const MUTANTS: [string, string, () => ProxyHooks][] = [
  [
    'rest.09.participant-effects',
    'the added participant missing from the answer',
    () =>
      onAnswer('/v1/add-meeting-participants', (b, s) => {
        const m = b.meeting as Json;
        return [
          s,
          { ...b, meeting: { ...m, participant_ids: (m.participant_ids as string[]).slice(0, -1) } },
        ];
      }),
  ],
  [
    'rest.10.co-host-effects',
    'the host dropped from participant_ids by remove-co-host',
    () =>
      onAnswer('/v1/remove-co-host', (b, s) => {
        const m = b.meeting as Json;
        return [
          s,
          {
            ...b,
            meeting: {
              ...m,
              participant_ids: (m.participant_ids as string[]).filter((id) => id !== m.host_user_id),
            },
          },
        ];
      }),
  ],
  [
    'rest.11.get-meetings-cursor',
    'the cursor dropped (meetings at and after it listed)',
    () => onRequest('get-meetings', ({ last_updated_at: _c, ...rest }) => rest),
  ],
  [
    'rest.12.message-delete-effects',
    'an unknown message id deleted with a 200',
    () => onAnswer('/v1/delete-meeting-message', (b, s) => (s === 404 ? [200, { success: true }] : [s, b])),
  ],
  [
    'rest.13.meeting-delete-effects',
    "a deleted meeting's utterances read with a 200",
    () =>
      onAnswer('/v1/get-transcript-utterances', (b, s) =>
        s === 404 ? [200, { success: true, utterances: [], has_more: false }] : [s, b],
      ),
  ],
  [
    'rest.13.meeting-delete-effects',
    'deleting again answered 200',
    () => onAnswer('/v1/delete-meeting', (b, s) => (s === 404 ? [200, { success: true }] : [s, b])),
  ],
  ['rest.14.settings-effects', 'an omitted field keeping its value instead of its default', settingsMerged],
  [
    'rest.14.settings-effects',
    'an attempt to set max_recording_minutes answered 500',
    () =>
      onAnswer('/v1/update-user-default-meeting-setting', (b, s) =>
        s === 422 ? [500, { success: false, error: 'x', code: 'INTERNAL' }] : [s, b],
      ),
  ],
  [
    'rest.15.utterance-correction',
    'an unknown utterance id corrected with a 200',
    () => onAnswer('/v1/update-transcript-utterance', (b, s) => (s === 404 ? [200, b] : [s, b])),
  ],
  [
    'rest.15.utterance-correction',
    'the answer carrying the old transcript',
    () =>
      onAnswer('/v1/update-transcript-utterance', (b, s) => {
        const u = b.utterance as Json | undefined;
        return [s, u ? { ...b, utterance: { ...u, transcript: 'old text' } } : b];
      }),
  ],
  [
    'rest.16.transcription-cursors',
    'the utterances cursor ignored',
    () => onRequest('get-transcript-utterances', (b) => ({ ...b, last_updated_at: '1970-01-01T00:00:00Z' })),
  ],
  [
    'rest.16.transcription-cursors',
    'chunks created after the cursor left out',
    () =>
      onAnswer('/v1/get-live-transcription-chunks', (b, s, asked) =>
        asked.last_updated_at === '1970-01-01T00:00:00Z' ? [s, b] : [s, { ...b, chunks: [] }],
      ),
  ],
  ['errors.07.second-account-reads', "the first account's invitee among the second's people", peopleLeaked],
  [
    'errors.07.second-account-reads',
    "another account's messages read with a 200",
    () =>
      onAnswer('/v1/get-meeting-messages', (b, s) =>
        s === 404 ? [200, { success: true, messages: [], has_more: false }] : [s, b],
      ),
  ],
  [
    'errors.08.second-account-writes',
    "another account's summarize-meeting run as the meeting's owner, answered 404 all the same",
    () => ({
      request: (req: Exchange) =>
        pathOf(req) === '/v1/summarize-meeting' && req.headers.get('x-api-key') === server().secondApiKey
          ? {
              ...req,
              headers: new Headers({ ...Object.fromEntries(req.headers), 'x-api-key': server().apiKey }),
            }
          : req,
      // Only what the first account reads back afterwards can tell.
      ...onAnswer('/v1/summarize-meeting', () => [
        404,
        { success: false, error: 'Not found', code: 'NOT_FOUND' },
      ]),
    }),
  ],
  [
    'errors.08.second-account-writes',
    "another account's correction of an utterance accepted",
    () =>
      onAnswer('/v1/update-transcript-utterance', (b, s) => (s === 404 ? [200, { success: true }] : [s, b])),
  ],
];

const judge = (check: string, hooks: () => ProxyHooks) =>
  judgeThroughProxy(server(), check, hooks, { secondApiKey: server().secondApiKey });

describe('the effects checks on a deployment that breaks their rules', () => {
  it('pass on the reference server as it is', async () => {
    for (const check of new Set(MUTANTS.map(([id]) => id)))
      expect((await judge(check, () => ({})))?.status, check).toBe('PASS');
  }, 60_000);
  for (const [check, how, hooks] of MUTANTS)
    it(`${check} fails on ${how}`, async () => {
      const result = await judge(check, hooks);
      expect(result?.status, result?.message).toBe('FAIL');
    }, 30_000);
  it("errors.07 passes when the second account lists a contact of the run's it met itself", async () => {
    // A guest of a meeting both accounts are in (people-presence makes one): named with the run's
    // id, but not the first account's private invitee.
    let runId: string | undefined;
    const sharedGuest = (): ProxyHooks => ({
      request(req) {
        const first = (jsonOf(req.body).participant_ids as string[] | undefined)?.[0] ?? '';
        if (pathOf(req) === '/v1/create-meeting' && first.endsWith('.private@example.com'))
          runId = first.slice(3, -'.private@example.com'.length);
        return req;
      },
      ...onAnswer('/v1/get-my-people', (body, status) => [
        status,
        runId
          ? { ...body, people: [...(body.people as Json[]), { email: `${runId}-guest@example.com` }] }
          : body,
      ]),
    });
    const result = await judge('errors.07.second-account-reads', sharedGuest);
    expect(runId).toBeDefined();
    expect(result?.status, result?.message).toBe('PASS');
  }, 30_000);
  it('skip naming the flag without a transcript meeting or a second key', async () => {
    const report = await run({
      baseUrl: server().baseUrl,
      apiKey: server().apiKey,
      only: ['rest.15', 'rest.16', 'errors.07', 'errors.08'],
      profile: 'smoke',
      progress: null,
      reporters: [],
    });
    expect(report.results.map((r) => [r.id, r.status, r.needs])).toEqual([
      ['rest.15.utterance-correction', 'SKIPPED', ['--transcript-meeting-id']],
      ['rest.16.transcription-cursors', 'SKIPPED', ['--transcript-meeting-id']],
      ['errors.07.second-account-reads', 'SKIPPED', ['--second-api-key']],
      ['errors.08.second-account-writes', 'SKIPPED', ['--second-api-key']],
    ]);
  }, 30_000);
});
