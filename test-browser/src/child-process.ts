import {
  type ChildProcess,
  type SpawnOptions,
  type SpawnSyncOptions,
  type SpawnSyncReturns,
  spawn,
  spawnSync,
} from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';

// The one way the repo's tests start a process. A process that cannot start (a missing binary, a
// folder the user cannot enter, a uid without rights) makes Node emit 'error' and never 'exit':
// unhandled, that is an uncaught exception and a test that waits out its whole timeout. Here it
// fails at once, naming the command and Node's error.

/** The command line as a person would type it, for messages. */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((word) => (/[\s'"]/.test(word) ? JSON.stringify(word) : word)).join(' ');
}

export class SpawnFailedError extends Error {
  override readonly name = 'SpawnFailedError';
  constructor(command: string, args: readonly string[], cause: Error) {
    super(`could not run \`${commandLine(command, args)}\`: ${cause.message}`, { cause });
  }
}

export interface WatchedChild {
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal); rejects at once if the process never started. */
  exited: Promise<number | null>;
}

/** spawn(), its start failure turned into a rejection of `exited` (SpawnFailedError). */
export function spawnWatched(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): WatchedChild {
  const child = spawn(command, args, options);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error) => reject(new SpawnFailedError(command, args, error)));
    child.once('exit', (code) => resolve(code));
  });
  // A caller that only kills the child never awaits `exited`; its rejection is still reported through
  // whatever the caller awaits (bannerUrl, a start promise), never as an unhandled rejection.
  exited.catch(() => {});
  return { child, exited };
}

/** spawnSync(), throwing SpawnFailedError when the process could not start (spawnSync only returns it). */
export function runSync(
  command: string,
  args: readonly string[],
  options: SpawnSyncOptions & { encoding: BufferEncoding },
): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, options);
  if (result.error && result.status === null && result.signal === null)
    throw new SpawnFailedError(command, args, result.error);
  return result;
}

/** The unprivileged user root's tests run as (Debian's `nobody`). */
export const NOBODY = 65534;

/**
 * The machine's own Node, where there is one: another user can run it even when this process's Node
 * lies in a private folder (a checkout in `mktemp -d`), so it asks about paths that have nothing to
 * do with the checkout (a scratch folder, another program's binary).
 */
export const SYSTEM_NODE = ['/usr/local/bin/node', '/usr/bin/node'].find((path) => existsSync(path));

/**
 * Undefined when `uid` can run `node` (this process's Node unless told) and read every path in
 * `paths` (the repository's files the test needs, its scratch folders); otherwise the reason, for a
 * skipped test's name. Tried, not guessed: a private (0700) folder above the repository or the Node
 * binary stops another user.
 */
export function cannotRunAs(
  uid: number,
  paths: readonly string[],
  node = process.execPath,
): string | undefined {
  if (process.getuid?.() !== 0) return 'only root may run a process as another user';
  const check = `for (const p of ${JSON.stringify(paths)}) require('node:fs').accessSync(p, require('node:fs').constants.R_OK)`;
  const result = spawnSync(node, ['-e', check], {
    uid,
    gid: uid,
    cwd: dirname(node),
    encoding: 'utf8',
    env: {},
  });
  if (result.error) return `uid ${uid} cannot run ${node} (${result.error.message})`;
  if (result.status !== 0) {
    const reason = /Error: (.+)/.exec(result.stderr)?.[1] ?? result.stderr.trim().split('\n').at(-1);
    return `uid ${uid} cannot reach the files the test needs (${reason})`;
  }
  return undefined;
}

/** The end of a test's name that says why it was skipped, or nothing when it runs. */
export function skipReason(reason: string | undefined): string {
  return reason ? ` (skipped: ${reason})` : '';
}
