import { databaseUnavailable } from '../core/database-unavailable.js';
import type {
  LiveInterim,
  LiveLogger,
  LiveSessionEnd,
  LiveSessionRecorder,
  LiveUtterance,
} from '../engines/stt/live-stt.contract.js';
import { withDeadline } from './deadline.js';

// Hands a session's results to its recorder one call at a time and in order, without making the
// stream wait for storage. Finals are never dropped; of the interims waiting behind a slow
// recorder only the newest is kept (each holds all text of its utterance, so nothing is lost).
// A recorder error is logged and the stream goes on: the client still gets every result. A final
// the database cannot take now (gone, restarting) is tried again until it can, within `retry.forMs`:
// the results behind it wait their turn, so the meeting's transcript keeps every final and its order.

type Job = { kind: 'interim'; value: LiveInterim } | { kind: 'final'; value: LiveUtterance };

export class RecorderQueue {
  private readonly jobs: Job[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly recorder: LiveSessionRecorder,
    private readonly logger: LiveLogger,
    private readonly sessionId: string,
    private readonly retry: { everyMs: number; forMs: number },
  ) {}

  interim(value: LiveInterim): void {
    const last = this.jobs.at(-1);
    if (last?.kind === 'interim') this.jobs[this.jobs.length - 1] = { kind: 'interim', value };
    else this.jobs.push({ kind: 'interim', value });
    this.run();
  }

  final(value: LiveUtterance): void {
    // The final supersedes a waiting interim of the same utterance.
    const last = this.jobs.at(-1);
    if (last?.kind === 'interim' && last.value.id === value.id) this.jobs.pop();
    this.jobs.push({ kind: 'final', value });
    this.run();
  }

  /** Resolves when every queued result is stored, or after `timeoutMs` (false then). */
  async flush(timeoutMs: number): Promise<boolean> {
    return withDeadline(this.drained(), timeoutMs);
  }

  private async drained(): Promise<void> {
    while (this.running) await this.running;
  }

  async end(end: LiveSessionEnd, timeoutMs: number): Promise<void> {
    if (!(await this.flush(timeoutMs)))
      this.logger.warn({ sessionId: this.sessionId }, 'live results still being stored at session end');
    await this.call('onSessionEnd', () => this.recorder.onSessionEnd(end));
  }

  private run(): void {
    this.running ??= (async () => {
      for (let job = this.jobs.shift(); job; job = this.jobs.shift()) {
        const current = job;
        if (current.kind === 'interim')
          await this.call('onInterim', () => this.recorder.onInterim(current.value));
        else await this.call('onFinal', () => this.recorder.onFinal(current.value), this.retry.forMs);
      }
      this.running = undefined;
    })();
  }

  /** Runs `fn`; while the database is unavailable, again every `retry.everyMs` for `retryForMs`. */
  private async call(what: string, fn: () => Promise<void> | void, retryForMs = 0): Promise<void> {
    const giveUpAt = performance.now() + retryForMs;
    for (;;) {
      try {
        await fn();
        return;
      } catch (error) {
        if (databaseUnavailable(error) && performance.now() < giveUpAt) {
          await new Promise((resolve) => setTimeout(resolve, this.retry.everyMs));
          continue;
        }
        this.logger.error({ err: error, sessionId: this.sessionId }, `live results recorder ${what} failed`);
        return;
      }
    }
  }
}
