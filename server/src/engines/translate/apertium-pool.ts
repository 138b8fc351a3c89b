import { APERTIUM_DATA_DIR } from './apertium-pairs.js';
import { ApertiumPipeline, nullFlushScript } from './apertium-pipeline.js';

// A bounded set of long-lived pipelines (apertium-pipeline.ts), shared by every request: a batch
// takes an idle pipeline of its mode, else starts one while under the bound, else replaces the
// least recently used idle pipeline of another mode, else waits. So ten targets run in parallel,
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
      const spare = this.pipelines.size < this.max;
      const victim = spare
        ? undefined
        : [...this.pipelines].filter((p) => !p.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (spare || victim) {
        victim?.close();
        // Reserve the slot before awaiting the script, so concurrent callers count it.
        const slot = { busy: true } as ApertiumPipeline;
        this.pipelines.add(slot);
        try {
          const script = await this.script(mode);
          return this.take(new ApertiumPipeline(mode, script, (p) => this.forget(p)), slot);
        } catch (error) {
          this.forget(slot);
          throw error;
        }
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private take(pipeline: ApertiumPipeline, replacing?: ApertiumPipeline): ApertiumPipeline {
    if (replacing) this.pipelines.delete(replacing);
    this.pipelines.add(pipeline);
    pipeline.busy = true;
    this.startSweeper();
    return pipeline;
  }

  private release(pipeline: ApertiumPipeline): void {
    pipeline.busy = false;
    pipeline.lastUsed = Date.now();
    this.waiters.shift()?.();
  }

  private forget(pipeline: ApertiumPipeline): void {
    if (this.pipelines.delete(pipeline)) this.waiters.shift()?.();
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
