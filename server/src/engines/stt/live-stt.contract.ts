import type { Caller } from '../../core/caller.js';
import type { Clock } from '../../core/clock.js';
import type { IdGenerator } from '../../core/ids.js';
import type { DenoiseEngine } from '../denoise/denoise.engine.js';
import type { DiarizationEngine } from '../diarization/diarization.engine.js';
import type { VadEngine } from '../vad/vad.engine.js';
import type { SttEngine } from './stt.engine.js';

// What the live speech-to-text socket (ws/) needs from the rest of the server, all injected: who
// the API key belongs to, the engines, where results are recorded, and its limits. It sits on the
// engines floor so that services/meetings/live-results.service.ts can implement the results sink without
// importing ws/. build-server.ts (main.ts, the test server) builds these from the services, the engines
// registry and the configuration; tests pass small stand-ins.

/** The key's owner as the accounts service resolves it; the sink checks meeting access with it. */
export type LiveCaller = Caller;

export type StreamFormat = 'json' | 'protobuf';
export type StreamEncoding = 'pcm16' | 'opus';

/** The settings a session runs with, after query parameters and the config frame are merged. */
export interface LiveSessionInfo {
  sessionId: string;
  caller: LiveCaller;
  /** Parley extension (stream-config.meeting_id): the meeting whose transcription the results become. */
  meetingId?: string;
  format: StreamFormat;
  encoding: StreamEncoding;
  reduceNoise: boolean;
  languageHints: string[];
  contextKeywords: string[];
  enableDiarization: boolean;
  /** Server time when the config was accepted (µs since the epoch); result times count from here. */
  startedAtMicros: number;
}

/** An interim result as it was sent: `text` is all of the utterance so far. */
export interface LiveInterim {
  id: string;
  text: string;
  /** Utterance start, ms from the first audio sample of the session. */
  startMs: number;
  /** Audio position of this hypothesis, ms from the first audio sample. */
  endMs: number;
}

/** A finished utterance, as its final result was sent. */
export interface LiveUtterance {
  id: string;
  text: string;
  startMs: number;
  endMs: number;
  /** "0", "1", ... when diarization is on and the speaker was resolved; absent otherwise. */
  speaker?: string;
  /** 0 to 1. */
  confidence: number;
  /** Language code of the transcript, e.g. `en`. */
  language: string;
}

export type LiveEndReason = 'finished' | 'client-closed' | 'idle-timeout' | 'error' | 'shutdown';

export interface LiveSessionEnd {
  reason: LiveEndReason;
  /** Finals sent (and recorded) during the session. */
  finals: number;
  /** Audio received, in ms. */
  audioMs: number;
  /** An utterance that had interims but never got its final (the client left or the session failed). */
  abandonedUtteranceId?: string;
}

/** Where one session's results go. Calls for a session come one at a time, in order. */
export interface LiveSessionRecorder {
  /** Only the latest interim of an utterance matters: under load, intermediate ones are skipped. */
  onInterim(interim: LiveInterim): Promise<void> | void;
  onFinal(utterance: LiveUtterance): Promise<void> | void;
  onSessionEnd(end: LiveSessionEnd): Promise<void> | void;
}

/**
 * Records live results (services/meetings/live-results.service.ts implements it). `openSession` runs once the config
 * frame is accepted, before `{connected: true}`: for a `meetingId` the caller may not use it throws
 * an ApiError NOT_FOUND (the session then ends with that error frame, close 4400). It returns
 * undefined when there is nothing to record (no meeting named).
 */
export interface LiveResultsSink {
  openSession(info: LiveSessionInfo): Promise<LiveSessionRecorder | undefined>;
}

/** Structured logging, as pino's Logger provides it. */
export interface LiveLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A live Opus decoder: one WebSocket message in, 16 kHz mono PCM out (engines/audio/opus-stream-decoder.ts). */
export interface OpusDecoderLike {
  decode(message: Uint8Array): Int16Array;
  close(): void;
}

