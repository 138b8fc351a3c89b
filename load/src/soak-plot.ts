import { formatValue, type Series, type SeriesVerdict } from './soak-verdict.js';

// One small SVG of a soak's series, a panel each: the samples as a line, warm-up's end as a vertical
// rule, the baseline (grey) and the limit the late value may reach (red, dashed) as horizontal
// rules, the verdict in the panel's title. Hand-written: a few dozen elements need no chart library.

const PANEL = { width: 300, height: 130, left: 62, right: 10, top: 22, bottom: 22 };
const COLUMNS = 3;

/** Names are the sampler's and the route catalog's; anything else is dropped, so no escaping is needed. */
const label = (text: string) => text.replace(/[^\w .:/%()+-]/g, '');

function panel(series: Series, verdict: SeriesVerdict | undefined, endS: number, warmupS: number): string {
  const w = PANEL.width - PANEL.left - PANEL.right;
  const h = PANEL.height - PANEL.top - PANEL.bottom;
  const values = series.points.map((p) => p.v).filter(Number.isFinite);
  const marks = [verdict?.baseline, verdict?.limit].filter((v): v is number => v !== undefined);
  const lo = Math.min(...values, ...marks, Number.POSITIVE_INFINITY);
  const hi = Math.max(...values, ...marks, Number.NEGATIVE_INFINITY);
  const [min, max] = Number.isFinite(lo) ? (hi > lo ? [lo, hi] : [lo - 1, lo + 1]) : [0, 1];
  const x = (t: number) => PANEL.left + (w * t) / Math.max(endS, 1);
  const y = (v: number) => PANEL.top + h - (h * (v - min)) / (max - min);
  const line = series.points
    .filter((p) => Number.isFinite(p.v))
    .map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`)
    .join(' ');
  const rule = (v: number, color: string, dash: string) =>
    `<line x1="${PANEL.left}" x2="${PANEL.left + w}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${color}" stroke-dasharray="${dash}"/>`;
  const status =
    verdict === undefined ? '' : !verdict.pass ? ' — FAIL' : verdict.judged ? ' — pass' : ' — not judged';
  return [
    `<text x="${PANEL.left}" y="14" font-weight="bold" fill="${verdict && !verdict.pass ? '#b00' : '#000'}">${label(series.name)}${status}</text>`,
    `<rect x="${PANEL.left}" y="${PANEL.top}" width="${w}" height="${h}" fill="none" stroke="#999"/>`,
    `<line x1="${x(warmupS).toFixed(1)}" x2="${x(warmupS).toFixed(1)}" y1="${PANEL.top}" y2="${PANEL.top + h}" stroke="#999" stroke-dasharray="2 2"/>`,
    verdict?.baseline === undefined ? '' : rule(verdict.baseline, '#888', '1 0'),
    verdict?.limit === undefined ? '' : rule(verdict.limit, '#d22', '4 3'),
    `<polyline points="${line}" fill="none" stroke="#1f5fbf" stroke-width="1.5"/>`,
    `<text x="${PANEL.left - 4}" y="${PANEL.top + 8}" text-anchor="end">${formatValue(max, series.unit)}</text>`,
    `<text x="${PANEL.left - 4}" y="${PANEL.top + h}" text-anchor="end">${formatValue(min, series.unit)}</text>`,
    `<text x="${PANEL.left}" y="${PANEL.height - 6}">0</text>`,
    `<text x="${PANEL.left + w}" y="${PANEL.height - 6}" text-anchor="end">${(endS / 60).toFixed(0)} min</text>`,
  ].join('');
}

export function soakPlot(
  series: readonly Series[],
  verdicts: readonly SeriesVerdict[],
  warmupS: number,
  title = 'Soak series',
): string {
  const endS = Math.max(...series.flatMap((s) => s.points.map((p) => p.t)), warmupS, 1);
  const rows = Math.max(1, Math.ceil(series.length / COLUMNS));
  const width = PANEL.width * COLUMNS;
  const height = PANEL.height * rows;
  const panels = series.map((s, i) => {
    const dx = (i % COLUMNS) * PANEL.width;
    const dy = Math.floor(i / COLUMNS) * PANEL.height;
    const verdict = verdicts.find((v) => v.name === s.name);
    return `<g transform="translate(${dx},${dy})">${panel(s, verdict, endS, warmupS)}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="10" role="img" aria-label="${label(title)}">\n<title>${label(title)}</title>\n<rect width="100%" height="100%" fill="#fff"/>\n${panels.join('\n')}\n</svg>\n`;
}
