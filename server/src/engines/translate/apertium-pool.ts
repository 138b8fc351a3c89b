import { APERTIUM_DATA_DIR } from './apertium-pairs.js';
import { ApertiumPipeline, nullFlushScript } from './apertium-pipeline.js';

// A bounded set of long-lived pipelines (apertium-pipeline.ts), shared by every request: a batch
// takes an idle pipeline of its mode, else starts one while under the bound, else (when its mode
// has no pipeline) replaces the least recently used idle pipeline of another mode, else waits. So ten targets run in parallel,
// a busy mode gets a second pipeline, and the process count stays bounded whatever the load.
// Pipelines idle for `idleMs` are stopped (each holds its transducers in memory).

export interface ApertiumPoolOptions {
  dataDir?: string;
  /** Pipelines alive at once (each is ~10 processes); 12 lets ten targets and a pivot run together. */
  maxPipelines?: number;
  /** An idle pipeline is stopped after this long. */
  idleMs?: number;
  /** Deadline of one batch; the pipeline is killed when it passes. */
  timeoutMs?: number;
}

export const DEFAULT_MAX_PIPELINES = 12;
const DEFAULT_IDLE_MS = 10 * 60_000;
const DEFAULT_TIMEOUT_MS = 60_000;

export class ApertiumPool {
  private readonly pipelines = new Set<ApertiumPipeline>();
  private readonly scripts = new Map<string, Promise<string>>();
  private readonly waiters: (() => void)[] = [];
  /** Modes whose pipeline is being started. */
  private readonly starting: string[] = [];
  private readonly dataDir: string;
  private readonly max: number;
  private readonly idleMs: number;
  private readonly timeoutMs: number;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(options: ApertiumPoolOptions = {}) {
    this.dataDir = options.dataDir ?? APERTIUM_DATA_DIR;
    this.max = Math.max(1, options.maxPipelines ?? DEFAULT_MAX_PIPELINES);
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Pipelines alive and busy now (for status and benchmarks). */
  counts(): { alive: number; busy: number } {
    const all = [...this.pipelines];
    return { alive: all.length, busy: all.filter((p) => p.busy).length };
  }

  async translate(mode: string, texts: readonly string[]): Promise<string[]> {
    if (texts.length === 0) return [];
    const pipeline = await this.acquire(mode);
    try {
      return await pipeline.translate(texts, this.timeoutMs);
    } finally {
      this.release(pipeline);
    }
  }

  /** Starts a pipeline of each mode now, so the first calls do not pay the load. */
  async warm(modes: readonly string[]): Promise<void> {
    await Promise.all(modes.slice(0, this.max).map((m) => this.translate(m, ['ok'])));
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const pipeline of [...this.pipelines]) pipeline.close();
  }

  private async acquire(mode: string): Promise<ApertiumPipeline> {
    for (;;) {
      const idle = [...this.pipelines].find((p) => p.mode === mode && !p.busy && p.alive);
      if (idle) return this.take(idle);
      const spare = this.pipelines.size + this.starting.length < this.max;
      // When full, a mode that already has a pipeline waits for it; only a mode with none replaces
      // another mode's idle pipeline. Replacing for a second copy would thrash: ten targets through
      // one pivot would keep evicting the modes the next request needs.
      const own = this.starting.includes(mode) || [...this.pipelines].some((p) => p.mode === mode);
      const victim =
        spare || own
          ? undefined
          : [...this.pipelines].filter((p) => !p.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (spare || victim) {
        victim?.close();
        // Counted while its script is read, so concurrent callers see the slot taken.
        this.starting.push(mode);
        try {
          const script = await this.script(mode);
          return this.take(new ApertiumPipeline(mode, script, (p) => this.forget(p)));
        } finally {
          this.starting.splice(this.starting.indexOf(mode), 1);
          this.wake();
        }
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private take(pipeline: ApertiumPipeline): ApertiumPipeline {
    this.pipelines.add(pipeline);
    pipeline.busy = true;
    this.startSweeper();
    return pipeline;
  }

  private release(pipeline: ApertiumPipeline): void {
    pipeline.busy = false;
    pipeline.lastUsed = Date.now();
    this.wake();
  }

  private forget(pipeline: ApertiumPipeline): void {
    if (this.pipelines.delete(pipeline)) this.wake();
  }

  /** Every waiter looks again: the pipeline freed may be of any one's mode. */
  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private script(mode: string): Promise<string> {
    let script = this.scripts.get(mode);
    if (!script) {
      script = nullFlushScript(this.dataDir, mode);
      script.catch(() => this.scripts.delete(mode));
      this.scripts.set(mode, script);
    }
    return script;
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(
      () => {
        const now = Date.now();
        for (const p of this.pipelines) {
          if (!p.busy && p.alive && now - p.lastUsed > this.idleMs) p.close();
        }
      },
      Math.min(this.idleMs, 60_000),
    );
    this.sweeper.unref();
  }
}
