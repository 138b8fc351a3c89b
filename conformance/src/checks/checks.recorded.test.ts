import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Status } from '../check.js';
import type { Target } from '../context.js';
import type { SessionRecording } from '../live-session.js';
import { runChecks } from '../runner.js';
import { jsonOf, type Recorded, replayingFetch, withJson } from '../testing/recorded-fetch.js';
import { CHECKS } from './index.js';

// Every check on the reference server's recorded answers (test-data/, npm run record -w conformance):
// as recorded it passes; with the answer altered the way a faulty deployment would, it fails.

const answers = JSON.parse(
  readFileSync(new URL('../../test-data/http-answers.json', import.meta.url), 'utf8'),
) as Record<string, Recorded[]>;
const sessions = JSON.parse(
  readFileSync(new URL('../../test-data/live-sessions.json', import.meta.url), 'utf8'),
) as SessionRecording[];

const target: Target = {
  baseUrl: 'http://recorded.invalid',
  wsUrl: 'ws://recorded.invalid',
  apiKey: 'KEY',
  secondApiKey: 'KEY2',
  audioBaseUrl: 'http://audio.invalid',
  timeoutMs: 5_000,
  seed: 1,
  runId: 'pc-recorded',
  profile: 'smoke',
};

async function judge(id: string, recorded: Recorded[]): Promise<{ status: Status; message: string }> {
  const check = CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  vi.stubGlobal('fetch', replayingFetch(recorded));
  const [result] = await runChecks(target, [check]);
  return { status: result?.status ?? 'SKIPPED', message: result?.message ?? '' };
}

/** The recorded answers with the JSON of every answer of `route` (and `status`) changed by `edit`. */
function altered(
  id: string,
  route: string,
  edit: (body: Record<string, unknown>) => unknown,
  status?: number,
): Recorded[] {
  return (answers[id] ?? []).map((a) =>
    a.path.split('?')[0] === route && (status === undefined || a.status === status)
      ? withJson(a, edit(jsonOf(a)))
      : a,
  );
}

const reverse = (b: Record<string, unknown>) => ({
  ...b,
  meetings: [...(b.meetings as unknown[])].reverse(),
});

const MUTANTS: Record<string, [string, (b: Record<string, unknown>) => unknown, number?][]> = {
  'rest.01.route-schemas': [
    ['/v1/create-meeting', (b) => ({ meeting: { ...(b.meeting as object), created_at: 1 } })],
    // The same instant, RFC 3339, but not in UTC.
    [
      '/v1/create-meeting',
      (b) => ({ meeting: { ...(b.meeting as object), created_at: '2026-03-01T12:00:00.5+02:00' } }),
    ],
  ],
  'rest.02.create-meeting-defaults': [
    ['/v1/create-meeting', (b) => ({ meeting: { ...(b.meeting as object), status: 'LIVE' } })],
  ],
  'rest.03.get-meetings-newest-first': [['/v1/get-meetings', reverse]],
  'rest.05.pagination-walk': [['/v1/get-meetings', (b) => ({ ...b, has_more: !b.has_more })]],
  'rest.06.stateful-sequence': [['/v1/delete-meeting', () => ({ success: false })]],
  'rest.07.settings-round-trip': [
    [
      '/v1/get-user-default-meeting-setting',
      (b) => ({ ...b, setting: { ...(b.setting as object), view_language: 'xx' } }),
    ],
  ],
  'errors.01.auth-texts': [['/v1/get-meetings', (b) => ({ ...b, error: 'Unauthorized' }), 401]],
  'errors.02.invalid-json': [['/v1/stt', (b) => ({ ...b, error: 'Bad JSON' }), 400]],
  'errors.03.schema-violations': [
    ['/v1/get-meeting-messages', () => ({ detail: [{ loc: ['body'], msg: 'bad', type: 'x' }] }), 422],
    [
      '/v1/get-meeting-messages',
      (b) => ({ detail: (b.detail as object[]).map((d) => ({ ...d, ctx: 'limit' })) }),
      422,
    ],
  ],
  'errors.04.unknown-ids': [['/v1/get-meeting-messages', (b) => ({ ...b, code: 'MEETING_NOT_FOUND' }), 404]],
  'errors.06.second-account-404': [['/v1/get-meeting-messages', (b) => ({ ...b, code: 'GONE' }), 404]],
  'speech.01.stt-fixture': [['/v1/stt', (b) => ({ ...b, detected_language: 'xx' })]],
  'speech.02.error-table': [['/v1/stt', (b) => ({ ...b, error: 'audio_url is required' }), 400]],
};

