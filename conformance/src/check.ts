// What a check is and what it returns. Every check has a never-reused hierarchical id
// (`<area>.<nn>.<name>`): a retired check keeps its number unused so baselines and CI history stay
// unambiguous.
//
// What a check rests on: its `spec` sentence (a MUST or SHOULD of the spec, quoted). Where the spec
// says "not shown" or leaves room, Parley made a choice; a check may test that too, but only through
// `choice()`, which notes a miss (NON_STRICT at most) unless the run asks for Parley's choices
// (`--parley-choices`), so a deployment the spec allows never fails.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { FailureCode } from './failure-codes.js';

export type Level = 'MUST' | 'SHOULD';
/** FLAKY: a FAIL that a retry did not repeat (retry.ts): neither a failure nor a pass. */
export type Status = 'PASS' | 'FAIL' | 'NON_STRICT' | 'FLAKY' | 'SKIPPED' | 'COULD_NOT_JUDGE';
export type Area = 'rest' | 'errors' | 'speech' | 'stream' | 'partner';
export type Profile = 'smoke' | 'full';

/** One request and what came back, as a report shows it (secrets redacted at report time). */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseBody?: string;
  /** A command that repeats the request: a curl line, or a small ws script for stream checks. */
  repro: string;
}

/** One attempt's answer of a retried check (retry.ts), as the report shows it beside the result. */
export interface Attempt {
  status: Status;
  message: string;
  durationMs: number;
  fingerprints?: string[];
}

export interface CheckResult {
  id: string;
  title: string;
  area: Area;
  clause: string;
  level: Level;
  status: Status;
  /** A one-line summary: the first deviation and how many more, or the check's note. */
  message: string;
  /** Every deviation found (at most MAX_DEVIATIONS kept whole), each with its fingerprint. */
  deviations?: Deviation[];
  /** How many more deviations were found than are kept. */
  omitted?: number;
  /** Every distinct fingerprint of the deviations found, kept or not (what the baseline matches). */
  fingerprints?: string[];
  /** The exchanges the check made (the last few, excerpted). */
  evidence: Exchange[];
  /** Figures a check measured (timings, WER). */
  metrics?: Record<string, number>;
  durationMs: number;
  /** Set when a baseline entry accepted this deviation. */
  baselined?: string;
  /** A FAIL run again (--retries): every attempt's answer, the first one first. */
  attempts?: Attempt[];
  /** On a SKIPPED result: the flags that would have let it judge (any one of them where they are alternatives). */
  needs?: string[];
}

export interface CheckDef<C> {
  id: string;
  title: string;
  area: Area;
  /** The spec clause enforced, as `Section: rule`. */
  clause: string;
  /** The spec's own sentence the check rests on, quoted (CHECKS.md's table shows it). */
  spec: string;
  /** Parley's choices the check also looks at (NON_STRICT unless --parley-choices), for the table. */
  choices?: string;
  level: Level;
  /** smoke checks run in every profile; full-only checks only in `--profile full`. */
  profiles: readonly Profile[];
  /** Auth checks expect 401s; any other check that saw only 401s could not judge. */
  expectsAuthErrors?: boolean;
  /** Work begun when the run starts, so slow sessions overlap the other checks (results via memos). */
  start?(ctx: C): void;
  /** Resolves with a note for the report (a count, a figure), or nothing. */
  run(ctx: C): Promise<unknown>;
}

/** Where a deviation is and what was there: `path` is `<answer> <location>` (see json-path.ts). */
export interface At {
  path: string;
  expected?: unknown;
  actual?: unknown;
}

/** One thing a check found wrong: a code of the closed set, a readable message, where, and what. */
export interface Deviation extends At {
  code: FailureCode;
  message: string;
  /** `<check id> <CODE> <path>` with array indexes as [*]: what a baseline entry names. */
  fingerprint: string;
  /** A choice of Parley's, not a rule of the spec (NON_STRICT unless --parley-choices). */
  choice?: true;
  /** The reason of the baseline entry that accepts it. */
  baselined?: string;
}

/** A deviation as a check reports it (the runner adds the fingerprint). */
export type Found = Omit<Deviation, 'fingerprint' | 'baselined'>;

/** Thrown by a check to end it with a verdict other than PASS (FAIL carries what it found). */
export class Verdict extends Error {
  constructor(
    readonly status: Exclude<Status, 'PASS'>,
    message: string,
    readonly found: Found[] = [],
    /** The flags a skip needed (a SKIPPED result names them). */
    readonly needs: string[] = [],
  ) {
    super(message);
  }
}

