// Live latency per turn, measured the way published STT benchmarks do (pipecat's stt-benchmark):
// each client plays fixtures with known turn times (fixtures/audio/manifest.json: exact sample
// bounds of each turn's speech) in real time, and for every turn the bench takes
//   final latency   = arrival of the turn's final − the moment its speech ended,
//   first interim   = arrival of the turn's first result − the moment its speech started,
// both on the wall clock of the paced stream. Finals are matched to turns by their audio times,
// which the live server hands the bench over IPC (the wire does not carry them): an utterance
// belongs to the turn it overlaps most. A turn with more than one utterance was split by the
// endpointer, one utterance over two turns merged them. Word error rate: the session's finals
// against the fixtures' texts.
//   endpoint lag    = where in the audio the endpoint fell − the turn's speech end: the final's
// recorded end is its last speech frame plus the VAD's hangover, and the endpoint comes
// `endpointSilenceMs` after that frame. It is audio time, so the machine's load does not move it;
// final latency − endpoint lag is what recognition and delivery add.

import { fixtureFiles, fixturePcm, fixturesPresent } from '../src/engines/audio/fixture-audio.js';
import { concatPcm, msToSamples } from '../src/engines/audio/pcm.js';
import type { LiveSttLimits } from '../src/engines/stt/live-stt.contract.js';
import { DEFAULT_LIVE_STT_LIMITS } from '../src/engines/stt/live-stt.limits.js';
import { corpusWer } from '../src/engines/stt/wer.js';
import { DEFAULT_VAD_OPTIONS } from '../src/engines/vad/vad-segmenter.js';
import { chunksOf, type LiveSttClient } from '../src/ws/live-stt-client.js';
import { type Spread, spread } from './bench-kit.js';
import { openBenchSession } from './live-stream.levels.js';
import { type RecordedFinal, startServer } from './live-stream.server.js';

/** English fixtures with several turns that the live tests stream: conversations and the noisy pair. */
export const TURN_FIXTURES = [
  'conversation-two-speakers',
  'conversation-three-speakers',
  'noisy-clean',
  'noisy-snr-10db',
] as const;

interface Turn {
  startMs: number;
  endMs: number;
}

export interface Clip {
  id: string;
  pcm: Int16Array;
  text: string;
  turns: Turn[];
}

/** A rule to measure: the live limits that differ from the server's defaults, and the live decoder's search. */
export interface TurnRule {
  name: string;
  limits: Partial<LiveSttLimits>;
  /** pocketsphinx arguments for live decoders in place of `LIVE_SEARCH` (pocketsphinx-live.config.ts). */
  search?: readonly string[];
}

export interface TurnLevel {
  rule: string;
  sessions: number;
  served: number;
  turns: number;
  /** Turns given more than one final / none / sharing one with another turn. */
  split: number;
  missed: number;
  merged: number;
  finalLatency?: Spread;
  firstInterim?: Spread;
  endpointLag?: Spread;
  wer: number;
  /** Server CPU over the measured stretch, % of one core per stream. */
  cpuPerStream: number;
}

export async function loadClips(ids: readonly string[] = TURN_FIXTURES): Promise<Clip[]> {
  if (!fixturesPresent) throw new Error('the audio fixtures are missing (npm run generate -w fixtures)');
  return Promise.all(
    ids.map(async (id) => {
      const file = fixtureFiles((f) => f.id === id)[0];
      if (!file) throw new Error(`no fixture ${id}`);
      const turns = file.turns.map((t) => ({ startMs: t.start_s * 1000, endMs: t.end_s * 1000 }));
      return { id, pcm: await fixturePcm(file), text: file.text, turns };
    }),
  );
}

/**
 * Quiet between two clips, so each starts as it would alone: without it a clip's last turn runs
 * into the next clip's noise, where a noisy fixture follows a clean one.
 */
const BETWEEN_CLIPS_MS = 1000;

