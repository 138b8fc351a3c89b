import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RETAIN_REQUEST_BODIES } from '@parley/server/faults';
import type { SoakReport } from './report.js';

// Shows the soak's verdict can fail on a real server: the same short soak twice, first as it is,
// then with the seeded leak on (the emulator's `retain-request-bodies`, which keeps every request
// body). The pair holds when the clean run passes and the leaky one fails on resident memory.
//
//   npm run soak:leak-pair -w load -- [soak flags; default --minutes 3 --warmup 1 --sample-seconds 10
//     --pad-bytes 131072 --capacity 2 --rest-rate 5]
//
// Exit 0 when the pair holds, 1 when not. Each run leaves its folder in load/results/.

const DEFAULTS: [string, string][] = [
  ['--minutes', '3'],
  ['--warmup', '1'],
  ['--sample-seconds', '10'],
  ['--pad-bytes', '131072'],
];
const given = process.argv.slice(2);
const flags = [...given];
for (const [name, value] of DEFAULTS) if (!given.includes(name)) flags.push(name, value);
if (!['--capacity', '--capacity-json', '--streams'].some((f) => given.includes(f)))
  flags.push('--capacity', '2');
// Both runs at the same REST rate (k6's average RATE), so the pair differs by the fault alone.
if (!['--rest-rate', '--rest-capacity', '--capacity-json'].some((f) => given.includes(f)))
  flags.push('--rest-rate', '5');
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

function soak(label: string, extra: string[]): Promise<{ code: number | null; report: SoakReport }> {
  const out = join(RESULTS, `soak-${stamp}-${label}`);
  const child = spawn(
    'npx',
    ['tsx', fileURLToPath(new URL('./soak.ts', import.meta.url)), ...flags, ...extra, '--out', out],
    {
      stdio: 'inherit',
    },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        resolve({ code, report: JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as SoakReport });
      } catch (error) {
        reject(new Error(`the ${label} soak (exit ${code}) wrote no summary: ${(error as Error).message}`));
      }
    });
  });
}

const clean = await soak('clean', []);
const leaky = await soak('leak', ['--fault', RETAIN_REQUEST_BODIES]);
const failed = (r: SoakReport) => r.verdict.series.filter((s) => !s.pass).map((s) => s.name);
const rss = (r: SoakReport) => r.verdict.series.find((s) => s.name === 'rss');
const holds = clean.code === 0 && leaky.code === 1 && failed(leaky.report).includes('rss');
for (const [label, run] of [
  ['clean', clean],
  ['leak', leaky],
] as const) {
  const r = rss(run.report);
  console.log(
    `${label}: exit ${run.code}; rss baseline ${((r?.baseline ?? 0) / 2 ** 20).toFixed(1)} MiB, late ${((r?.late ?? 0) / 2 ** 20).toFixed(1)} MiB; failed: ${failed(run.report).join(', ') || 'none'}`,
  );
}
console.log(
  holds ? 'leak pair holds: the clean soak passed, the leaky one failed on rss' : 'leak pair does NOT hold',
);
process.exit(holds ? 0 : 1);
