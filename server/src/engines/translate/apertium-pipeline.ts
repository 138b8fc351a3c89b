import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EngineFailedError } from '../engine.js';

// One long-lived Apertium pipeline for one mode, in null-flush mode: every stage is started with
// `-z`, so a text followed by a NUL byte comes out translated and followed by a NUL without the
// pipeline closing. Loading the transducers costs 0.2–1 s of CPU per start; a kept pipeline pays it
// once. The texts are written in Apertium's stream format ourselves (escapes below) because the
// `apertium` wrapper's txt deformatter drops the NUL bytes. One batch at a time: the pool serialises.

const run = promisify(execFile);

/** Characters the stream format reserves: escaped with a backslash, as apertium-destxt does. */
const RESERVED = /[\\[\]^$/@<>{}]/g;
/** Kept verbatim as a "superblank" (a `[...]` block the pipeline passes through untouched). */
const SUPERBLANK = /[~\r\n\t]+/g;

export function toStream(text: string): string {
  return text
    .replace(/\0/g, '')
    .replace(RESERVED, '\\$&')
    .replace(SUPERBLANK, (s) => `[${s.replace(RESERVED, '\\$&')}]`);
}

/** Undoes toStream on the pipeline's output: escapes resolved, superblanks unwrapped. */
export function fromStream(stream: string): string {
  let out = '';
  for (let i = 0; i < stream.length; i++) {
    const c = stream[i];
    if (c === '\\' && i + 1 < stream.length) out += stream[++i];
    else if (c !== '[' && c !== ']') out += c;
  }
  return out.trim();
}

/** The mode's shell pipeline with `-z` on every stage (apertium-wblank-mode writes it). */
export async function nullFlushScript(dataDir: string, mode: string): Promise<string> {
  const { stdout } = await run('apertium-wblank-mode', ['-z', join(dataDir, 'modes', `${mode}.mode`)]);
  return stdout;
}

interface Pending {
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

export class ApertiumPipeline {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  private buffered: Buffer = Buffer.alloc(0);
  private stderrTail = '';
  private deadReason: string | undefined;
  lastUsed = Date.now();
  busy = false;

  constructor(
    readonly mode: string,
    script: string,
    private readonly onExit: (pipeline: ApertiumPipeline) => void,
  ) {
    // `$1` of a mode script is the generator's option: -n writes unknown words without the `*` mark.
    this.child = spawn('bash', ['-c', script, 'apertium', '-n', ''], {
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
      detached: true,
    });
    // An idle pipeline must not keep a process (a CLI, a test worker) alive; a call in flight holds
    // its own timer.
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) {
      (stream as unknown as { unref?: () => void }).unref?.();
    }
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-400);
    });
    this.child.stdin.on('error', () => {});
    this.child.on('error', (error) => this.die(error.message));
    this.child.on('exit', (code, signal) => this.die(`exited (${signal ?? code})`));
  }

  get alive(): boolean {
    return this.deadReason === undefined;
  }

  /** Translates each text; rejects (and kills the pipeline) when it dies or takes over `timeoutMs`. */
  async translate(texts: readonly string[], timeoutMs: number): Promise<string[]> {
    if (!this.alive) throw this.failure(this.deadReason ?? 'not running');
    const results = texts.map(
      () => new Promise<string>((resolve, reject) => this.pending.push({ resolve, reject })),
    );
    const timer = setTimeout(() => {
      this.die(`no answer within ${timeoutMs} ms`);
      this.close();
    }, timeoutMs);
    try {
      // The empty superblank before each NUL: lt-proc holds a last word (or a final full stop) that no
      // blank follows, and would never flush it.
      this.child.stdin.write(texts.map((t) => `${toStream(t)}[]\0`).join(''));
      return await Promise.all(results);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.die('closed');
    try {
      // The whole process group: bash and every stage of the pipeline.
      if (this.child.pid) process.kill(-this.child.pid, 'SIGTERM');
    } catch {}
    this.child.stdin.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    let nul = this.buffered.indexOf(0);
    while (nul >= 0) {
      const text = this.buffered.subarray(0, nul).toString('utf8');
      this.buffered = this.buffered.subarray(nul + 1);
      // NULs after the last expected answer come from a pipeline that is ending; nothing waits for them.
      this.pending.shift()?.resolve(fromStream(text));
      nul = this.buffered.indexOf(0);
    }
  }

  private die(reason: string): void {
    if (this.deadReason !== undefined) return;
    this.deadReason = reason;
    const error = this.failure(reason);
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
    this.onExit(this);
  }

  private failure(reason: string): EngineFailedError {
    const stderr = this.stderrTail.trim();
    return new EngineFailedError(
      'translate',
      `apertium ${this.mode} ${reason}${stderr ? `: ${stderr.split('\n').at(-1)}` : ''}`,
    );
  }
}
