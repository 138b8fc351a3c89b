import type { FrameSet } from './audio-frames.js';
import { FramePacer } from './frame-pacer.js';
import type { ServerFrame } from './server-frames.js';
import { type Turn, TurnLatency } from './turn-latency.js';
import { wordErrorRate } from './word-error-rate.js';

// The client side of one live STT session as a state machine with deadlines, free of any socket
// API: a driver (the k6 script, the node probe) feeds it what happens (open, frames, timers,
// close) with the time, and performs the actions it returns. The order is the spec's: config,
// {connected}, audio paced in real time, the empty frame, finals, {finished}, the server's close.

export type Action =
  | { type: 'send-text'; text: string }
  /** Send `frames.buffer.slice(...ranges[i])` for each index, in order. */
  | { type: 'send-frames'; indices: number[]; lagsMs: number[] }
  /** The end-of-audio frame: an empty binary message. */
  | { type: 'send-end' }
  /** Call `timer()` at this absolute time (one pending wake is enough: a later one replaces it). */
  | { type: 'wake'; atMs: number }
  | { type: 'close'; reason: string };

export type Phase = 'opening' | 'configured' | 'streaming' | 'ending' | 'finished' | 'closed';

export interface SessionOptions {
  frames: FrameSet;
  /** The first frame, sent as JSON text (stream-config.schema.json). */
  config: Record<string, unknown>;
  /** The fixture's spoken turns (manifest `turns`): turn latencies and the WER reference. */
  turns?: readonly Turn[];
  /** From socket creation to {connected}. */
  connectTimeoutMs?: number;
  /** From the empty frame to {finished}; the spec says finalizing takes about 5 s. */
  finalizeTimeoutMs?: number;
  /** How long to wait for the server's close after {finished} before closing ourselves. */
  closeGraceMs?: number;
}

