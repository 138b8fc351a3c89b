import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { driveSession } from '../probe/session-driver.js';
import {
  type FakeServer,
  type FakeServerOptions,
  RMS_01_TURNS,
  startFakeStreamServer,
} from '../test-support/fake-stream-server.js';
import { k6Summary } from '../test-support/k6-thresholds.js';
import { nearServed, TOLERANCE_MS, TWO_TURNS } from '../test-support/oracle.js';
import { layoutFor } from '../test-support/stream-layouts.js';
import { type FrameSet, pcm16Frames } from './audio-frames.js';
import { Budget, streamThresholds } from './budgets.js';
import { judgeLevel, levelPlan, levelStats, percentile, sessionBreaksLevel } from './capacity-search.js';
import { closeKind } from './close-code.js';
import { M } from './metric-names.js';
import { runThresholds } from './run-thresholds.js';
import { sessionSamples } from './session-samples.js';
import type { SessionReport } from './stream-session.js';
import { streamUrl } from './stream-url.js';
import { failedThresholds } from './text-summary.js';
import type { Turn } from './turn-latency.js';

// The measurement oracle: a server whose latencies the test sets, and every parley_ stream figure
// must read the set value within ±20 ms; a stall of the generator must show in the pacing lag;
// each verdict must turn when its figure crosses the budget. On a busy machine the server's own
// timers fire late, so a figure is held to the latency the server really produced (its timer's
// actual wait, recorded as `served`), and that to the set value it is asked for.

/**
 * Each test's hang limit: its slowest quiet run was ~10 s, a void level or run is repeated up to 3
 * times, and a busy machine doubles a run: 60 s is over three times that.
 */
const LIMIT_MS = 60_000;
/**
 * The client and the fake server share this process: a result waits for its event loop on both
 * sides, and on a starved machine (CI beside the speech tests) a timer fired 30 ms late. So each
 * session's tolerance is ±20 ms plus the event loop's longest delay measured during it (~0-5 ms
 * quiet): a reading off by more than the loop itself was late is the instrument's error.
 */
let loopDelayMs = 0;
const tolerance = () => TOLERANCE_MS + loopDelayMs;
const rms01 = pcm16Frames(readFileSync(new URL('../../fixtures/audio/en/rms-01.wav', import.meta.url)));

const twoTurns = TWO_TURNS;

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function session(
  options: FakeServerOptions,
  audio: { frames: FrameSet; turns: readonly Turn[] } = { frames: rms01, turns: RMS_01_TURNS },
  format: 'json' | 'protobuf' = 'json',
  finalizeTimeoutMs = 3000,
) {
  server = await startFakeStreamServer({ ...options, turns: audio.turns });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  try {
    return await driveSession({
      url: streamUrl(server.url, { apiKey: 'fake-key', format }),
      ...layoutFor(format),
      frames: audio.frames,
      turns: audio.turns,
      finalizeTimeoutMs,
    });
  } finally {
    loop.disable();
    // The sampling resolution (5 ms) is part of what the histogram reports as delay.
    loopDelayMs = Math.max(0, loop.max / 1e6 - 5);
  }
}

const near = (value: number | undefined, served: number | undefined, set: number, what = '') =>
  nearServed(value, served, set, `${what} (loop delay ${loopDelayMs})`, tolerance());

// One session first: the first in a process pays for loading and compiling the code paths (tens
// of ms on a busy machine), which is the test's start-up, not a latency of the protocol.
beforeAll(async () => {
  for (const format of ['json', 'protobuf'] as const) await session({}, twoTurns, format);
  await server?.close();
  server = undefined;
}, LIMIT_MS);

