import { readFileSync } from 'node:fs';
import type { CheckResult } from './check.js';

// Accepted deviations: `{entries: [{fingerprint, reason, expires: "YYYY-MM-DD"}]}`. A deviation whose
// fingerprint is listed and unexpired is reported as baselined and does not fail the run; an
// expired entry fails the run; an entry matching nothing is reported as stale.

export interface BaselineEntry {
  fingerprint: string;
  reason: string;
  expires: string;
}

export interface BaselineOutcome {
  expired: BaselineEntry[];
  stale: BaselineEntry[];
}

/** A real calendar date `YYYY-MM-DD` (2027-13-01 and 2027-02-30 are not). */
const isDate = (text: unknown) =>
  typeof text === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

export function readBaseline(path: string): BaselineEntry[] {
  let doc: { entries?: unknown };
  try {
    doc = JSON.parse(readFileSync(path, 'utf8')) as { entries?: unknown };
  } catch (error) {
    throw new Error(`baseline ${path}: ${(error as Error).message}`);
  }
  if (!Array.isArray(doc.entries)) throw new Error(`${path}: expected {"entries": [...]}`);
  for (const entry of doc.entries as BaselineEntry[]) {
    if (typeof entry.fingerprint !== 'string' || typeof entry.reason !== 'string' || !isDate(entry.expires)) {
      throw new Error(
        `${path}: every entry needs fingerprint, reason and expires (a real date, YYYY-MM-DD): ${JSON.stringify(entry)}`,
      );
    }
  }
  return doc.entries as BaselineEntry[];
}

export function applyBaseline(
  results: CheckResult[],
  entries: BaselineEntry[],
  today: Date,
): BaselineOutcome {
  const expired: BaselineEntry[] = [];
  const used = new Set<BaselineEntry>();
  for (const result of results) {
    if (!result.fingerprint) continue;
    const entry = entries.find((e) => e.fingerprint === result.fingerprint);
    if (!entry) continue;
    used.add(entry);
    if (new Date(`${entry.expires}T23:59:59Z`) < today) expired.push(entry);
    else result.baselined = entry.reason;
  }
  return { expired, stale: entries.filter((e) => !used.has(e)) };
}

/** A deviation's stable key: the check id and its message with ids, numbers and quoted values masked. */
export function fingerprintOf(id: string, message: string): string {
  const shape = message
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b[\w-]*\d[\w-]*\b/g, '#')
    .slice(0, 120);
  return `${id}: ${shape}`;
}
