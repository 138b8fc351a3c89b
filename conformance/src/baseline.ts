import { readFileSync } from 'node:fs';
import type { CheckResult } from './check.js';
import { isFailureCode } from './failure-codes.js';
import { pathShape } from './json-path.js';

// Accepted deviations: `{entries: [{fingerprint, reason, expires: "YYYY-MM-DD"}]}`. A fingerprint is
// `<check id> <CODE> <path>` (fingerprintOf). A check's result is baselined when every distinct
// fingerprint of its deviations has an unexpired entry: it does not fail the run; a deviation
// without one still does. An expired entry that matches fails the run; an entry matching nothing
// is reported as stale.

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
    // Fingerprints of kit versions before failure codes (`<id>: <masked message>`) match nothing now.
    const [, code] = entry.fingerprint.split(' ');
    if (!/^[a-z]+\.\d{2}\.[\w-]+ /.test(entry.fingerprint) || !isFailureCode(code ?? '')) {
      throw new Error(
        `${path}: fingerprint ${JSON.stringify(entry.fingerprint)} is not "<check id> <FAILURE_CODE> <path>" (a baseline written by a kit before failure codes masked the message instead). Regenerate it: run the kit with --reporter json and copy the fingerprints of the deviations to accept from report.json (results[].deviations[].fingerprint), keeping each reason and expiry`,
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
  const expired = new Set<BaselineEntry>();
  const used = new Set<BaselineEntry>();
  const live = (e: BaselineEntry) => new Date(`${e.expires}T23:59:59Z`) >= today;
  for (const result of results) {
    const accepted = new Map<string, BaselineEntry>();
    for (const print of result.fingerprints ?? []) {
      const entry = entries.find((e) => e.fingerprint === print);
      if (!entry) continue;
      used.add(entry);
      if (live(entry)) accepted.set(print, entry);
      else expired.add(entry);
    }
    for (const deviation of result.deviations ?? []) {
      const entry = accepted.get(deviation.fingerprint);
      if (entry) deviation.baselined = entry.reason;
    }
    // Baselined only when every deviation found is accepted: a new one fails the run.
    if (accepted.size > 0 && accepted.size === result.fingerprints?.length)
      result.baselined = [...new Set([...accepted.values()].map((e) => e.reason))].join('; ');
  }
  return { expired: [...expired], stale: entries.filter((e) => !used.has(e)) };
}

/** A deviation's stable key: its check id, failure code and path (array indexes as [*]). */
export function fingerprintOf(id: string, code: string, path: string): string {
  return `${id} ${code} ${pathShape(path)}`.trim();
}
