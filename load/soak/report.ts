import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RateStepVerdict } from '../src/rest-capacity.js';
import { soakPlot } from '../src/soak-plot.js';
import type { ServerSample } from '../src/soak-samples.js';
import { formatValue, median, type Series, SOAK_BOUNDS, type SoakVerdict } from '../src/soak-verdict.js';
import type { HookAccount } from './hook-count.js';

// What a soak leaves in its folder (load/results/soak-<time>/ by default): summary.md (settings,
// verdict per series, hook deliveries against events, counts, load averages), summary.json (the
// same, and every sample), plot.svg. A run passes when its series do and no hook event went undelivered.

export interface SoakReport {
  startedAt: string;
  endedAt: string;
  target: string;
  settings: Record<string, unknown>;
  capacity: { streamsHeld: number; source: string };
  /** The REST mix's arrivals/s held (NaN when the rate was given) and each step of its search. */
  restCapacity: { restHeld: number; source: string; steps?: RateStepVerdict[] };
  verdict: SoakVerdict;
  series: Series[];
  unavailable: string[];
  samples: ServerSample[];
  counts: Record<string, number>;
  /** /proc/loadavg (1, 5, 15 min) at each sample. */
  loadAverages: { t: number; load: number[] }[];
  /** Deliveries of the hook subscription against its events (absent when none was subscribed). */
  hooks?: HookAccount;
}

/** The run's verdict: every series within its bound, and every hook event delivered. */
export function soakPassed(report: Pick<SoakReport, 'verdict' | 'hooks'>): boolean {
  return report.verdict.pass && (report.hooks?.pass ?? true);
}

export function writeReport(dir: string, report: SoakReport): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(
    join(dir, 'plot.svg'),
    soakPlot(report.series, report.verdict.series, report.verdict.warmupS, plotTitle(report)),
  );
  writeFileSync(join(dir, 'summary.md'), summaryMarkdown(report));
}

export function summaryMarkdown(report: SoakReport): string {
  const ones = report.loadAverages.map((l) => l.load[0] ?? Number.NaN).filter(Number.isFinite);
  const rows = report.verdict.series.map((v) => {
    const show = (x: number | undefined) => (x === undefined ? '—' : formatValue(x, v.unit));
    return `| ${v.name} | ${v.samples} | ${show(v.baseline)} | ${show(v.late)} | ${show(v.limit)} | ${v.judged ? (v.pass ? 'pass' : '**FAIL**') : v.pass ? 'not judged' : '**FAIL** (too few samples)'} |`;
  });
  const bounds = Object.entries(SOAK_BOUNDS).map(([kind, b]) => `- ${kind}: ${b.why}`);
  return [
    `# Soak ${report.startedAt} → ${report.endedAt}: ${soakPassed(report) ? 'PASS' : 'FAIL'}`,
    '',
    `Target ${report.target}; live streams at half of ${report.capacity.streamsHeld} held (${report.capacity.source}).`,
    restLine(report),
    `Settings: ${JSON.stringify(report.settings)}.`,
    `Load average (1 min) over the run: min ${Math.min(...ones).toFixed(2)}, median ${median(ones).toFixed(2)}, max ${Math.max(...ones).toFixed(2)}.`,
    report.unavailable.length > 0 ? `Not available from this target: ${report.unavailable.join(', ')}.` : '',
    report.hooks ? hookLine(report.hooks) : '',
    '',
    `Warm-up ${report.verdict.warmupS / 60} min. Baseline: median of the first samples after warm-up; late: median of the last third.`,
    '',
    '| series | samples | baseline | late | limit | verdict |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    'Bounds:',
    ...bounds,
    '',
    'Counts:',
    ...Object.entries(report.counts).map(([k, n]) => `- ${k}: ${n}`),
    '',
    '![series](plot.svg)',
    '',
  ].join('\n');
}

function hookLine(h: HookAccount): string {
  return `Hook deliveries: ${h.delivered} of ${h.events} events delivered (${h.received} received), shortfall ${h.shortfall}, drained ${h.drainS.toFixed(0)} s: ${h.pass ? 'pass' : '**FAIL**'}.`;
}

/** The REST rate used and the capacity it is half of (a run given its rate says so). */
function restLine({ restCapacity: rest, settings }: SoakReport): string {
  const steps = (rest.steps ?? []).map(
    ({ stats: s, held }) =>
      `${s.rate}/s ${held ? 'held' : 'failed'} (${s.latencyStat} ${s.latencyMs.toFixed(0)} ms, ${s.ok}/${s.answers} 200)`,
  );
  const of = Number.isFinite(rest.restHeld) ? `half of ${rest.restHeld}/s held` : 'as given';
  return `REST mix at ${settings.restRate}/s, ${of} (${rest.source})${steps.length ? `: ${steps.join(', ')}` : ''}.`;
}

/** The plot's title and alternative text: when, and the verdict. */
export function plotTitle(report: Pick<SoakReport, 'startedAt' | 'verdict' | 'hooks'>): string {
  return `Soak from ${report.startedAt}: ${soakPassed(report) ? 'pass' : 'FAIL'}`;
}