/** The clips one after another, from `first` on (so concurrent streams are at different clips). */
function playlist(clips: readonly Clip[], first: number): Clip {
  const order = clips.map((_, i) => clips[(first + i) % clips.length] as Clip);
  const turns: Turn[] = [];
  const parts: Int16Array[] = [];
  let offsetMs = 0;
  for (const clip of order) {
    for (const t of clip.turns) turns.push({ startMs: t.startMs + offsetMs, endMs: t.endMs + offsetMs });
    parts.push(clip.pcm, new Int16Array(msToSamples(BETWEEN_CLIPS_MS)));
    offsetMs += clip.pcm.length / 16 + BETWEEN_CLIPS_MS;
  }
  return {
    id: order.map((c) => c.id).join('+'),
    pcm: concatPcm(parts),
    text: order.map((c) => c.text).join(' '),
    turns,
  };
}

interface Played {
  startedAt: number;
  client: LiveSttClient;
  served: boolean;
}

async function play(url: string, clip: Clip, speed = 1): Promise<Played> {
  // A refused session (an error frame, then close) plays nothing and counts as not served.
  const { client, connected } = await openBenchSession(url);
  let startedAt = 0;
  if (connected) {
    await client.stream(clip.pcm, { speed, onFirstFrame: (at) => (startedAt = at) });
    client.end();
  }
  const closed = await client.closed;
  const served = closed.code === 1000 && client.frames.some((f) => 'finished' in f.frame);
  return { startedAt, client, served };
}

function overlap(a: Turn, b: Turn): number {
  return Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));
}

interface TurnSample {
  finalMs?: number;
  endpointMs?: number;
  firstMs?: number;
  utterances: number;
  merged: boolean;
}

/** Each turn with the utterances that overlap it most, and whether another's covers it too. */
export function turnsOf<U extends Turn>(
  clip: Clip,
  utterances: readonly U[],
): { turn: Turn; utterances: U[]; merged: boolean }[] {
  const owner = utterances.map((u) => {
    let best = -1;
    let most = 0;
    clip.turns.forEach((t, i) => {
      const o = overlap(u, t);
      if (o > most) [best, most] = [i, o];
    });
    return best;
  });
  return clip.turns.map((turn, i) => ({
    turn,
    utterances: utterances.filter((_, k) => owner[k] === i),
    // Another turn's utterance covering a good part of this turn: the endpointer ran them together.
    merged: utterances.some((u, k) => owner[k] !== i && overlap(u, turn) > 200),
  }));
}

/** Each turn of one played session: its utterances, and when their results arrived. */
function perTurn(
  clip: Clip,
  played: Played,
  recorded: readonly RecordedFinal[],
  endpointSilenceMs: number,
): TurnSample[] {
  const firstSeen = new Map<string, number>();
  const finalAt = new Map<string, number>();
  for (const { frame, at } of played.client.frames) {
    if (!('chunk' in frame)) continue;
    if (!firstSeen.has(frame.chunk.id)) firstSeen.set(frame.chunk.id, at);
    if (frame.chunk.is_final) finalAt.set(frame.chunk.id, at);
  }
  return turnsOf(clip, recorded).map(({ turn, utterances: mine, merged }) => {
    const first = mine[0];
    const last = mine.at(-1);
    const firstAt = first && firstSeen.get(first.id);
    const lastAt = last && finalAt.get(last.id);
    return {
      utterances: mine.length,
      merged,
      ...(lastAt !== undefined ? { finalMs: lastAt - (played.startedAt + turn.endMs) } : {}),
      ...(last
        ? { endpointMs: last.endMs - DEFAULT_VAD_OPTIONS.hangoverMs + endpointSilenceMs - turn.endMs }
        : {}),
      ...(firstAt !== undefined ? { firstMs: firstAt - (played.startedAt + turn.startMs) } : {}),
    };
  });
}