describe('every parley_ stream metric reads the latency the server was set to', { timeout: LIMIT_MS }, () => {
  for (const format of ['json', 'protobuf'] as const) {
    it(`connected, first interim per turn, turn end → final, finalize (${format})`, async () => {
      const set = { connectDelayMs: 150, firstResultDelayMs: 300, finalDelayMs: 400, finalizeDelayMs: 600 };
      const report = await session(set, twoTurns, format);
      expect(report.error).toBeUndefined();
      const served = server?.served;
      near(report.connectedMs, served?.connected[0], 150, 'connected');
      expect(report.firstResultMs).toHaveLength(2);
      report.firstResultMs.forEach((ms, k) => {
        near(ms, served?.firstResult[k], 300, 'first interim');
      });
      expect(report.turnFinalMs).toHaveLength(2);
      report.turnFinalMs.forEach((ms, k) => {
        near(ms, served?.final[k], 400, 'turn final');
      });
      near(report.endToFinishedMs, served?.finalize[0], 600, 'end to finished');
      // The second final comes 400 ms after the frame holding 2.1 s; the empty frame follows the
      // last frame (2.38 s): ~120 ms after the empty frame when the generator keeps pace. Its
      // pacing lag moves that (it was 92 ms off on a starved machine), so the figure is held to the
      // server's own clock: the empty frame's arrival to the last final sent (0 if none came after).
      near(report.endToLastFinalMs, served?.endToFinal.at(-1) ?? 0, 0, 'end to last final');
      expect(report.wer).toBe(0);
      expect(report).toMatchObject({ finished: true, lostFinal: false, closeCode: 1000 });
    });
  }

  it('first interim counts from the turn onset, not the first frame (leading silence is not latency)', async () => {
    // rms-01 starts speaking at 0.15 s: measured from the first frame this would read 450 ms.
    const report = await session({ firstResultDelayMs: 300, finalDelayMs: 100 });
    expect(report.firstResultMs).toHaveLength(1);
    near(report.firstResultMs[0], server?.served.firstResult[0], 300, 'first interim');
  });

  it('a late final reads its own lateness, not a constant capped by the file length', async () => {
    // The turn ends at 3.25 s of a 3.5 s file: a final 1.5 s later arrives after all audio was sent.
    const report = await session({ finalDelayMs: 1500 });
    near(report.turnFinalMs[0], server?.served.final[0], 1500, 'turn final');
  });
});

describe('the generator stalling', { timeout: LIMIT_MS }, () => {
  it('shows in the pacing lag of every frame it delayed', async () => {
    setTimeout(() => {
      const until = performance.now() + 500;
      while (performance.now() < until); // the load generator's event loop, blocked
    }, 1000);
    const report = await session({ finalDelayMs: 50 });
    const lags = report.pacingLagMs;
    expect(lags).toHaveLength(rms01.ranges.length);
    expect(Math.max(...lags)).toBeGreaterThanOrEqual(500 - TOLERANCE_MS);
    // 25 frames were due during the stall, 14% of the file: p95 shows it, and the level is void.
    expect(lags.filter((l) => l >= 100).length).toBeGreaterThanOrEqual(20);
    expect(percentile(lags, 95)).toBeGreaterThan(Budget.pacingLagP95Ms);
    const plan = levelPlan(1, 1, 1);
    expect(judgeLevel(levelStats(1, plan, [report])).verdict).toBe('void');
  });
});

describe('verdicts turn when their figure crosses the budget', { timeout: LIMIT_MS }, () => {
  const plan = levelPlan(1, 1, 1);
  // The generator's own pacing is not what these tests judge (the stall test above proves that gate
  // turns a level void). Its gate is lifted here: a CI run starved by other work had three sessions
  // in a row void (pacing lag p95 72 ms) and never reached the verdict under test, so a retry was
  // no cure. Every other figure is judged against the real budget.
  const budget = { ...Budget, pacingLagP95Ms: Number.POSITIVE_INFINITY };
  const verdict = async (options: FakeServerOptions, finalizeTimeoutMs?: number) => {
    await server?.close();
    server = undefined;
    const report = await session(options, undefined, 'json', finalizeTimeoutMs);
    return {
      report,
      level: judgeLevel(levelStats(1, plan, [report]), budget),
      breaks: sessionBreaksLevel(report, plan, budget),
    };
  };

  it('first interim: held under the budget, failed over it', async () => {
    const under = await verdict({ firstResultDelayMs: Budget.firstInterimP95Ms - 300, finalDelayMs: 50 });
    expect(under.level.verdict).toBe('held');
    expect(under.breaks).toBe(false);
    const over = await verdict({ firstResultDelayMs: Budget.firstInterimP95Ms + 300, finalDelayMs: 50 });
    expect(over.level.verdict).toBe('failed');
    expect(over.level.reasons.join()).toMatch(/first interim max/);
    expect(over.breaks).toBe(true);
  });

  it('finalize: failed over the budget', async () => {
    // The client waits past the budget (to its deadline) so the figure is measured, not missing.
    const over = await verdict({ finalizeDelayMs: Budget.finalizeP95Ms + 300 }, Budget.finalizeP95Ms + 3000);
    expect(over.report.finished).toBe(true);
    expect(over.level.reasons.join()).toMatch(/finalize max 5[3-9]\d\d ms/);
    expect(over.breaks).toBe(true);
  });

  it('a dropped final is a lost final, and fails the level', async () => {
    const { report, level, breaks } = await verdict({ dropFinals: [0] });
    expect(report.lostFinal).toBe(true);
    expect(report.turnFinalMs).toEqual([]);
    expect(level.reasons).toContain('1 lost finals');
    expect(breaks).toBe(true);
  });

  it('a fast but wrong server reads a WER over the budget', async () => {
    const { report } = await verdict({ wrongText: 'banana split on a sunday' });
    expect(report.wer).toBeGreaterThan(Budget.werP95);
    const right = await session({});
    expect(right.wer).toBe(0);
  });

  it('an error frame and its close code are counted by kind', async () => {
    const { report, breaks } = await verdict({ errorCode: 'ENGINE_UNAVAILABLE', closeCode: 4503 });
    expect(report).toMatchObject({
      errorKind: 'error_frame',
      error: 'ENGINE_UNAVAILABLE',
      closeCode: 4503,
    });
    expect(closeKind(report.closeCode)).toBe('server_error');
    expect(breaks).toBe(true);
  });
});

