import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newRunState, type Target } from '../../context.js';
import type { SessionRecording } from '../../live-session.js';
import { runChecks } from '../../runner.js';
import { CHECKS } from '../index.js';
import { FINALIZE_BUDGET } from './finalize-budget.js';

// stream.07 (SHOULD) and stream.21 (MUST) on the reference server's recorded sessions with their
// finalize time (empty frame → terminal frame) set to each case's: within "about 5 seconds" both pass; past the
// SHOULD's budget stream.07 is NON_STRICT; past the FAIL bound (median of the sessions) stream.21 fails.

const recorded = JSON.parse(
  readFileSync(new URL('../../../test-data/live-sessions.json', import.meta.url), 'utf8'),
) as SessionRecording[];
const target: Target = {
  baseUrl: 'http://recorded.invalid',
  wsUrl: 'ws://recorded.invalid',
  apiKey: 'KEY',
  timeoutMs: 5_000,
  seed: 1,
  runId: 'pc-recorded',
  profile: 'smoke',
};

/** The recorded sessions, each finalizing in the given time (undefined: no terminal frame). */
function finalizing(...ms: (number | undefined)[]): SessionRecording[] {
  return structuredClone(recorded).map((s, i) => {
    const took = ms[i % ms.length];
    if (took === undefined) delete s.finishedMs;
    else s.finishedMs = (s.emptyFrameMs ?? 0) + took;
    return s;
  });
}

async function judge(id: string, sessions: SessionRecording[]) {
  const state = newRunState();
  state.memo.set('live-sessions', Promise.resolve(sessions));
  const check = CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  const [result] = await runChecks(target, [check], undefined, state);
  return result?.status;
}

describe('the finalize time against "about 5 seconds"', () => {
  it('recorded sessions hold two sessions that reached their terminal frame', () => {
    expect(recorded.length).toBe(2);
    expect(recorded.every((s) => s.finishedMs !== undefined && s.emptyFrameMs !== undefined)).toBe(true);
  });
  it('within about 5 s, both pass', async () => {
    expect(await judge('stream.07.timing', finalizing(4_000, 5_500))).toBe('PASS');
    expect(await judge('stream.21.finalize-bound', finalizing(4_000, 5_500))).toBe('PASS');
  });
  it('past the SHOULD budget but within the bound: stream.07 NON_STRICT, stream.21 PASS', async () => {
    const slow = FINALIZE_BUDGET.nonStrictMs + 2_500;
    expect(await judge('stream.07.timing', finalizing(slow))).toBe('NON_STRICT');
    expect(await judge('stream.21.finalize-bound', finalizing(slow))).toBe('PASS');
  });
  it('15 s in every session: stream.21 FAILs (stream.07 stays NON_STRICT)', async () => {
    expect(await judge('stream.21.finalize-bound', finalizing(15_000))).toBe('FAIL');
    expect(await judge('stream.07.timing', finalizing(15_000))).toBe('NON_STRICT');
  });
  it('one slow session of two does not decide: the median is judged', async () => {
    expect(await judge('stream.21.finalize-bound', finalizing(4_000, 15_000))).toBe('PASS');
  });
  it('closed without a terminal frame 15 s after the empty frame: a finalize past the bound, FAIL', async () => {
    const closed = finalizing(undefined).map((s) => ({ ...s, closedMs: (s.emptyFrameMs ?? 0) + 15_000 }));
    expect(await judge('stream.21.finalize-bound', closed)).toBe('FAIL');
  });
  it('no terminal frame in any session, closed soon after the empty frame: could not judge', async () => {
    const closed = finalizing(undefined).map((s) => ({ ...s, closedMs: (s.emptyFrameMs ?? 0) + 1_000 }));
    expect(await judge('stream.21.finalize-bound', closed)).toBe('COULD_NOT_JUDGE');
  });
});
