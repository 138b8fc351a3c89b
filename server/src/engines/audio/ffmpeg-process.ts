import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

// Locating and running the ffmpeg binary. FFMPEG_PATH wins (a system ffmpeg); otherwise the static
// build shipped by @ffmpeg-installer, whose loader throws a string when its platform package is missing.

export function resolveFfmpegPath(env: NodeJS.ProcessEnv = process.env): { path?: string; reason?: string } {
  if (env.FFMPEG_PATH) return { path: env.FFMPEG_PATH };
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    return { path: installer.path };
  } catch (error) {
    return {
      reason: `no ffmpeg binary: set FFMPEG_PATH (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

export type FfmpegFailure = 'spawn' | 'exit' | 'timeout' | 'output-limit';

export class FfmpegError extends Error {
  override readonly name = 'FfmpegError';
  readonly kind: FfmpegFailure;
  /** The last lines ffmpeg wrote to stderr: the part that says what was wrong with the input. */
  readonly stderr: string;
  readonly exitCode: number | null;
  constructor(kind: FfmpegFailure, message: string, stderr: string, exitCode: number | null) {
    super(message);
    this.kind = kind;
    this.stderr = stderr;
    this.exitCode = exitCode;
  }
}

export interface RunFfmpegOptions {
  /** Written to ffmpeg's stdin (`pipe:0`); omit when the input is a file. */
  input?: Uint8Array;
  timeoutMs?: number;
  maxOutputBytes?: number;
}

const STDERR_KEEP = 4000;

/** Runs ffmpeg to completion and returns what it wrote to stdout. */
export function runFfmpeg(
  path: string,
  args: readonly string[],
  options: RunFfmpegOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let failure: FfmpegError | undefined;
    const stop = (error: FfmpegError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new FfmpegError('timeout', `ffmpeg ran longer than ${options.timeoutMs} ms`, stderr, null)),
      options.timeoutMs ?? 300_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (options.maxOutputBytes !== undefined && outBytes > options.maxOutputBytes) {
        stop(
          new FfmpegError(
            'output-limit',
            `ffmpeg output exceeds ${options.maxOutputBytes} bytes`,
            stderr,
            null,
          ),
        );
      } else out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError('spawn', `cannot run ffmpeg at ${path}: ${error.message}`, stderr, null));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0)
        return reject(new FfmpegError('exit', `ffmpeg exited with ${code}`, stderr.trim(), code));
      resolve(Buffer.concat(out));
    });
    if (options.input && child.stdin) {
      // ffmpeg stops reading as soon as it rejects the input; the broken pipe is expected, not a crash.
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
    }
  });
}
