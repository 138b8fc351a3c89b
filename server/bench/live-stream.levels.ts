// One load level of the live-stream benchmark, and the step-up that finds how many real-time
// sessions this machine holds. Each client sends the same clip in 20 ms frames paced by the wall
// clock, then the empty frame, and waits for `finished`; the server runs in a child process.

import { fixtureFiles, fixturePcm, fixturesPresent } from '../src/engines/audio/fixture-audio.js';
import { msToSamples } from '../src/engines/audio/pcm.js';
import { converse } from '../src/engines/audio/test-speech.js';
import { chunksOf, LiveSttClient } from '../src/ws/live-stt-client.js';
import { type Spread, spread } from './bench-kit.js';
import { BENCH_KEY, type ServerMode, startServer } from './live-stream.server.js';

interface SessionResult {
  firstInterimMs?: number;
  finishMs?: number;
  finals: number;
  closeCode: number;
  error?: string;
}

/**
 * Opens a JSON session with the bench key and sends an empty config. `connected` is false when the
 * server refused it instead (at capacity: no `connected`, an error frame, close 4503).
 */
export async function openBenchSession(url: string): Promise<{ client: LiveSttClient; connected: boolean }> {
  const client = await LiveSttClient.connect(url, { api_key: BENCH_KEY, format: 'json' });
  client.sendConfig({});
  const connected = await client
    .waitFor((f) => 'connected' in f)
    .then(
      () => true,
      () => false,
    );
  return { client, connected };
}

async function session(url: string, pcm: Int16Array, speed = 1): Promise<SessionResult> {
  const { client, connected } = await openBenchSession(url);
  let firstFrameAt = 0;
  let endAt = 0;
  if (connected) {
    await client.stream(pcm, { speed, onFirstFrame: (at) => (firstFrameAt = at) });
    endAt = performance.now();
    client.end();
  }
  const closed = await client.closed;
  const firstChunk = client.frames.find((f) => 'chunk' in f.frame);
  const finished = client.frames.find((f) => 'finished' in f.frame);
  const error = client.frames.find((f) => 'error' in f.frame);
  return {
    ...(firstChunk ? { firstInterimMs: firstChunk.at - firstFrameAt } : {}),
    ...(finished ? { finishMs: finished.at - endAt } : {}),
    finals: chunksOf(client.frames).filter((c) => c.is_final).length,
    closeCode: closed.code,
    ...(error && 'error' in error.frame ? { error: error.frame.error.code } : {}),
  };
}

export interface LevelResult {
  mode: ServerMode;
  sessions: number;
  decoders?: number;
  /** Close codes (with the error code of refused sessions) and how often each came. */
  closes: string;
  /** Sessions that closed 1000 after `finished`. */
  served: number;
  finalsPerSession?: number;
  firstInterim?: Spread;
  finished?: Spread;
  /** Server CPU over the measured stretch, in % of one core, per stream and in total. */
  cpuPerStream: number;
  cpuTotal: number;
  eventLoopBusy: number;
  rssMb: number;
}

function tally(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([v, n]) => `${n}×${v}`).join(', ');
}

export interface LevelOptions {
  decoders: number;
  /** The live server's session cap; 0 for its default. */
  maxSessions: number;
}