/** The part of a speech-to-text engine a live session uses. */
export type LiveSttEngine = Pick<SttEngine, 'languages' | 'status' | 'openStream'>;

export interface LiveSttLimits {
  /** Sessions served at once; one more gets ENGINE_UNAVAILABLE (close 4503) instead of slowing every session down. */
  maxSessions: number;
  /** Sessions one account may hold at once, so one account cannot take every place (close 4503 beyond). */
  maxSessionsPerAccount: number;
  /** Longest a session stays open: then it is finalized (finals, `finished`, close 1000). */
  maxSessionMs: number;
  /** Largest audio or config frame handled normally; bigger ones get PAYLOAD_TOO_LARGE and close 1009. */
  maxFrameBytes: number;
  /** Frames above this are refused by the WebSocket layer itself (close 1009, no error frame). */
  hardMaxFrameBytes: number;
  /** No frame from the client for this long: IDLE_TIMEOUT, close 4408. */
  idleTimeoutMs: number;
  /** Silence that ends an utterance (the VAD endpointer). */
  endpointSilenceMs: number;
  /**
   * Voiced audio before an utterance opens (VadOptions.minSpeechMs): clicks and breaths shorter
   * than this never start one, and no interim comes sooner after speech starts.
   */
  speechOnsetMs: number;
  /**
   * Silence after which the recognizer finishes decoding the words so far, ahead of the endpoint,
   * so the final is ready when the endpoint comes; speech before the endpoint continues the
   * utterance. At or above `endpointSilenceMs`: decoding waits for the endpoint.
   */
  decodePauseMs: number;
  /** Speech-like frames this many dB under the running speech level end an utterance like silence (VadOptions.energyGateDb); 0: off. */
  endpointEnergyGateDb: number;
  /** An utterance is cut (final sent) at this length even without a pause. */
  maxUtteranceMs: number;
  /** Audio between two looks at the recognizer's hypothesis; an interim is sent only when it changed. */
  interimEveryMs: number;
  /** Received audio not yet recognized above which the socket stops reading (TCP pushes back). */
  maxPendingAudioBytes: number;
  /** Unsent output above which interims are held back (only the newest kept); finals always go. */
  sendHighWaterBytes: number;
  /** Unsent output above which the client counts as gone: the connection is dropped. */
  maxBufferedBytes: number;
  /** Empty end-of-audio frame → finals: longer than this is an engine failure (UPSTREAM_TIMEOUT). */
  finalizeTimeoutMs: number;
  /** On server shutdown, how long open utterances may take to finalize before close 1001. */
  shutdownGraceMs: number;
  /** How long `{finished: true}` waits for the recorder to store the last finals. */
  recorderFlushTimeoutMs: number;
  /** A final the database cannot take now (DATABASE_UNAVAILABLE) is tried again this often… */
  recorderRetryMs: number;
  /** …for at most this long; the client has it either way. */
  recorderRetryForMs: number;
}

export interface LiveSttDeps {
  /** The caller an API key belongs to, or undefined/null for an unknown key (AccountsService.authenticate). */
  authenticate(apiKey: string): Promise<LiveCaller | null | undefined>;
  /** A streaming recognizer (engines.localStt); `openStream` is called once per session. */
  stt: LiveSttEngine;
  /** The endpointer. */
  vad: VadEngine;
  /** Needed only by sessions with reduce_noise=true; without it they get ENGINE_UNAVAILABLE. */
  denoise?: DenoiseEngine;
  /** Live speaker labels; without it finals carry no `speaker`. */
  diarization?: DiarizationEngine;
  /** Default: engines/audio OpusStreamDecoder. */
  createOpusDecoder?: () => OpusDecoderLike;
  /** Default: nothing is recorded. */
  sink?: LiveResultsSink;
  logger?: LiveLogger;
  /** Default: the system clock. */
  clock?: Clock;
  /** Session ids (`sess_…`) and utterance ids (`utt_…`). Default: random. */
  ids?: IdGenerator;
  limits?: Partial<LiveSttLimits>;
}