/** `sessions` concurrent streams of the clips (each its own rotation) against a server running `rule`. */
export async function measureTurns(
  clips: readonly Clip[],
  sessions: number,
  rule: TurnRule,
): Promise<TurnLevel> {
  const server = await startServer(
    'live',
    Math.min(sessions, 32),
    Math.max(sessions, 1),
    rule.limits,
    rule.search,
  );
  try {
    // Warm-up outside the measurement: JIT, WASM, one decoder per concurrent session.
    const warm = { ...(clips[0] as Clip), pcm: (clips[0] as Clip).pcm.subarray(0, msToSamples(3000)) };
    await Promise.all(
      Array.from({ length: sessions }, () => play(server.url, warm, Number.POSITIVE_INFINITY)),
    );
    const lists = Array.from({ length: sessions }, (_, i) => playlist(clips, i));
    const before = await server.usage();
    const started = performance.now();
    const played = await Promise.all(
      lists.map(async (clip, i) => {
        await new Promise((r) => setTimeout(r, (i * 500) / sessions));
        return play(server.url, clip);
      }),
    );
    const wallS = (performance.now() - started) / 1000;
    const after = await server.usage();
    const cpuS = (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1e6;
    const samples: TurnSample[] = [];
    const pairs: { reference: string; hypothesis: string }[] = [];
    played.forEach((p, i) => {
      const clip = lists[i] as Clip;
      const chunks = chunksOf(p.client.frames);
      const sessionId = chunks[0]?.session_id ?? '';
      const silence = rule.limits.endpointSilenceMs ?? DEFAULT_LIVE_STT_LIMITS.endpointSilenceMs;
      samples.push(...perTurn(clip, p, server.finals.get(sessionId) ?? [], silence));
      const hypothesis = chunks
        .filter((c) => c.is_final)
        .map((c) => c.text)
        .join(' ');
      pairs.push({ reference: clip.text, hypothesis });
    });
    const finals = samples.flatMap((s) => (s.finalMs === undefined ? [] : [s.finalMs]));
    const firsts = samples.flatMap((s) => (s.firstMs === undefined ? [] : [s.firstMs]));
    const lags = samples.flatMap((s) => (s.endpointMs === undefined ? [] : [s.endpointMs]));
    return {
      rule: rule.name,
      sessions,
      served: played.filter((p) => p.served).length,
      turns: samples.length,
      split: samples.filter((s) => s.utterances > 1).length,
      missed: samples.filter((s) => s.utterances === 0).length,
      merged: samples.filter((s) => s.merged).length,
      ...(finals.length ? { finalLatency: spread(finals) } : {}),
      ...(firsts.length ? { firstInterim: spread(firsts) } : {}),
      ...(lags.length ? { endpointLag: spread(lags) } : {}),
      wer: corpusWer(pairs).wer,
      cpuPerStream: (cpuS / wallS / sessions) * 100,
    };
  } finally {
    server.stop();
  }
}

const r = (v: number | undefined) => (v === undefined ? '-' : String(Math.round(v)));

/** One printable row of a turn level. */
export function turnRow(level: TurnLevel): Record<string, string | number> {
  return {
    rule: level.rule,
    sessions: level.sessions,
    served: level.served,
    turns: level.turns,
    'final p50/p95/p99 ms': `${r(level.finalLatency?.p50)} / ${r(level.finalLatency?.p95)} / ${r(level.finalLatency?.p99)}`,
    'first interim p50/p95/p99 ms': `${r(level.firstInterim?.p50)} / ${r(level.firstInterim?.p95)} / ${r(level.firstInterim?.p99)}`,
    'endpoint lag p50/p95 ms (audio)': `${r(level.endpointLag?.p50)} / ${r(level.endpointLag?.p95)}`,
    'split/merged/missed': `${level.split}/${level.merged}/${level.missed}`,
    'WER %': (level.wer * 100).toFixed(1),
    'CPU %/stream': level.cpuPerStream.toFixed(1),
  };
}