/** Answers the spec allows that differ from Parley's: each check must not fail on them. */
const ALLOWED: Record<string, [string, (b: Record<string, unknown>) => unknown, number?][]> = {
  'rest.01.route-schemas': [
    [
      '/v1/create-meeting',
      (b) => ({ meeting: { ...(b.meeting as object), created_at: '2026-03-01T10:00:00+00:00' } }),
    ],
  ],
  'errors.04.unknown-ids': [
    ['/v1/get-meeting-messages', (b) => ({ ...b, request_id: 'r-1' }), 404],
    ['/v1/get-meeting-messages', (b) => ({ ...b, error: 'gone' }), 404],
  ],
  'errors.01.auth-texts': [['/v1/get-meetings', (b) => ({ ...b, code: 'auth.missing' }), 401]],
  'errors.03.schema-violations': [
    [
      '/v1/get-meeting-messages',
      (b) => ({
        detail: (b.detail as { loc: unknown[] }[]).map((d) => ({ ...d, loc: d.loc.slice(1) })),
      }),
      422,
    ],
  ],
  'speech.02.error-table': [['/v1/stt', (b) => ({ error: b.error }), 400]],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("answers the spec allows, Parley's choices aside", () => {
  for (const [id, variants] of Object.entries(ALLOWED)) {
    for (const [route, edit, status] of variants) {
      it(`${id} does not fail when ${route} differs from Parley's choice as the spec allows`, async () => {
        const verdict = await judge(id, altered(id, route, edit, status));
        expect(['PASS', 'NON_STRICT'], verdict.message).toContain(verdict.status);
      });
    }
  }
});

describe('checks on recorded answers', () => {
  for (const id of Object.keys(answers)) {
    it(`${id} passes on the reference server's answers`, async () => {
      expect(await judge(id, answers[id] ?? [])).toMatchObject({ status: 'PASS' });
    });
  }
  for (const [id, mutants] of Object.entries(MUTANTS)) {
    for (const [route, edit, status] of mutants) {
      it(`${id} fails when ${route} is altered`, async () => {
        // A mutant of nothing would fail for want of answers, proving nothing.
        expect(answers[id]?.length ?? 0).toBeGreaterThan(0);
        const verdict = await judge(id, altered(id, route, edit, status));
        expect(verdict.status, verdict.message).toBe('FAIL');
      });
    }
  }
  it('rest.01 reports every wrong field of an answer, each with its code and path', async () => {
    const check = CHECKS.find((c) => c.id === 'rest.01.route-schemas');
    vi.stubGlobal(
      'fetch',
      replayingFetch(
        altered('rest.01.route-schemas', '/v1/create-meeting', (b) => {
          const { title: _gone, ...meeting } = b.meeting as Record<string, unknown>;
          return { meeting: { ...meeting, created_at: 1, status: 'LIVE' } };
        }),
      ),
    );
    const [result] = await runChecks(target, check ? [check] : []);
    expect(result?.status).toBe('FAIL');
    const found = (result?.deviations ?? []).map((d) => `${d.code} ${d.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'MISSING_FIELD create-meeting $.meeting.title',
        'TYPE create-meeting $.meeting.created_at',
        'SCHEMA create-meeting $.meeting.status',
      ]),
    );
    expect(result?.fingerprints).toContain('rest.01.route-schemas TYPE create-meeting $.meeting.created_at');
    expect(result?.message).toMatch(/\(and \d+ more\)/);
  });
  it('errors.05 fails on a 5xx for bad input', async () => {
    const recorded = (answers['errors.05.no-5xx-for-bad-input'] ?? []).map((a, i) =>
      i === 0 ? { ...a, status: 500 } : a,
    );
    expect((await judge('errors.05.no-5xx-for-bad-input', recorded)).status).toBe('FAIL');
  });
  it('a check that saw only 401s could not judge', async () => {
    const recorded = (answers['rest.02.create-meeting-defaults'] ?? []).map((a) =>
      withJson({ ...a, status: 401 }, { success: false, error: 'Invalid API key', code: 'UNAUTHORIZED' }),
    );
    expect((await judge('rest.02.create-meeting-defaults', recorded)).status).not.toBe('PASS');
  });
});

describe('stream checks on recorded sessions', () => {
  async function judgeSessions(id: string, recorded: SessionRecording[]) {
    const check = CHECKS.find((c) => c.id === id);
    if (!check) throw new Error(`no check ${id}`);
    const { CheckContext } = await import('../context.js');
    const state = {
      createdMeetings: new Map(),
      memo: new Map<string, Promise<unknown>>([['live-sessions', Promise.resolve(recorded)]]),
      secrets: new Map<string, string>(),
      hung: new Set<string>(),
    };
    const ctx = new CheckContext(target, id, state);
    try {
      await check.run(ctx);
      return 'PASS';
    } catch (error) {
      return (error as { status?: string }).status ?? 'ERROR';
    }
  }
  const copy = () => structuredClone(sessions);
  const chunkFrames = (s: SessionRecording) => s.frames.filter((f) => f.data.chunk);

  for (const id of [
    'stream.02.json-session',
    'stream.03.utterance-ids',
    'stream.04.cumulative-text',
    'stream.05.no-final-lost',
    'stream.06.protobuf-session',
  ]) {
    it(`${id} passes on the recorded sessions`, async () => {
      expect(await judgeSessions(id, copy())).toBe('PASS');
    });
  }
  it('stream.02 fails without {finished:true}', async () => {
    const s = copy();
    for (const session of s) session.frames = session.frames.filter((f) => !f.data.finished);
    expect(await judgeSessions('stream.02.json-session', s)).toBe('FAIL');
  });
  it('stream.02 fails on a 1011 close', async () => {
    const s = copy();
    for (const session of s) session.closeCode = 1011;
    expect(await judgeSessions('stream.02.json-session', s)).toBe('FAIL');
  });
  it('stream.03 fails when a final changes its id', async () => {
    const s = copy();
    for (const f of chunkFrames(s[0] as SessionRecording)) {
      const chunk = f.data.chunk as { id: string; is_final: boolean };
      if (chunk.is_final) chunk.id = `${chunk.id}-f`;
    }
    expect(await judgeSessions('stream.03.utterance-ids', s)).toBe('FAIL');
  });
  it('stream.03 could not judge sessions without a result (never PASS on nothing)', async () => {
    const s = copy();
    for (const session of s) session.frames = session.frames.filter((f) => !f.data.chunk);
    expect(await judgeSessions('stream.03.utterance-ids', s)).toBe('COULD_NOT_JUDGE');
  });
  it('stream.04 fails on non-cumulative interims', async () => {
    const s = copy();
    for (const f of chunkFrames(s[0] as SessionRecording)) {
      const chunk = f.data.chunk as { text: string; is_final: boolean };
      if (!chunk.is_final) chunk.text = chunk.text.split(' ').pop() ?? '';
    }
    expect(await judgeSessions('stream.04.cumulative-text', s)).toBe('FAIL');
  });
  it('stream.04 fails on a final holding only the words since the last interim (deltas)', async () => {
    const s = copy();
    const last = new Map<string, string>();
    for (const f of chunkFrames(s[0] as SessionRecording)) {
      const chunk = f.data.chunk as { id: string; text: string; is_final: boolean };
      const before = last.get(chunk.id) ?? '';
      last.set(chunk.id, chunk.text);
      if (chunk.is_final) chunk.text = chunk.text.slice(before.length).trim();
    }
    expect(await judgeSessions('stream.04.cumulative-text', s)).toBe('FAIL');
  });
  it('stream.04 fails on interims holding only the words since the one before, a revision sent whole', async () => {
    const s = copy();
    const seen = new Map<string, string>();
    for (const f of chunkFrames(s[0] as SessionRecording)) {
      const chunk = f.data.chunk as { id: string; text: string; is_final: boolean };
      if (chunk.is_final) continue;
      const before = seen.get(chunk.id) ?? '';
      seen.set(chunk.id, chunk.text);
      if (before && chunk.text.startsWith(before)) chunk.text = chunk.text.slice(before.length).trim();
    }
    expect(await judgeSessions('stream.04.cumulative-text', s)).toBe('FAIL');
  });
  it('stream.04 passes interims a recogniser revises (its last word retracted, a word changed)', async () => {
    const s = copy();
    for (const session of s)
      chunkFrames(session).forEach((f, i) => {
        const chunk = f.data.chunk as { text: string; is_final: boolean };
        const words = chunk.text.split(' ');
        if (chunk.is_final || words.length < 2) return;
        if (i % 3 === 0) chunk.text = words.slice(0, -1).join(' ');
        else if (i % 3 === 1) chunk.text = ['uh', ...words.slice(1)].join(' ');
      });
    expect(await judgeSessions('stream.04.cumulative-text', s)).toBe('PASS');
  });
  it('a chunk whose text is no string is read as no text: stream.02 fails, stream.04 could not judge', async () => {
    const s = copy();
    for (const f of chunkFrames(s[0] as SessionRecording)) (f.data.chunk as { text: unknown }).text = 42;
    expect(await judgeSessions('stream.02.json-session', structuredClone(s))).toBe('FAIL');
    const [json] = s;
    expect(await judgeSessions('stream.04.cumulative-text', json ? [json] : [])).toBe('COULD_NOT_JUDGE');
  });
  it('stream.05 fails when only the last final is dropped', async () => {
    const s = copy();
    for (const session of s) {
      const last = session.frames.findLastIndex(
        (f) => (f.data.chunk as { is_final?: boolean } | undefined)?.is_final,
      );
      session.frames.splice(last, 1);
    }
    expect(await judgeSessions('stream.05.no-final-lost', s)).toBe('FAIL');
  });
  it('stream.05 fails when the finals are lost', async () => {
    const s = copy();
    for (const session of s)
      session.frames = session.frames.filter(
        (f) => !(f.data.chunk as { is_final?: boolean } | undefined)?.is_final,
      );
    expect(await judgeSessions('stream.05.no-final-lost', s)).toBe('FAIL');
  });
});