/** Ends the check with this deviation (and every one it reported before). */
export const fail = (code: FailureCode, message: string, at?: At): never => {
  const found = finding(code, message, at);
  throw new Verdict('FAIL', message, [found]);
};
/** Ends the check SKIPPED for want of an input: `needs` names the flags (the report and coverage show them). */
export const skip = (message: string, needs: string[] = []): never => {
  throw new Verdict('SKIPPED', message, [], needs);
};
export const couldNotJudge = (message: string): never => {
  throw new Verdict('COULD_NOT_JUDGE', message);
};

/** Ends the check with this deviation unless `condition` holds (what follows needs it). */
export function expect(condition: unknown, code: FailureCode, message: string, at?: At): asserts condition {
  if (!condition) fail(code, message, at);
}

/**
 * Reports this deviation and lets the check go on, so one run lists every deviation it finds. Outside
 * a check's run (a helper called on its own) it fails at once.
 */
export function deviate(code: FailureCode, message: string, at?: At): void {
  const scope = scopes.getStore();
  if (!scope) fail(code, message, at);
  else record(scope, finding(code, message, at));
}

/** Reports a deviation unless `condition` holds, and goes on; says whether it held. */
export function verify(condition: unknown, code: FailureCode, message: string, at?: At): boolean {
  if (!condition) deviate(code, message, at);
  return Boolean(condition);
}

export const PARLEY_CHOICE = "Parley's choice";

/**
 * A rule of Parley's own where the spec leaves room: a miss is reported and the check goes on (the
 * result is NON_STRICT at most), or counts as a failure when the run asked for Parley's choices.
 * Outside a run (a helper called on its own) a miss fails.
 */
export function choice(condition: unknown, code: FailureCode, message: string, at?: At): void {
  if (condition) return;
  const scope = scopes.getStore();
  if (!scope) fail(code, `${PARLEY_CHOICE}: ${message}`, at);
  else record(scope, { ...finding(code, message, at), ...(scope.strict ? {} : { choice: true as const }) });
}

/** At most this many deviations of a check are kept whole; the rest are counted (and fingerprinted). */
export const MAX_DEVIATIONS = 20;
/** At most this many distinct fingerprints per check; beyond, the result cannot be baselined. */
export const MAX_FINGERPRINTS = 200;

export interface Findings {
  strict: boolean;
  found: Found[];
  /** Deviations past MAX_DEVIATIONS: fingerprinted, not kept whole (at most MAX_FINGERPRINTS). */
  omitted: Found[];
  /** Deviations past both caps: only counted. */
  uncounted: number;
}

const scopes = new AsyncLocalStorage<Findings>();

function record(scope: Findings, found: Found): void {
  if (scope.found.length < MAX_DEVIATIONS) scope.found.push(found);
  else if (scope.omitted.length < MAX_FINGERPRINTS) scope.omitted.push(found);
  else scope.uncounted++;
}

/** Runs `body` with its own record of deviations (a check's run, or a memo shared by several). */
export function withFindings<T>(
  strict: boolean,
  body: () => Promise<T>,
): { findings: Findings; done: Promise<T> } {
  const findings: Findings = { strict, found: [], omitted: [], uncounted: 0 };
  return { findings, done: scopes.run(findings, body) };
}

/** Reports deviations found elsewhere (a shared memo's choices) as the current check's. */
export function adopt(found: readonly Found[]): void {
  const scope = scopes.getStore();
  if (scope) for (const f of found) record(scope, f);
}

/** Whether the current check's run treats Parley's choices as rules. */
export const strictChoices = (): boolean => scopes.getStore()?.strict ?? true;

/** A value as a report keeps it: long strings and big structures cut to a readable excerpt. */
function excerptOf(value: unknown): unknown {
  if (value === undefined) return undefined;
  const json = JSON.stringify(value) ?? String(value);
  if (json.length <= 300) return value;
  return typeof value === 'string' ? `${value.slice(0, 297)}...` : `${json.slice(0, 297)}...`;
}

function finding(code: FailureCode, message: string, at?: At): Found {
  return {
    code,
    message,
    path: at?.path ?? '',
    ...(at && 'expected' in at ? { expected: excerptOf(at.expected) } : {}),
    ...(at && 'actual' in at ? { actual: excerptOf(at.actual) } : {}),
  };
}
