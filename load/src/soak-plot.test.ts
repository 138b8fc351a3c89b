import { describe, expect, it } from 'vitest';
import { soakPlot } from './soak-plot.js';
import { judgeSoak, type Series } from './soak-verdict.js';

const points = (f: (i: number) => number) => Array.from({ length: 20 }, (_, i) => ({ t: i * 30, v: f(i) }));

describe('the soak plot', () => {
  it('draws a panel per series with its verdict, warm-up rule, baseline and limit', () => {
    const series: Series[] = [
      { name: 'rss', kind: 'rss', unit: 'bytes', points: points((i) => 1e8 + i * 1e7) },
      { name: 'p95 get-meetings', kind: 'routeP95', unit: 'ms', points: points(() => 5) },
    ];
    const verdict = judgeSoak(series, 120);
    const svg = soakPlot(series, verdict.series, 120, 'Soak from 2026-11-29T07:03:48Z: FAIL');
    expect(svg).toContain('aria-label="Soak from 2026-11-29T07:03:48Z: FAIL"');
    expect(svg).toContain('<title>Soak from 2026-11-29T07:03:48Z: FAIL</title>');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain('rss — FAIL');
    expect(svg).toContain('p95 get-meetings — pass');
    expect(svg.match(/stroke="#d22"/g)).toHaveLength(2);
    // 20 points per line, none outside the panel.
    const first = /points="([^"]+)"/.exec(svg)?.[1]?.split(' ') ?? [];
    expect(first).toHaveLength(20);
    for (const xy of first) {
      const [x, y] = xy.split(',').map(Number);
      expect(x).toBeGreaterThanOrEqual(62);
      expect(y).toBeGreaterThanOrEqual(22);
      expect(y).toBeLessThanOrEqual(108);
    }
  });

  it('drops characters that would need escaping and survives an empty series', () => {
    const svg = soakPlot([{ name: 'a<b>&c', kind: 'fds', unit: 'count', points: [] }], [], 60);
    expect(svg).toContain('>abc<');
    expect(svg).not.toContain('NaN');
  });
});