export async function runLevel(
  mode: ServerMode,
  sessions: number,
  pcm: Int16Array,
  options: LevelOptions,
): Promise<LevelResult> {
  const server = await startServer(mode, options.decoders, options.maxSessions);
  try {
    // Warm-up outside the measurement: JIT, WASM instances, and one decoder per concurrent session
    // (the pool builds decoders on demand, ~0.3 s and ~110 MB each, then keeps them).
    if (mode === 'live') {
      const warm = pcm.subarray(0, msToSamples(3000));
      await Promise.all(
        Array.from({ length: sessions }, () => session(server.url, warm, Number.POSITIVE_INFINITY)),
      );
    }
    const before = await server.usage();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: sessions }, async (_, i) => {
        // Clients arrive spread over half a second, as real ones do, not in one instant.
        await new Promise((r) => setTimeout(r, (i * 500) / sessions));
        return session(server.url, pcm);
      }),
    );
    const wallS = (performance.now() - started) / 1000;
    const after = await server.usage();
    const cpuS = (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1e6;
    const served = results.filter((r) => r.closeCode === 1000 && r.finishMs !== undefined);
    const first = results.flatMap((r) => (r.firstInterimMs === undefined ? [] : [r.firstInterimMs]));
    const finish = results.flatMap((r) => (r.finishMs === undefined ? [] : [r.finishMs]));
    return {
      mode,
      sessions,
      ...(mode === 'live' ? { decoders: options.decoders } : {}),
      closes: tally(results.map((r) => (r.error ? `${r.closeCode} ${r.error}` : String(r.closeCode)))),
      served: served.length,
      ...(mode === 'live'
        ? { finalsPerSession: served.reduce((n, r) => n + r.finals, 0) / Math.max(1, served.length) }
        : {}),
      ...(mode === 'live' && first.length ? { firstInterim: spread(first) } : {}),
      ...(finish.length ? { finished: spread(finish) } : {}),
      cpuPerStream: (cpuS / wallS / sessions) * 100,
      cpuTotal: (cpuS / wallS) * 100,
      eventLoopBusy: performance.eventLoopUtilization(after.elu, before.elu).utilization * 100,
      rssMb: after.rssMb,
    };
  } finally {
    server.stop();
  }
}

/** The first `seconds` of the two-speaker fixture (or, without fixtures, a flite conversation). */
export async function benchClip(seconds: number): Promise<{ pcm: Int16Array; label: string }> {
  const two = fixturesPresent ? fixtureFiles((f) => f.id === 'conversation-two-speakers')[0] : undefined;
  const full = two
    ? await fixturePcm(two)
    : (
        await converse([
          { voice: 'rms', text: 'Good morning, thank you for joining the call.' },
          { voice: 'slt', text: 'Can we start with the budget?' },
        ])
      ).pcm;
  const pcm = full.subarray(0, msToSamples(seconds * 1000));
  const label = two ? 'fixtures conversation-two-speakers' : 'flite conversation';
  return { pcm, label: `${label}, ${(pcm.length / 16_000).toFixed(1)} s, 20 ms frames in real time` };
}

/**
 * Held at real time: every session admitted and ended with `finished`, empty frame → `finished`
 * p95 within `finishedAimMs`, and first audio → first interim p95 within `firstInterimMs`. The
 * server recognizes all queued audio before `finished`, so one that falls behind real time carries
 * its backlog to the end of the clip and it shows there; a session kept waiting (for CPU or a
 * decoder) shows in its first interim, which a lone session gets ~0.75 s in (the clip's speech
 * starts 0.3 s in, the endpointer needs ~0.2 s of it, interims come every 0.2 s).
 */
export function heldAtRealTime(
  level: LevelResult,
  aims: { finishedAimMs: number; firstInterimMs: number },
): boolean {
  const worst = Number.POSITIVE_INFINITY;
  return (
    level.served === level.sessions &&
    (level.finished?.p95 ?? worst) <= aims.finishedAimMs &&
    (level.firstInterim?.p95 ?? worst) <= aims.firstInterimMs
  );
}

export interface StepUpOptions extends Omit<LevelOptions, 'decoders'> {
  /** Session counts to try, ascending. */
  ladder: readonly number[];
  /** Decoders for a level of `sessions`. */
  decoders: (sessions: number) => number;
  finishedAimMs: number;
  firstInterimMs: number;
  /** Called with each level as it completes (progress output). */
  onLevel?: (level: LevelResult, held: boolean) => void;
}

/** Steps up the ladder until the first level not held; `held` is the last level before it (0: none). */
export async function stepUp(
  pcm: Int16Array,
  options: StepUpOptions,
): Promise<{ levels: LevelResult[]; held: number; firstMissed?: number }> {
  const levels: LevelResult[] = [];
  let held = 0;
  for (const sessions of options.ladder) {
    const level = await runLevel('live', sessions, pcm, {
      decoders: options.decoders(sessions),
      maxSessions: options.maxSessions,
    });
    levels.push(level);
    const ok = heldAtRealTime(level, options);
    options.onLevel?.(level, ok);
    if (!ok) return { levels, held, firstMissed: sessions };
    held = sessions;
  }
  return { levels, held };
}
