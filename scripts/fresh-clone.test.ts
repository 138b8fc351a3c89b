import { type ChildProcess, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cannotRunAs,
  NOBODY,
  runSync,
  SYSTEM_NODE,
  skipReason,
  spawnWatched,
} from '@parley/test-browser/child-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A new user's first commands on a clone of this repository's HEAD (no node_modules, the Debian
// packages present): `npm start` installs, says so one line per step, and serves /health; a second
// `npm start` does no setup work; where a step cannot run, one sentence with the command and exit 1.
// Slow (an `npm ci`, from npm's cache when it holds the packages: about a minute), so not part of
// `npm test`: `npm run test:fresh-clone` runs it, and `.ci/run` as a step of its own.
// The clone lies as a user's often does: in a private (0700) folder, as a home directory is, under a
// name with a space; once installed, the tests that start processes run there (as root and, where
// the machine lets it, as an unprivileged user).

const REPO = fileURLToPath(new URL('..', import.meta.url));
const STACK_LINE = /^\s+at .+\(?.*:\d+:\d+\)?$/m;
let home: string;
let clone: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'parley-home-'));
  clone = join(home, 'my parley');
  execFileSync('git', ['clone', '--quiet', REPO, clone]);
}, 120_000);

/** The clone's folder shared (0755, as /home/<user> often is) or private again (0700, as /root is). */
const shareHome = (shared: boolean) => chmodSync(home, shared ? 0o755 : 0o700);

/** Folders removed after the run. */
const scratchDirs: string[] = [];
const scratch = (dir: string) => {
  scratchDirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of [home, ...scratchDirs]) if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  /** The exit code; rejects at once, naming the command, if npm could not start. */
  exited: Promise<number | null>;
}

/**
 * The test's environment as a new user's shell has it: no node_modules/.bin on PATH (the system's
 * Node runs the check, as on a fresh clone) and none of the npm_* variables of the npm running this test.
 */
function newUserEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('node_modules'))
    .join(':');
  return env;
}

