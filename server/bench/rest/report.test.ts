import { describe, expect, it } from 'vitest';
import { median } from '../bench-kit.js';
import type { Measurement } from './load.js';
import { formatRatios, formatTable, type Row } from './report.js';

const measurement = (reqPerSec: number, p99Ms: number): Measurement => ({
  reqPerSec,
  p50Ms: 1,
  p99Ms,
  errors: 0,
  non2xx: 0,
  statuses: {},
  bytesPerAnswer: 100,
  serverCpu: 0.5,
  clientCpu: 0.2,
});

describe('bench report', () => {
  const rows: Row[] = [
    { route: 'get-meetings', server: 'reference', round: 1, measurement: measurement(3000, 12) },
    { route: 'get-meetings', server: 'floor', round: 1, measurement: measurement(8000, 3) },
    { route: 'get-meetings', server: 'prism', round: 1, unavailable: 'exited (1) before listening' },
    { route: 'create-meeting', server: 'reference', round: 1, measurement: measurement(500, 40) },
    { route: 'create-meeting', server: 'floor', round: 1, measurement: measurement(10000, 2) },
    { route: 'create-meeting', server: 'prism', round: 1, measurement: measurement(200, 30) },
  ];

  it('prints a row per run, and the reason for a server that did not start', () => {
    const table = formatTable(rows);
    expect(table).toContain('Prism unavailable: exited (1) before listening');
    expect(table.split('\n')).toHaveLength(rows.length + 1);
    // CPU µs per request: 0.5 cores at 3000 req/s.
    expect(table).toMatch(/get-meetings\s+reference\s+1\s+3000\s.*\s167\s/);
  });

  it('gives the ratios to the floor and Prism, with the aims of each route', () => {
    const [getMeetings, createMeeting] = formatRatios(rows, ['get-meetings', 'create-meeting']).split('\n');
    expect(getMeetings).toContain('reference/floor = 0.38 (aim ≥ 0.35: met)');
    expect(getMeetings).toContain('reference/prism n/a');
    expect(getMeetings).toContain('p99 12 ms (aim < 25: met)');
    expect(createMeeting).toContain('reference/floor = 0.05');
    expect(createMeeting).not.toContain('aim ≥ 0.35');
    expect(createMeeting).toContain('reference/prism = 2.50 (aim ≥ 2: met)');
    expect(createMeeting).not.toContain('p99');
  });

  it("takes the median of the rounds' ratios, each round comparing runs seconds apart", () => {
    // The machine slowed down in round 2: both servers lost speed, the ratio did not.
    const rounds: Row[] = [
      [1, 2000, 1000],
      [2, 1200, 600],
      [3, 1500, 1000],
    ].flatMap(([round = 0, reference = 0, prism = 0]) => [
      {
        route: 'create-meeting',
        server: 'reference',
        round,
        measurement: measurement(reference, 20 + round),
      },
      { route: 'create-meeting', server: 'prism', round, measurement: measurement(prism, 30) },
    ]);
    const line = formatRatios(rounds, ['create-meeting']);
    expect(line).toContain('reference/prism = 2.00 (median of 2.00, 2.00, 1.50) (aim ≥ 2: met)');
    const slow = rounds.map((r) =>
      r.server === 'reference' && r.round === 2 ? { ...r, measurement: measurement(900, 20) } : r,
    );
    expect(formatRatios(slow, ['create-meeting'])).toContain(
      '= 1.50 (median of 2.00, 1.50, 1.50) (aim ≥ 2: MISSED)',
    );
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
