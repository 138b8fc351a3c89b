import { type ChildProcess, execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// The bench's child processes: each server runs in its own process so its CPU and event loop are its
// own. Every child is registered here and stopped when the bench ends, fails or is interrupted, so
// no server outlives it.

const children = new Set<ChildProcess>();
const STOP_GRACE_MS = 12_000;

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL if the child has not exited after the grace period. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild));
}

/** Kills what is left synchronously (process 'exit' handlers cannot wait). */
function killAllNow(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** Stops every child on Ctrl-C, SIGTERM, an uncaught error or a plain exit. */
export function installCleanup(onInterrupt: () => void = () => {}): void {
  process.once('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the servers\n`);
      onInterrupt();
      void stopAll().finally(() => process.exit(130));
    });
  }
}

/** A free TCP port on 127.0.0.1 (for children that take a port rather than report one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** A log file a child writes its stdout/stderr to directly (no pipe through the bench process). */
export function logFile(path: string): { fd: number; tail(chars?: number): string; close(): void } {
  const fd = openSync(path, 'w');
  return {
    fd,
    tail: (chars = 2000) => {
      try {
        return readFileSync(path, 'utf8').slice(-chars).trim();
      } catch {
        return '';
      }
    },
    close: () => closeSync(fd),
  };
}

/** Polls `url` until it answers (any status) or the child exits or the time is up. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before listening`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`did not answer ${url} within ${timeoutMs / 1000} s`);
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system, all threads) a process has used so far; undefined off Linux. */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
