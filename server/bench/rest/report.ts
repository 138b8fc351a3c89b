import { median } from '../bench-kit.js';
import type { BenchRoute } from './bench-data.js';
import type { Measurement } from './load.js';

// The printed table: one row per route, server and round, then the reference server's ratios to
// the floor and to Prism next to the aims (information only; the bench asserts nothing). A ratio is
// the median of the rounds' ratios: the servers take turns within each round, so a ratio compares
// runs seconds apart, where this machine's speed drifts by a third within minutes.

export type Row = { route: BenchRoute; server: string; round: number } & (
  | { measurement: Measurement }
  | { unavailable: string }
);

interface Aim {
  minOfFloor?: number;
  minOfPrism?: number;
  maxP99Ms?: number;
}

/**
 * Aims set for the reference server: get-meetings (50 meetings from the database) and
 * create-meeting (durable: answered after its COMMIT) on a quiet machine.
 */
export const AIMS: Record<BenchRoute, Aim> = {
  'get-meetings': { minOfFloor: 0.35, minOfPrism: 2, maxP99Ms: 25 },
  'create-meeting': { minOfPrism: 2 },
};

const HEADER = [
  'route',
  'server',
  'round',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'non-2xx',
  'srv CPU',
  'µs CPU/req',
  'cli CPU',
  'B/answer',
];

const fixed = (value: number, digits: number) => value.toFixed(digits);
const percent = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value * 100)}%`);

function cells(row: Row): string[] {
  if ('unavailable' in row) {
    return [
      row.route,
      row.server,
      String(row.round),
      `${row.server === 'prism' ? 'Prism' : row.server} unavailable: ${row.unavailable}`,
    ];
  }
  const m = row.measurement;
  const statuses = Object.entries(m.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return [
    row.route,
    row.server,
    String(row.round),
    fixed(m.reqPerSec, 0),
    fixed(m.p50Ms, 1),
    fixed(m.p99Ms, 1),
    String(m.errors),
    m.non2xx > 0 ? `${m.non2xx} (${statuses})` : '0',
    percent(m.serverCpu),
    m.serverCpu === undefined || m.reqPerSec === 0 ? '-' : fixed((m.serverCpu / m.reqPerSec) * 1e6, 0),
    percent(m.clientCpu),
    String(m.bytesPerAnswer),
  ];
}

export function formatTable(rows: readonly Row[]): string {
  const table = [HEADER, ...rows.map(cells)];
  // An "unavailable" row is one long message: it takes no part in the column widths.
  const measured = table.filter((r) => r.length === HEADER.length);
  const widths = HEADER.map((_, i) => Math.max(...measured.map((r) => (r[i] ?? '').length)));
  const pad = (cell: string, i: number) =>
    i < 3
      ? cell.padEnd(widths[i] ?? 0)
      : cell.length > (widths[i] ?? 0)
        ? cell
        : cell.padStart(widths[i] ?? 0);
  return table.map((r) => r.map(pad).join('  ')).join('\n');
}

function measurementOf(rows: readonly Row[], route: BenchRoute, server: string, round: number) {
  const row = rows.find((r) => r.route === route && r.server === server && r.round === round);
  return row && 'measurement' in row ? row.measurement : undefined;
}

export function formatRatios(rows: readonly Row[], routes: readonly BenchRoute[]): string {
  const lines: string[] = [];
  const rounds = [...new Set(rows.map((r) => r.round))].sort((a, b) => a - b);
  for (const route of routes) {
    const reference = rounds.map((round) => measurementOf(rows, route, 'reference', round));
    if (reference.every((m) => m === undefined)) continue;
    const aims = AIMS[route];
    const parts: string[] = [];
    for (const [other, aim] of [
      ['floor', aims.minOfFloor],
      ['prism', aims.minOfPrism],
    ] as const) {
      const ratios = rounds.flatMap((round, i) => {
        const ours = reference[i];
        const theirs = measurementOf(rows, route, other, round);
        return ours && theirs && theirs.reqPerSec > 0 ? [ours.reqPerSec / theirs.reqPerSec] : [];
      });
      if (ratios.length === 0) {
        parts.push(`reference/${other} n/a`);
        continue;
      }
      const ratio = median(ratios);
      const each = ratios.length > 1 ? ` (median of ${ratios.map((r) => r.toFixed(2)).join(', ')})` : '';
      const verdict = aim !== undefined ? ` (aim ≥ ${aim}: ${ratio >= aim ? 'met' : 'MISSED'})` : '';
      parts.push(`reference/${other} = ${ratio.toFixed(2)}${each}${verdict}`);
    }
    if (aims.maxP99Ms !== undefined) {
      const p99 = median(reference.flatMap((m) => (m ? [m.p99Ms] : [])));
      const met = p99 < aims.maxP99Ms;
      parts.push(
        `p99 ${p99} ms${rounds.length > 1 ? ' (median)' : ''} (aim < ${aims.maxP99Ms}: ${met ? 'met' : 'MISSED'})`,
      );
    }
    lines.push(`${route.padEnd(15)} ${parts.join('   ')}`);
  }
  return lines.join('\n');
}
