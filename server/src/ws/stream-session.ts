import type { StreamServerFrame } from '@parley/schemas/types';
import type { Clock } from '../core/clock.js';
import { StreamClose } from '../core/contracts.js';
import type { IdGenerator } from '../core/ids.js';
import { LiveRecognizer, type RecognizerEngines } from '../engines/recognition/live-recognizer.js';
import type {
  LiveCaller,
  LiveEndReason,
  LiveInterim,
  LiveLogger,
  LiveResultsSink,
  LiveSessionInfo,
  LiveSttLimits,
  LiveUtterance,
} from '../engines/stt/live-stt.contract.js';
import { withDeadline } from './deadline.js';
import { checkEngines } from './engine-check.js';
import type { FrameKind } from './outbound-queue.js';
import { RecorderQueue } from './recorder-queue.js';
import { closeReason, failureOf, StreamFailure } from './stream-failure.js';
import { readConfigFrame, type StreamQuery, sessionSettings } from './stream-params.js';

// The protocol of one WebSocket session, free of socket plumbing and wire encoding:
//   awaiting-config --text--> opening --engines ready--> streaming --empty frame--> finishing --> closed
// Any state can fail (error frame, then the close code of its error) or lose its client. The
// session speaks in the JSON frame shapes through SessionIO; the server encodes them per format.

export interface SessionIO {
  send(frame: StreamServerFrame, kind: FrameKind): void;
  close(code: number, reason: string): void;
  /** false: stop reading the socket (TCP pushes back on the client); true: read again. */
  setReading(reading: boolean): void;
}

export interface SessionContext {
  caller: LiveCaller;
  query: StreamQuery;
  engines: RecognizerEngines;
  sink: LiveResultsSink | undefined;
  logger: LiveLogger;
  clock: Clock;
  ids: IdGenerator;
  limits: LiveSttLimits;
}

type State = 'awaiting-config' | 'opening' | 'streaming' | 'finishing' | 'closed';