/** Why a session did not end as the spec says; one counter each in the summary. */
export const ERROR_KINDS = [
  'no_connected',
  'no_finished',
  'error_frame',
  'protocol',
  'closed_early',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface SessionReport {
  phase: Phase;
  /** Socket open and config sent → {connected} (the handshake before it is k6's ws_connecting). */
  connectedMs?: number;
  /**
   * Per turn: the frame holding its first audio sent → its first result (interim or final); a turn
   * answered first by its final after all its audio was sent counts from its last audio instead.
   */
  firstResultMs: number[];
  /** Per turn: the frame holding its last audio sent → its (last) final. */
  turnFinalMs: number[];
  /**
   * Empty frame sent → the last final received after it; 0 when finals came and every one came
   * before it (nothing was left to wait for); none without any final.
   */
  endToLastFinalMs?: number;
  /** Empty frame sent → {finished}. */
  endToFinishedMs?: number;
  finished: boolean;
  /** An utterance had interims but no final before the session ended. */
  lostFinal: boolean;
  interims: number;
  finals: number;
  /** The finals in order, joined. */
  transcript: string;
  /** Word error rate of `transcript` against the turns' text (undefined without turns). */
  wer?: number;
  /** How late each audio frame left, in ms. */
  pacingLagMs: number[];
  framesSent: number;
  unknownFrames: number;
  closeCode?: number;
  errorKind?: ErrorKind;
  /** The server's error frame code, or why the client gave up. */
  error?: string;
}

/**
 * The client's deadlines, the same for every runner: {connected} within 10 s of the socket, {finished}
 * within 15 s of the empty frame (the spec says finalizing takes about 5), the server's close within
 * 2 s of {finished}.
 */
export const DEADLINES = {
  connectTimeoutMs: 10_000,
  finalizeTimeoutMs: 15_000,
  closeGraceMs: 2_000,
} as const;

export class StreamSession {
  private phase: Phase = 'opening';
  private readonly pacer: FramePacer;
  private readonly turns: TurnLatency;
  private readonly finalTexts: string[] = [];
  private readonly openUtterances = new Set<string>();
  private readonly report: SessionReport;
  private endAt: number | undefined;
  private openedAt: number | undefined;
  private deadline: number;
  private readonly options: Required<Omit<SessionOptions, 'turns'>> & Pick<SessionOptions, 'turns'>;

  constructor(
    options: SessionOptions,
    private readonly createdAt: number,
  ) {
    this.options = { ...DEADLINES, ...options };
    this.pacer = new FramePacer(options.frames.offsetsMs);
    this.turns = new TurnLatency(options.turns ?? [], options.frames.offsetsMs);
    this.deadline = createdAt + this.options.connectTimeoutMs;
    this.report = {
      phase: 'opening',
      finished: false,
      lostFinal: false,
      interims: 0,
      finals: 0,
      firstResultMs: [],
      turnFinalMs: [],
      transcript: '',
      pacingLagMs: [],
      framesSent: 0,
      unknownFrames: 0,
    };
  }

  get state(): Phase {
    return this.phase;
  }

  open(now: number): Action[] {
    if (this.phase !== 'opening') return [];
    this.phase = 'configured';
    this.openedAt = now;
    return [
      {
        type: 'send-text',
        text: JSON.stringify({ encoding: this.options.frames.encoding, ...this.options.config }),
      },
      { type: 'wake', atMs: this.deadline },
    ];
  }

  message(now: number, frame: ServerFrame): Action[] {
    if ('connected' in frame) {
      if (this.phase !== 'configured') return this.protocolError('{connected} out of order');
      this.report.connectedMs = now - (this.openedAt ?? this.createdAt);
      this.phase = 'streaming';
      this.pacer.start(now);
      return this.stream(now);
    }
    if ('chunk' in frame) {
      if (this.phase !== 'streaming' && this.phase !== 'ending')
        return this.protocolError('result out of order');
      const { id, is_final, text } = frame.chunk;
      this.turns.result(id, text, is_final, now);
      if (is_final) {
        this.report.finals++;
        this.openUtterances.delete(id);
        this.finalTexts.push(text);
        if (this.endAt !== undefined) this.report.endToLastFinalMs = now - this.endAt;
      } else {
        this.report.interims++;
        this.openUtterances.add(id);
      }
      return [];
    }
    if ('finished' in frame) {
      if (this.phase !== 'ending') return this.protocolError('{finished} before the empty frame');
      this.report.finished = true;
      if (this.endAt !== undefined) this.report.endToFinishedMs = now - this.endAt;
      this.phase = 'finished';
      this.deadline = now + this.options.closeGraceMs;
      return [{ type: 'wake', atMs: this.deadline }];
    }
    if ('error' in frame) {
      this.report.error = frame.error.code || 'error frame';
      this.report.errorKind = 'error_frame';
      return [];
    }
    this.report.unknownFrames++;
    return [];
  }

  timer(now: number): Action[] {
    if (this.phase === 'streaming') return this.stream(now);
    if (this.phase === 'closed' || now < this.deadline)
      return this.phase === 'closed' ? [] : [{ type: 'wake', atMs: this.deadline }];
    if (this.phase === 'opening' || this.phase === 'configured')
      return this.giveUp('no {connected} in time', 'no_connected');
    if (this.phase === 'ending') return this.giveUp('no {finished} in time', 'no_finished');
    if (this.phase === 'finished')
      return [{ type: 'close', reason: 'server kept the socket open after {finished}' }];
    return [];
  }

  closed(_now: number, code: number): void {
    this.report.closeCode = code;
    if (!this.report.finished && this.report.error === undefined && this.phase !== 'finished') {
      this.report.error = `closed ${code} in phase ${this.phase}`;
      this.report.errorKind = 'closed_early';
    }
    this.phase = 'closed';
  }

  result(): SessionReport {
    const transcript = this.finalTexts.join(' ');
    const reference = (this.options.turns ?? []).map((t) => t.text).join(' ');
    const wer = wordErrorRate(reference, transcript);
    return {
      ...this.report,
      ...(this.report.endToLastFinalMs === undefined && this.endAt !== undefined && this.report.finals > 0
        ? { endToLastFinalMs: 0 }
        : {}),
      phase: this.phase,
      framesSent: this.pacer.sent,
      lostFinal: this.openUtterances.size > 0,
      firstResultMs: this.turns.firstResultMs(),
      turnFinalMs: this.turns.finalMs(),
      transcript,
      ...(wer === undefined ? {} : { wer }),
    };
  }

  private stream(now: number): Action[] {
    const actions: Action[] = [];
    const batch = this.pacer.take(now);
    if (batch.indices.length > 0) {
      this.report.pacingLagMs.push(...batch.lagsMs);
      this.turns.sent(batch.indices, now);
      actions.push({ type: 'send-frames', indices: batch.indices, lagsMs: batch.lagsMs });
    }
    const next = this.pacer.nextDueMs();
    if (next !== undefined) {
      actions.push({ type: 'wake', atMs: next });
      return actions;
    }
    this.phase = 'ending';
    this.endAt = now;
    this.deadline = now + this.options.finalizeTimeoutMs;
    actions.push({ type: 'send-end' }, { type: 'wake', atMs: this.deadline });
    return actions;
  }

  private giveUp(reason: string, kind: ErrorKind): Action[] {
    this.report.error = reason;
    this.report.errorKind = kind;
    return [{ type: 'close', reason }];
  }

  private protocolError(reason: string): Action[] {
    this.report.error = `protocol: ${reason}`;
    this.report.errorKind = 'protocol';
    return [{ type: 'close', reason }];
  }
}
