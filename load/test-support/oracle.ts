import { expect } from 'vitest';
import type { FrameSet } from '../src/audio-frames.js';
import { streamThresholds } from '../src/budgets.js';
import { M } from '../src/metric-names.js';
import { runThresholds } from '../src/run-thresholds.js';
import { type Sample, sessionSamples } from '../src/session-samples.js';
import type { SessionReport } from '../src/stream-session.js';
import { failedThresholds } from '../src/text-summary.js';
import type { Turn } from '../src/turn-latency.js';
import { k6Summary } from './k6-thresholds.js';

// What the measurement oracles share (metrics-oracle.test.ts, variants-oracle.test.ts): the audio
// the fake server follows, and the rule a figure is held to against the latency the server served.

/** ±20 ms, plus the event loop's own delay during the session (client and server share the process). */
export const TOLERANCE_MS = 20;

/** 2.4 s of silence framed like pcm16 audio, with two turns (the fake server only counts bytes). */
export const TWO_TURNS: { frames: FrameSet; turns: Turn[] } = (() => {
  const bytes = 2400 * 32;
  const ranges: Array<[number, number]> = [];
  const offsetsMs: number[] = [];
  for (let at = 0; at < bytes; at += 640) {
    ranges.push([at, at + 640]);
    offsetsMs.push(at / 32);
  }
  return {
    frames: { encoding: 'pcm16', buffer: new ArrayBuffer(bytes), ranges, offsetsMs, durationMs: 2400 },
    turns: [
      { text: 'can you hear me', start_s: 0.1, end_s: 0.9 },
      { text: 'yes I can hear you', start_s: 1.3, end_s: 2.1 },
    ],
  };
})();

/**
 * A figure read within `toleranceMs` of what the server served (`served`), which must itself be what
 * was set (`set`): a timer fires late on a busy machine, never early by more than its rounding.
 */
export function nearServed(
  value: number | undefined,
  served: number | undefined,
  set: number,
  what: string,
  toleranceMs: number,
): void {
  expect(value, what).toBeDefined();
  // Node's timers round to the millisecond, so one may fire a fraction of one early.
  expect(served, `${what}: the server did not serve what was set`).toBeGreaterThanOrEqual(set - 1);
  const off = Math.abs((value ?? Number.NaN) - (served ?? Number.NaN));
  expect(
    off,
    `${what} read ${value}, served ${served}, set ${set}, tolerance ${toleranceMs}`,
  ).toBeLessThanOrEqual(toleranceMs);
}

/**
 * The thresholds stt-stream fails on these sessions, judged as k6 judges them, from the samples the
 * script adds (its three checks per session passing).
 */
export function streamRunFailures(reports: readonly SessionReport[], turns: number): string[] {
  const checks: Sample[] = [
    { metric: M.samples, value: 3, tags: { metric: 'checks' } },
    { metric: 'checks', value: 1, tags: {} },
  ];
  const samples = reports.flatMap((r) => [...sessionSamples(r), ...checks]);
  return failedThresholds(
    k6Summary(runThresholds('stream', streamThresholds(reports.length, turns)), samples),
  );
}