export class StreamSession {
  private state: State = 'awaiting-config';
  private info: LiveSessionInfo | undefined;
  private recognizer: LiveRecognizer | undefined;
  private recorder: RecorderQueue | undefined;
  private opening: Promise<void> | undefined;
  /** End of audio being handled: finals, the recorded end, then `finished` and close. */
  private finishing: Promise<void> | undefined;
  /** Audio that arrived while the engines were being opened (clients need not wait for `connected`). */
  private early: Uint8Array[] = [];
  private endRequested = false;
  private finals = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  /** The session's maximum length: then it is finalized like a client's end of audio. */
  private readonly lifeTimer: NodeJS.Timeout;
  private readingPaused = false;
  private torn = false;
  private resolveDone!: () => void;
  /** Resolves once the session's results and its end are recorded (a finished one: just before `finished`). */
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    private readonly ctx: SessionContext,
    private readonly io: SessionIO,
  ) {
    this.armIdle();
    const maxMs = ctx.limits.maxSessionMs;
    this.lifeTimer = setTimeout(() => {
      if (this.state === 'streaming') this.finishing = this.finishAudio();
      else if (this.state !== 'finishing')
        this.fail(
          new StreamFailure(
            'IDLE_TIMEOUT',
            `Session reached its maximum length of ${maxMs / 60_000} minutes`,
          ),
        );
    }, maxMs);
    this.lifeTimer.unref();
  }

  get accountId(): string {
    return this.ctx.caller.accountId;
  }

  get sessionId(): string | undefined {
    return this.info?.sessionId;
  }

  onText(text: string): void {
    if (this.state === 'closed' || this.state === 'finishing') return;
    this.armIdle();
    const bytes = Buffer.byteLength(text);
    if (bytes > this.ctx.limits.maxFrameBytes) {
      this.tooLarge(bytes);
      return;
    }
    if (this.state !== 'awaiting-config') {
      this.fail(
        new StreamFailure('BAD_REQUEST', 'Only one config frame is allowed; audio goes in binary frames'),
      );
      return;
    }
    this.state = 'opening';
    this.opening = this.configure(text).catch((error: unknown) => this.fail(error));
  }

  onBinary(frame: Uint8Array): void {
    if (this.state === 'closed' || this.state === 'finishing') return;
    this.armIdle();
    if (frame.length > this.ctx.limits.maxFrameBytes) {
      this.tooLarge(frame.length);
      return;
    }
    if (this.state === 'awaiting-config') {
      this.fail(new StreamFailure('BAD_REQUEST', 'Audio frame received before the config frame'));
      return;
    }
    if (this.state === 'opening') {
      if (frame.length === 0) this.endRequested = true;
      else if (!this.endRequested) this.early.push(frame);
      return;
    }
    if (frame.length === 0) this.finishing = this.finishAudio();
    else this.recognizer?.push(frame);
  }

  /** The client went away (or the connection broke) without the server closing it. */
  onClientClosed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    void this.teardown('client-closed');
  }

  /** Server shutdown: open utterances get their finals if that is quick, then close 1001. */
  async shutdown(): Promise<void> {
    const grace = this.ctx.limits.shutdownGraceMs;
    // A session already finishing gets to send `finished` if it can within the grace period.
    if (this.state === 'finishing') await withDeadline(this.finishing, grace);
    if (this.state === 'streaming') {
      this.state = 'finishing';
      this.clearIdle();
      await withDeadline(this.recognizer?.end(), grace).catch(() => undefined);
    }
    if (this.state === 'closed') return this.done;
    this.state = 'closed';
    this.io.close(StreamClose.serverShutdown, 'Server shutting down');
    await this.teardown('shutdown');
  }

  private async configure(text: string): Promise<void> {
    const settings = sessionSettings(this.ctx.query, readConfigFrame(text), () => this.ctx.ids.next('sess'));
    checkEngines(this.ctx.engines, settings.languageHints);
    const info: LiveSessionInfo = {
      ...settings,
      caller: this.ctx.caller,
      startedAtMicros: this.ctx.clock.nowMicros(),
    };
    this.info = info;
    const recorder = await this.ctx.sink?.openSession(info);
    if (recorder)
      this.recorder = new RecorderQueue(recorder, this.ctx.logger, info.sessionId, {
        everyMs: this.ctx.limits.recorderRetryMs,
        forMs: this.ctx.limits.recorderRetryForMs,
      });
    if (this.state !== 'opening') return;
    this.recognizer = await LiveRecognizer.open(
      this.ctx.engines,
      { ...settings, limits: this.ctx.limits, newUtteranceId: () => this.ctx.ids.next('utt') },
      {
        interim: (interim) => this.interim(interim),
        final: (utterance) => this.final(utterance),
        backlog: (high) => this.backlog(high),
        failed: (error) => this.fail(error),
      },
    );
    if (this.state !== 'opening') return;
    this.state = 'streaming';
    this.ctx.logger.debug(
      { sessionId: info.sessionId, meetingId: info.meetingId, encoding: info.encoding },
      'live stream connected',
    );
    this.io.send({ connected: true }, 'control');
    for (const frame of this.early.splice(0)) this.recognizer.push(frame);
    if (this.endRequested) this.finishing = this.finishAudio();
  }

  private interim(interim: LiveInterim): void {
    if (!this.info || this.state === 'closed') return;
    this.io.send(
      { chunk: { id: interim.id, session_id: this.info.sessionId, text: interim.text, is_final: false } },
      'interim',
    );
    this.recorder?.interim(interim);
  }

  private final(utterance: LiveUtterance): void {
    if (!this.info || this.state === 'closed') return;
    const { id, text, speaker } = utterance;
    const chunk = {
      id,
      session_id: this.info.sessionId,
      text,
      is_final: true,
      ...(speaker !== undefined ? { speaker } : {}),
    };
    this.io.send({ chunk }, 'final');
    this.finals++;
    this.recorder?.final(utterance);
  }

  /** End of audio: every pending final, then `{finished: true}`, then close 1000. */
  private async finishAudio(): Promise<void> {
    if (this.state !== 'streaming') return;
    this.state = 'finishing';
    this.clearIdle();
    try {
      const timeout = this.ctx.limits.finalizeTimeoutMs;
      const ended = await withDeadline(this.recognizer?.end(), timeout);
      if (!ended)
        throw new StreamFailure('UPSTREAM_TIMEOUT', `Finalizing took longer than ${timeout / 1000} seconds`);
      await this.recorder?.flush(this.ctx.limits.recorderFlushTimeoutMs);
      if (this.state !== 'finishing') return;
      // The end is recorded before the client hears `finished`: once it has, every route answers
      // the meeting as this stream left it (ended, when it was the last open one), and a sibling
      // stream dropped right after cannot commit first and leave the meeting live.
      await this.teardown('finished');
      if (this.state !== 'finishing') return;
      this.io.send({ finished: true }, 'control');
      this.state = 'closed';
      this.io.close(StreamClose.normal, 'Session ended');
    } catch (error) {
      this.fail(error);
    }
  }

  private backlog(high: boolean): void {
    this.readingPaused = high;
    this.io.setReading(!high);
    // The client cannot be idle while the server is the one not reading.
    if (high) this.clearIdle();
    else if (this.state === 'streaming') this.armIdle();
  }

  private tooLarge(bytes: number): void {
    const max = this.ctx.limits.maxFrameBytes;
    this.fail(
      new StreamFailure('PAYLOAD_TOO_LARGE', `Frame of ${bytes} bytes exceeds the maximum of ${max} bytes`),
    );
  }

  private fail(error: unknown): void {
    if (this.state === 'closed') return;
    const failure = failureOf(error);
    const log = { sessionId: this.info?.sessionId, code: failure.code, err: failure.cause ?? failure };
    if (failure.internal) this.ctx.logger.error(log, 'live stream failed');
    else this.ctx.logger.info(log, `live stream ended: ${failure.message}`);
    this.io.send(
      { error: { code: failure.code, message: failure.message, close_code: failure.closeCode } },
      'control',
    );
    this.state = 'closed';
    this.io.close(failure.closeCode, closeReason(failure.message));
    void this.teardown(failure.code === 'IDLE_TIMEOUT' ? 'idle-timeout' : 'error');
  }

  /** Once per session: releases the engines and records how it ended. */
  private async teardown(reason: LiveEndReason): Promise<void> {
    if (this.torn) return this.done;
    this.torn = true;
    this.clearIdle();
    clearTimeout(this.lifeTimer);
    this.early = [];
    await this.opening;
    const abandoned = await this.recognizer?.abandon().catch(() => undefined);
    await this.recorder?.end(
      {
        reason,
        finals: this.finals,
        audioMs: this.recognizer?.audioMs ?? 0,
        ...(abandoned ? { abandonedUtteranceId: abandoned } : {}),
      },
      this.ctx.limits.recorderFlushTimeoutMs,
    );
    this.resolveDone();
  }

  private armIdle(): void {
    this.clearIdle();
    if (this.readingPaused) return;
    const ms = this.ctx.limits.idleTimeoutMs;
    this.idleTimer = setTimeout(() => {
      this.fail(new StreamFailure('IDLE_TIMEOUT', `No frame received for ${ms / 1000} seconds`));
    }, ms);
  }

  private clearIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}
