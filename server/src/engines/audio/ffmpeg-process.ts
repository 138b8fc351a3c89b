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
  const { input, ...limits } = options;
  const run = launch(path, args, limits, input !== undefined);
  if (input) run.write(input);
  return run.end();
}

/** An ffmpeg run fed through stdin piece by piece: it encodes while the caller still produces audio. */
export interface FfmpegFeed {
  write(bytes: Uint8Array): void;
  /** Closes stdin; resolves with stdout once ffmpeg has exited 0. */
  end(): Promise<Buffer>;
  /** Stops ffmpeg (an abandoned run); `end()` then rejects. */
  kill(): void;
}

/** Starts ffmpeg with `pipe:0` as its input; see FfmpegFeed. */
export function startFfmpeg(
  path: string,
  args: readonly string[],
  options: Omit<RunFfmpegOptions, 'input'> = {},
): FfmpegFeed {
  return launch(path, args, options, true);
}

function launch(
  path: string,
  args: readonly string[],
  options: Omit<RunFfmpegOptions, 'input'>,
  piped: boolean,
): FfmpegFeed {
  const child = spawn(path, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
    stdio: [piped ? 'pipe' : 'ignore', 'pipe', 'pipe'],
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
  const result = new Promise<Buffer>((resolve, reject) => {
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
  });
  // A run that is killed (or fails) before anyone awaits end() must not become an unhandled rejection.
  result.catch(() => {});
  // ffmpeg stops reading as soon as it rejects the input; the broken pipe is expected, not a crash.
  child.stdin?.on('error', () => {});
  return {
    write: (bytes) => {
      if (child.stdin?.writable) child.stdin.write(bytes);
    },
    end: () => {
      child.stdin?.end();
      return result;
    },
    kill: () => stop(new FfmpegError('exit', 'ffmpeg stopped by the caller', stderr, null)),
  };
}