describe("the run's verdict (stt-stream's thresholds, judged as k6 judges them)", {
  timeout: LIMIT_MS,
}, () => {
  // Two sessions, as the smoke profile runs; the samples are the ones the k6 script adds. The
  // generator's pacing gate (k6 aborts such a run as void, not as the server's fault) is judged on
  // sessions whose lag the test sets; in the others the real lag is the machine's, so its gate is
  // left out of what they compare (a starved CI run had three runs in a row void).
  const sessions = async (options: FakeServerOptions) => {
    const reports: SessionReport[] = [];
    for (let i = 0; i < 2; i++) {
      reports.push(await session(options, twoTurns));
      await server?.close();
      server = undefined;
    }
    return reports;
  };
  const judgeRun = (reports: SessionReport[], withCountGates = true) => {
    const own = streamThresholds(2, twoTurns.turns.length);
    const thresholds = withCountGates ? runThresholds('stream', own) : own;
    // k6/stt-stream.ts checks three things per session, all passing here.
    const checks = { metric: 'parley_samples', value: 3, tags: { metric: 'checks' } };
    const passes = { metric: 'checks', value: 1, tags: {} };
    const samples = reports.flatMap((r) => [...sessionSamples(r), checks, passes]);
    return failedThresholds(k6Summary(thresholds, samples));
  };
  const run = async (options: FakeServerOptions, withCountGates = true) =>
    judgeRun(await sessions(options), withCountGates).filter((f) => !f.startsWith(`${M.pacingLag}:`));

  it('is void when the generator fell behind, whatever the server did', async () => {
    const reports = await sessions({ firstResultDelayMs: 200, finalDelayMs: 300 });
    const paced = reports.map((r) => ({ ...r, pacingLagMs: r.pacingLagMs.map(() => 0) }));
    expect(judgeRun(paced).filter((f) => f.startsWith(`${M.pacingLag}:`))).toEqual([]);
    const behind = reports.map((r) => ({ ...r, pacingLagMs: r.pacingLagMs.map(() => 200) }));
    expect(judgeRun(behind)).toContain(`${M.pacingLag}: p(95)<${Budget.pacingLagP95Ms}`);
  });

  it('passes a healthy server', async () => {
    expect(await run({ firstResultDelayMs: 200, finalDelayMs: 300 })).toEqual([]);
  });

  it('fails a server that drops every final, saying which figures were never measured', async () => {
    const failed = await run({ dropFinals: [0, 1] });
    const never = (metric: string) =>
      `parley_samples{metric:${metric}}: count>=1 — ${metric} was never measured (0 samples; its gate needs at least 1)`;
    expect(failed).toEqual(
      expect.arrayContaining([never('parley_stream_turn_final_ms'), never('parley_stream_end_to_final_ms')]),
    );
  });

  it('fails a server that recognizes nothing, where k6 alone would pass its latency gates', async () => {
    const failed = await run({ noResults: true });
    for (const metric of ['parley_stream_first_interim_ms', 'parley_stream_turn_final_ms'])
      expect(failed.join('\n')).toContain(`${metric} was never measured`);
    // Without the count gates the empty trends pass (k6 reads 0): only the WER of nothing caught it.
    const bare = await run({ noResults: true }, false);
    expect(bare).toEqual([`parley_stream_wer: max<=${Budget.werP95}`]);
  });
});
