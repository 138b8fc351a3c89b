import { availableParallelism } from 'node:os';
import { StreamAudio } from '../../core/contracts.js';
import type { LiveSttLimits } from './live-stt.contract.js';

// The live stream's limits and timings: the one home of these numbers (server/README.md "Live speech-to-text").

/** pcm16 bytes per millisecond of audio (16 kHz, mono, 2 bytes a sample). */
export const PCM16_BYTES_PER_MS = (StreamAudio.sampleRateHz / 1000) * 2 * StreamAudio.channels;

/**
 * A real-time stream's share of a core, measured: the server's CPU per stream over the fixtures'
 * turns (bench/live-turns.bench.ts, `CPU %/stream`; pocketsphinx and sphinxbase are ~70 % of it in a
 * perf profile, its acoustic scoring ~17 %) and the same in-process (bench/live-search.bench.ts). Re-measure it
 * when the live decoder's search or the recognizer changes: the admission limit follows from it.
 */
export const LIVE_STREAM_CORE_SHARE = 0.27;

/**
 * How much of a core the live streams may take together: the rest is for the bursts of finals,
 * the event loop and the server's other routes. Past it, the p95 of end of speech → final grows
 * into seconds (a backlog, bench/README.md "Live latency per turn").
 */
const LIVE_CORE_BUDGET = 0.9;

/** Real-time sessions one CPU core carries: what the budget holds at the measured share (3). */
export const LIVE_SESSIONS_PER_CPU = Math.max(1, Math.floor(LIVE_CORE_BUDGET / LIVE_STREAM_CORE_SHARE));

const MAX_SESSIONS = availableParallelism() * LIVE_SESSIONS_PER_CPU;

export const DEFAULT_LIVE_STT_LIMITS: LiveSttLimits = {
  maxSessions: MAX_SESSIONS,
  // A third of the places: one account (a key left streaming silence) cannot shut the others out.
  maxSessionsPerAccount: Math.max(1, Math.floor(MAX_SESSIONS / 3)),
  // The longest recording a meeting takes by default (maxRecordingMinutes).
  maxSessionMs: 120 * 60_000,
  // 2 s of pcm16: 100 times the recommended 640-byte frame, and room for any OGG page.
  maxFrameBytes: 64 * 1024,
  hardMaxFrameBytes: 1024 * 1024,
  idleTimeoutMs: 30_000,
  // Counted from the last frame heard as speech. Meeting turns follow each other after ~0.5 s or
  // more; pauses inside a turn, at commas and between clauses, are mostly shorter. The bench
  // measures turn splits beside the end of speech → final latency (bench/README.md, bench:speech).
  endpointSilenceMs: 200,
  speechOnsetMs: 200,
  // The final's second decoding pass runs in the endpoint's silence, not after it.
  decodePauseMs: 80,
  // WebRTC VAD keeps ~0.1 s after speech voiced; frames 30 dB under the speech are silence.
  endpointEnergyGateDb: 30,
  maxUtteranceMs: 15_000,
  interimEveryMs: 200,
  // 10 s of pcm16 waiting for the recognizer.
  maxPendingAudioBytes: 10_000 * PCM16_BYTES_PER_MS,
  sendHighWaterBytes: 16 * 1024,
  maxBufferedBytes: 1024 * 1024,
  // The spec says finalizing takes about 5 seconds; queued audio of an overloaded server is recognized first.
  finalizeTimeoutMs: 15_000,
  shutdownGraceMs: 2_000,
  recorderFlushTimeoutMs: 2_000,
  // A database restart or failover takes seconds to a minute; five minutes of finals are a few KiB.
  recorderRetryMs: 500,
  recorderRetryForMs: 5 * 60_000,
};

export function liveSttLimits(overrides: Partial<LiveSttLimits> = {}): LiveSttLimits {
  const limits = { ...DEFAULT_LIVE_STT_LIMITS };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) limits[key as keyof LiveSttLimits] = value;
  }
  return limits;
}
