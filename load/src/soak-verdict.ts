// The soak's verdict: does any series of the server grow past its bound after warm-up? A series is
// judged by two medians, so one noisy sample neither fails nor saves a run: its **baseline**, the
// median of the first BASELINE_SAMPLES samples from the end of warm-up on, and its **late value**,
// the median of the last third of the samples after warm-up (at least BASELINE_SAMPLES). The run
// fails when late − baseline passes the series' allowance, max(relative × baseline, absolute): a
// leak or a slope shows as a late value above its bound, noise within the allowance passes. Too
// few samples after warm-up to take both medians fails a process figure (a figure never measured
// proves nothing); a route too rare for the run's length is reported as not judged.
// Medians hide a stall that comes back every few minutes, so two bounds look at every sample after
// warm-up as well: the event loop's p99 has a ceiling (a window past it means the process was
// blocked), and no window of a route may pass a multiple of that route's median window.

export type SeriesKind = 'rss' | 'heap' | 'fds' | 'handles' | 'eventLoopP99' | 'database' | 'routeP95';

export interface Point {
  /** Seconds since the soak started. */
  t: number;
  v: number;
}

export interface Series {
  /** `rss`, `heap_used`, …, `p95 create-meeting`. */
  name: string;
  kind: SeriesKind;
  unit: 'bytes' | 'count' | 'ms';
  points: Point[];
}

export interface Bound {
  /** Growth allowed as a share of the baseline. */
  relative: number;
  /** Growth always allowed, in the series' unit (for small baselines and quantized counts). */
  absolute: number;
  /**
   * Too few samples fail the run (the process figures); otherwise the series is reported as not
   * judged (a rare route in a short run: file STT every 20 s fills a point every few windows).
   */
  required: boolean;
  why: string;
  /** No sample after warm-up may pass this value (the event loop's p99: the process blocked). */
  ceiling?: number;
  /** No sample after warm-up may pass this many times the median of those samples (a stall) … */
  spikeFactor?: number;
  /** … nor this value: below it a window is not a stall, whatever its ratio to a median of a few ms. */
  spikeFloor?: number;
}

const MiB = 1024 * 1024;

/** Every bound of the verdict, one home. */
export const SOAK_BOUNDS: Record<SeriesKind, Bound> = {
  rss: {
    relative: 0.1,
    absolute: 0,
    required: true,
    why: 'resident memory at most 10 % over its value at the end of warm-up',
  },
  heap: {
    relative: 0.25,
    absolute: 16 * MiB,
    required: true,
    why: 'V8 heap used: a sample lands anywhere on the collector’s saw-tooth, so 25 % or 16 MiB',
  },
  fds: {
    relative: 0.1,
    absolute: 8,
    required: true,
    why: 'flat: open descriptors move with the sockets in flight, within 10 % or 8',
  },
  handles: {
    relative: 0.1,
    absolute: 8,
    required: true,
    why: 'flat: active handles move with the sockets and timers in flight, within 10 % or 8',
  },
  eventLoopP99: {
    relative: 1,
    absolute: 20,
    required: true,
    ceiling: 50,
    why: 'event-loop delay p99 at most double its warm-up value, or 20 ms more, and no window after warm-up past 50 ms',
  },
  database: {
    relative: 0.25,
    absolute: 8 * MiB,
    required: true,
    why: 'database file (with its WAL) bounded: 25 % or 8 MiB, the WAL alone swings by megabytes',
  },
  routeP95: {
    relative: 1,
    absolute: 50,
    required: false,
    spikeFactor: 5,
    spikeFloor: 50,
    why: 'a route’s p95 at most double its warm-up value, or 50 ms more (shared machines), and no window after warm-up past 5 × its median window (and 50 ms)',
  },
};

export const BASELINE_SAMPLES = 3;

export interface SeriesVerdict {
  name: string;
  kind: SeriesKind;
  unit: Series['unit'];
  pass: boolean;
  /** False when there were too few samples after warm-up to judge. */
  judged: boolean;
  samples: number;
  baseline?: number;
  late?: number;
  /** The late value the series may reach: baseline + allowance. */
  limit?: number;
  /** The highest sample after warm-up, and what it may reach (a ceiling, or a multiple of the median). */
  peak?: number;
  peakLimit?: number;
  reason: string;
}

export interface SoakVerdict {
  pass: boolean;
  warmupS: number;
  series: SeriesVerdict[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function judgeSeries(
  series: Series,
  warmupS: number,
  bound = SOAK_BOUNDS[series.kind],
): SeriesVerdict {
  const after = series.points.filter((p) => p.t >= warmupS && Number.isFinite(p.v)).sort((a, b) => a.t - b.t);
  const head = { name: series.name, kind: series.kind, unit: series.unit, samples: after.length };
  const lateCount = Math.max(BASELINE_SAMPLES, Math.ceil(after.length / 3));
  if (after.length < BASELINE_SAMPLES + lateCount)
    return {
      ...head,
      pass: !bound.required,
      judged: false,
      reason: `${bound.required ? '' : 'not judged: '}${after.length} samples after warm-up; the verdict needs at least ${BASELINE_SAMPLES + lateCount}`,
    };
  const baseline = median(after.slice(0, BASELINE_SAMPLES).map((p) => p.v));
  const late = median(after.slice(-lateCount).map((p) => p.v));
  const limit = baseline + Math.max(bound.relative * baseline, bound.absolute);
  const grew = late > limit;
  const show = (v: number) => formatValue(v, series.unit);
  const peaks = peakBound(
    after.map((p) => p.v),
    bound,
  );
  const stalled = peaks !== undefined && peaks.peak > peaks.peakLimit;
  const problems = [
    grew ? `late ${show(late)} past limit ${show(limit)} (baseline ${show(baseline)})` : '',
    stalled
      ? `peak ${show(peaks.peak)} at ${after.find((p) => p.v === peaks.peak)?.t} s past ${show(peaks.peakLimit)}`
      : '',
  ].filter(Boolean);
  const peakText = peaks ? `, peak ${show(peaks.peak)} (limit ${show(peaks.peakLimit)})` : '';
  return {
    ...head,
    pass: problems.length === 0,
    judged: true,
    baseline,
    late,
    limit,
    ...peaks,
    reason:
      problems.length === 0
        ? `within bound: late ${show(late)} vs baseline ${show(baseline)}, limit ${show(limit)}${peakText} (${bound.why})`
        : `past bound: ${problems.join('; ')} (${bound.why})`,
  };
}

/** The highest sample and what it may reach: the bound's ceiling, or its multiple of the median. */
function peakBound(values: readonly number[], bound: Bound): { peak: number; peakLimit: number } | undefined {
  const limits: number[] = [];
  if (bound.ceiling !== undefined) limits.push(bound.ceiling);
  if (bound.spikeFactor !== undefined)
    limits.push(Math.max(bound.spikeFactor * median(values), bound.spikeFloor ?? 0));
  if (limits.length === 0) return undefined;
  return { peak: Math.max(...values), peakLimit: Math.min(...limits) };
}

export function judgeSoak(series: readonly Series[], warmupS: number): SoakVerdict {
  const verdicts = series.map((s) => judgeSeries(s, warmupS));
  const pass = verdicts.some((v) => v.judged) && verdicts.every((v) => v.pass);
  return { pass, warmupS, series: verdicts };
}

export function formatValue(v: number, unit: Series['unit']): string {
  if (unit === 'bytes') return `${(v / MiB).toFixed(1)} MiB`;
  if (unit === 'ms') return `${v.toFixed(1)} ms`;
  return v.toFixed(0);
}
