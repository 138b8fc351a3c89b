import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cannotRunAs, NOBODY, runSync, SpawnFailedError, spawnWatched } from './child-process.js';

// A process that cannot start fails the test at once, naming the command and Node's error: no
// uncaught 'error' event, no wait for the test's timeout.

const scratch = mkdtempSync(join(tmpdir(), 'parley-spawn-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('spawnWatched', () => {
  it('rejects at once, naming the command, when the binary does not exist', async () => {
    const { exited } = spawnWatched('parley-no-such-binary', ['--flag', 'two words']);
    const error = await exited.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpawnFailedError);
    // ENOENT, or EACCES where a folder on PATH is closed to this user (as root's are to nobody).
    expect((error as Error).message).toMatch(
      /^could not run `parley-no-such-binary --flag "two words"`: spawn parley-no-such-binary (ENOENT|EACCES)$/,
    );
  });

  it('rejects when the working directory cannot be entered', async () => {
    const { exited } = spawnWatched(process.execPath, ['-e', '0'], { cwd: join(scratch, 'missing') });
    await expect(exited).rejects.toThrow(/^could not run `.+ -e 0`: spawn .+ ENOENT$/);
  });

  it('resolves with the exit code of a process that ran', async () => {
    expect(await spawnWatched(process.execPath, ['-e', 'process.exit(3)']).exited).toBe(3);
  });
});

describe('runSync', () => {
  it('throws naming the command when it cannot start, returns the result when it ran', () => {
    expect(() => runSync('parley-no-such-binary', [], { encoding: 'utf8' })).toThrow(
      /^could not run `parley-no-such-binary`: spawnSync parley-no-such-binary (ENOENT|EACCES)$/,
    );
    expect(runSync(process.execPath, ['-e', 'process.exit(4)'], { encoding: 'utf8' }).status).toBe(4);
  });
});

describe('cannotRunAs', () => {
  it.runIf(process.getuid?.() === 0)('names what stops the user: a private (0700) folder on the way', () => {
    const hidden = mkdtempSync(join(scratch, 'private-'));
    // Where this Node itself lies in a private folder, that is what stops nobody first.
    expect(cannotRunAs(NOBODY, [hidden])).toMatch(
      /^uid 65534 cannot (reach the files the test needs|run \S.*) \(.*EACCES/,
    );
  });

  it.runIf(process.getuid?.() !== 0)('says that only root may switch users', () => {
    expect(cannotRunAs(NOBODY, [scratch])).toBe('only root may run a process as another user');
  });
});