/** `npm start` in the clone, its environment `env` over the test's, in a process group of its own. */
function npmStart(env: Record<string, string> = {}): Run {
  const { child, exited } = spawnWatched('npm', ['start'], {
    cwd: clone,
    env: { ...newUserEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output, exited };
}

/** Resolves with the URL the banner names, rejects if npm start exits first. */
function bannerUrl(run: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const url = /Parley reference server: (\S+)/.exec(run.output())?.[1];
      if (url) {
        clearInterval(poll);
        resolve(url);
      }
    }, 100);
    run.exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${run.output()}`)), reject);
    run.exited.finally(() => clearInterval(poll)).catch(() => {});
  });
}

/** `npm start`, /health checked, the whole process group stopped; returns what it printed. */
async function startAndServe(): Promise<string> {
  const run = npmStart();
  try {
    const url = await bannerUrl(run);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    return run.output();
  } finally {
    if (run.child.pid && run.child.exitCode === null) process.kill(-run.child.pid, 'SIGTERM');
    await run.exited.catch(() => {});
  }
}

/** npm's environment for an `npm ci` that has to fetch and cannot: an empty cache, a closed port. */
const unreachableRegistry = () => ({
  npm_config_cache: scratch(mkdtempSync(join(tmpdir(), 'parley-empty-cache-'))),
  npm_config_registry: 'http://127.0.0.1:9/',
  npm_config_fetch_retries: '0',
});

/**
 * The tests that start processes (the server, as another user, killed mid-write), run in the
 * clone by its own Node and vitest; `tmp` is their TMPDIR (and HOME), `uid` the user they run as.
 */
function vitestInClone(tmp: string, uid?: number): { status: number | null; output: string } {
  const files = [
    'server/src/main.startup-failures.test.ts',
    'test-browser/src/child-process.test.ts',
    'server/src/store/commit-group.durability.test.ts',
    'server/src/main.test.ts',
  ];
  const node = join(clone, 'node_modules/node/bin/node');
  const result = runSync(
    node,
    [join(clone, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=verbose', ...files],
    {
      cwd: clone,
      encoding: 'utf8',
      env: { ...newUserEnv(), TMPDIR: tmp, HOME: tmp, NO_COLOR: '1', PARLEY_TEST_PG_URL: '' },
      timeout: 240_000,
      ...(uid === undefined ? {} : { uid, gid: uid }),
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Why nobody cannot run the clone's tests in a checkout of its own under tmpdir, if it cannot: asked
 * with the system's Node, as the clone's own Node does not exist yet.
 */
const nobodyCannot = cannotRunAs(NOBODY, [tmpdir()], SYSTEM_NODE);

describe('a fresh clone', () => {
  it('says in one sentence that the registry cannot be reached, and exits 1', async () => {
    const run = npmStart(unreachableRegistry());
    expect(await run.exited).toBe(1);
    expect(run.output().trim().split('\n').at(-1)).toMatch(
      /^npm could not reach its registry \(.*ECONNREFUSED.*\): .*`npm start` again\.$/,
    );
    expect(run.output()).not.toMatch(STACK_LINE);
    expect(existsSync(join(clone, 'node_modules/.package-lock.json'))).toBe(false);
  }, 300_000);

  it.runIf(process.getuid?.() === 0)(
    'says in one sentence which Debian packages it cannot install without root, and exits 1',
    () => {
      // One package more in the clone's list, and the check run by a user who is not root (no sudo here).
      // The system's Node runs the check, as on a new user's machine: this test's own Node may lie in
      // a private folder (a clone in `mktemp -d`), which that user cannot enter.
      appendFileSync(join(clone, 'scripts/debian-packages.txt'), 'parley-no-such-package\n');
      shareHome(true);
      chmodSync(clone, 0o755);
      let result: ReturnType<typeof runSync>;
      try {
        result = runSync('node', ['scripts/preflight.mjs'], {
          cwd: clone,
          uid: NOBODY,
          gid: NOBODY,
          encoding: 'utf8',
          env: { PATH: '/usr/bin:/bin' },
        });
      } finally {
        // Put back whatever happened: the tests after this one install from the clone's own list.
        execFileSync('git', ['checkout', '--quiet', 'scripts/debian-packages.txt'], { cwd: clone });
        shareHome(false);
      }
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        'Parley needs the Debian packages parley-no-such-package, and installing them takes root: run `sudo apt-get install -y --no-install-recommends parley-no-such-package`, then `npm start` again.\n',
      );
    },
  );

  it('installs on the first npm start, one line per step, then serves /health', async () => {
    const output = await startAndServe();
    expect(output).toMatch(/^setup: npm ci .* … done in \d+\.\d s$/m);
    // 35–115 s measured (load 1–14); a hang must not eat CI's whole budget.
  }, 300_000);

  it('does no setup work on the next npm start, nor after an edit of package-lock.json that changes no package', async () => {
    // The same packages in another layout: a newer, different file naming what is installed.
    const lock = join(clone, 'package-lock.json');
    writeFileSync(lock, JSON.stringify(JSON.parse(readFileSync(lock, 'utf8'))));
    const output = await startAndServe();
    expect(output).not.toMatch(/setup:/);
    expect(output).toMatch(/Parley reference server: /);
  }, 120_000);

  it('runs the tests that start processes in its private folder, TMPDIR elsewhere', () => {
    const run = vitestInClone(scratch(mkdtempSync(join(tmpdir(), 'parley-tmp-'))));
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Tests {2}\d+ passed/);
    // Root runs the unwritable-data-directory start as nobody, who cannot enter this 0700 folder.
    if (process.getuid?.() === 0)
      expect(run.output).toMatch(
        /PARLEY_DATA_DIR that cannot be written \(skipped: uid 65534 cannot (reach|run)/,
      );
  }, 300_000);

  it.skipIf(nobodyCannot)(
    `runs them as an ordinary user (nobody) in a private checkout of its own${skipReason(nobodyCannot)}`,
    () => {
      // The clone handed to nobody as a user's own clone is theirs: vitest and the bundle write into it.
      const tmp = scratch(mkdtempSync(join(tmpdir(), 'parley-tmp-')));
      runSync('chown', ['-R', `${NOBODY}:${NOBODY}`, home, tmp], { encoding: 'utf8' });
      try {
        const run = vitestInClone(tmp, NOBODY);
        expect(run.status, run.output).toBe(0);
        expect(run.output).toMatch(/✓ .*PARLEY_DATA_DIR that cannot be written/);
      } finally {
        runSync('chown', ['-R', '0:0', home], { encoding: 'utf8' });
      }
    },
    300_000,
  );

  it('installs again once package-lock.json names another copy of a package', async () => {
    // Another copy of one installed package (its integrity changed). The registry is made unreachable so that the
    // attempt shows without a second install (it fails, naming the registry).
    const lock = join(clone, 'package-lock.json');
    const content = JSON.parse(readFileSync(lock, 'utf8'));
    content.packages['node_modules/yaml'].integrity = content.packages['node_modules/pg'].integrity;
    writeFileSync(lock, JSON.stringify(content));
    const run = npmStart(unreachableRegistry());
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/^setup: npm ci .* … failed$/m);
    expect(run.output()).toMatch(/npm could not reach its registry/);
  }, 300_000);
});
