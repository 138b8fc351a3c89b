import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Small helpers shared by the speech benchmarks: command-line options, percentiles, and whether a
// bench module was started directly (then it prints its own report) or imported by bench:speech.

/** `--name value` from the command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

export function numberOption(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isFinite(value)) throw new Error(`--${name} must be a number`);
  return value;
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isEntry(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && moduleUrl === pathToFileURL(entry).href;
}

/** Nearest-rank percentile (p in 0–100); undefined for no values. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The middle value (the mean of the two middle ones for an even count); 0 for no values. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  return {
    n: values.length,
    p50: percentile(values, 50) ?? Number.NaN,
    p95: percentile(values, 95) ?? Number.NaN,
    p99: percentile(values, 99) ?? Number.NaN,
    max: percentile(values, 100) ?? Number.NaN,
  };
}

export function describeSpread(s: Spread, unit = 'ms'): string {
  return `median ${s.p50.toFixed(0)} ${unit}, p95 ${s.p95.toFixed(0)} ${unit}, max ${s.max.toFixed(0)} ${unit}`;
}

/** Linux's clock tick for /proc times (CLK_TCK; 100 on every common build). */
const TICK_MS = 10;

/**
 * CPU (user + system) in ms of this process and of its children that have exited (ffmpeg runs),
 * from /proc/self/stat; differences give what a stretch of work cost in CPU, which on a shared
 * machine moves far less than wall-clock time. 10 ms resolution. Elsewhere: this process only.
 */
export function cpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i] ?? 0));
    return ((utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0)) * TICK_MS;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}
