// What the set-up check (scripts/preflight.mjs) adds to a start where nothing is missing: time
// from the command to the first answer of /health, `npm start`'s command without the check and with
// it, taken in turns (the machine's speed drifts), plus the check alone. Run from the repo root
// after `npm start` once: `node scripts/start-overhead.bench.mjs [rounds]` (default 7).
// npm's own start-up, the same in both, is left out: each command runs under `sh -c` as npm runs it.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.argv[2] ?? 7);
const withCheck = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts.start;
const withoutCheck = withCheck.replace('node scripts/preflight.mjs && hash -r && ', '');
if (withoutCheck === withCheck) throw new Error('the start script no longer begins with the check');
const env = { ...process.env, PATH: `${join(REPO, 'node_modules/.bin')}:${process.env.PATH}` };

/** Milliseconds from spawning `command` to /health answering 200. */
async function timeToHealth(command) {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-start-bench-'));
  const started = performance.now();
  const child = spawn('sh', ['-c', command], {
    cwd: REPO,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', PARLEY_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let banner = '';
  child.stderr.on('data', (chunk) => {
    banner += chunk;
  });
  try {
    for (;;) {
      const url = /Parley reference server: (\S+)/.exec(banner)?.[1];
      if (url && (await fetch(`${url}/health`)).status === 200) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`the server exited: ${banner}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const loadBefore = load();
const check = [];
for (let i = 0; i < ROUNDS * 3; i++) {
  const started = performance.now();
  spawnSync(process.execPath, [join(REPO, 'scripts/preflight.mjs')], { env, stdio: 'inherit' });
  check.push(performance.now() - started);
}
const times = { without: [], with: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which goes first, so neither always meets a warmer machine.
  const order = round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
  for (const name of order) times[name].push(await timeToHealth(name === 'with' ? withCheck : withoutCheck));
}
const ms = (value) => `${Math.round(value)} ms`;
console.log(`load average ${loadBefore} before, ${load()} after; ${ROUNDS} rounds, medians`);
console.log(`the check alone (node scripts/preflight.mjs): ${ms(median(check))}`);
console.log(
  `to /health without the check: ${ms(median(times.without))} (${times.without.map(ms).join(', ')})`,
);
console.log(`to /health with the check:    ${ms(median(times.with))} (${times.with.map(ms).join(', ')})`);
// Each round's two starts ran seconds apart: their difference is the steadier figure.
console.log(`with minus without, same round: ${ms(median(times.with.map((t, i) => t - times.without[i])))}`);
