// The live decoder's search settings side by side: for each, the fixtures' turns run through the
// recognizer in this process (live-turns.work.ts), and the table gives the CPU a real-time stream
// takes (% of a core, all threads), the word error rate, turn splits, interims per turn, where in
// the audio each turn's first interim came, and the work after the endpoint. The settings run in
// turn, round after round (`--rounds`), and `now` (the live default) runs again right before each
// of the others: on a shared machine the load moves a CPU figure by tens of percent within
// minutes, so the cost that counts is each setting's ratio to the `now` run just before it
// (median over rounds). Figures: bench/README.md "Live decoder search".
// Run: npx tsx bench/live-search.bench.ts [-- --searches 'ds 2,maxwpf 5' --rounds 3 --try '-ds 2 -topn 2'
//      --try-limits '{"interimEveryMs":100};{"speechOnsetMs":120}' --fixtures id,…]   (--try: search
//      arguments after LIVE_SEARCH; --try-limits: live limits with the default search, `;` between
//      settings; each is one more setting; --searches now measures only these)

import { execSync } from 'node:child_process';
import type { LiveSttLimits } from '../src/engines/stt/live-stt.contract.js';
import { LIVE_SEARCH } from '../src/engines/stt/pocketsphinx-live.config.js';
import { isEntry, option } from './bench-kit.js';
import { loadClips, TURN_FIXTURES } from './live-turns.js';
import { type EndpointWork, measureEndpointWork } from './live-turns.work.js';

/** Named search settings: the live default, and the pocketsphinx options that cut a frame's work. */
export const SEARCHES: Record<string, readonly string[]> = {
  now: LIVE_SEARCH,
  default: [],
  'maxhmmpf 1500': ['-maxhmmpf', '1500'],
  'ds 2': [...LIVE_SEARCH, '-ds', '2'],
  'topn 2': [...LIVE_SEARCH, '-topn', '2'],
  'pl_window 5': [...LIVE_SEARCH, '-pl_window', '5'],
  'maxwpf 5': [...LIVE_SEARCH, '-maxwpf', '5'],
  'beams e-40': [...LIVE_SEARCH, '-beam', '1e-40', '-wbeam', '1e-24', '-pbeam', '1e-40'],
  'no fwdflat': [...LIVE_SEARCH, '-fwdflat', 'no'],
  'no bestpath': [...LIVE_SEARCH, '-bestpath', 'no'],
  'maxwpf 5 topn 2': [...LIVE_SEARCH, '-maxwpf', '5', '-topn', '2'],
  'ds 2 maxwpf 5': [...LIVE_SEARCH, '-ds', '2', '-maxwpf', '5'],
};

const uptime = () => execSync('uptime').toString().trim();
const r = (v: number | undefined) => (v === undefined ? '-' : String(Math.round(v)));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function row(name: string, runs: EndpointWork[], ratios: number[]): Record<string, string | number> {
  const last = runs.at(-1) as EndpointWork;
  return {
    setting: name,
    'CPU % of a core (median)': median(runs.map((w) => w.cpuPercent)).toFixed(1),
    'CPU ÷ now before it (rounds)': ratios.length
      ? `${median(ratios).toFixed(2)} (${ratios.map((v) => v.toFixed(2)).join(', ')})`
      : '-',
    'WER %': (last.wer * 100).toFixed(1),
    'split/merged/missed': `${last.split}/${last.merged}/${last.missed} of ${last.turns}`,
    'interims/turn': last.interimsPerTurn.toFixed(1),
    'first interim audio p50/p95 ms': `${r(last.firstInterimAudio?.p50)} / ${r(last.firstInterimAudio?.p95)}`,
    'work after endpoint p50/p95 ms': `${r(median(runs.map((w) => w.work.p50)))} / ${r(median(runs.map((w) => w.work.p95)))}`,
  };
}

interface Setting {
  name: string;
  search: readonly string[];
  limits: Partial<LiveSttLimits>;
}

function settingsFromOptions(): Setting[] {
  const names = option('searches', Object.keys(SEARCHES).join(',')).split(',');
  const settings = names.map((name): Setting => {
    const search = SEARCHES[name];
    if (!search) throw new Error(`--searches: no ${name} (${Object.keys(SEARCHES).join(', ')})`);
    return { name, search, limits: {} };
  });
  const tried = option('try', '');
  if (tried)
    settings.push({ name: `try ${tried}`, search: [...LIVE_SEARCH, ...tried.split(/\s+/)], limits: {} });
  for (const limits of option('try-limits', '').split(';').filter(Boolean))
    settings.push({ name: limits, search: LIVE_SEARCH, limits: JSON.parse(limits) });
  return settings.filter((s) => s.name !== 'now');
}

async function main(): Promise<void> {
  const rounds = Number(option('rounds', '3'));
  const others = settingsFromOptions();
  const clips = await loadClips(option('fixtures', TURN_FIXTURES.join(',')).split(','));
  console.log(`live search: ${clips.map((c) => c.id).join(' + ')}`);
  console.log(`start: ${uptime()}`);
  const runs = new Map<string, EndpointWork[]>();
  const ratios = new Map<string, number[]>();
  const measure = async (round: number, { name, search, limits }: Setting) => {
    const work = await measureEndpointWork(clips, { name, limits, search });
    runs.set(name, [...(runs.get(name) ?? []), work]);
    console.log(
      `round ${round} ${name}: CPU ${work.cpuPercent.toFixed(1)} %, WER ${(work.wer * 100).toFixed(1)} %; ${uptime()}`,
    );
    return work;
  };
  for (let round = 1; round <= rounds; round++) {
    for (const setting of others) {
      const baseline = await measure(round, { name: 'now', search: LIVE_SEARCH, limits: {} });
      const work = await measure(round, setting);
      ratios.set(setting.name, [...(ratios.get(setting.name) ?? []), work.cpuPercent / baseline.cpuPercent]);
    }
  }
  console.table(
    ['now', ...others.map((o) => o.name)].map((name) =>
      row(name, runs.get(name) ?? [], ratios.get(name) ?? []),
    ),
  );
  console.log(`end: ${uptime()}`);
  process.exit(0);
}

if (isEntry(import.meta.url)) await main();
