// What a check is and what it returns. Every check has a never-reused hierarchical id
// (`<area>.<nn>.<name>`): a retired check keeps its number unused so baselines and CI history stay
// unambiguous.
//
// What a check rests on: its `spec` sentence (a MUST or SHOULD of the spec, quoted). Where the spec
// says "not shown" or leaves room, Parley made a choice; a check may test that too, but only through
// `choice()`, which notes a miss (NON_STRICT at most) unless the run asks for Parley's choices
// (`--parley-choices`), so a deployment the spec allows never fails.

import { AsyncLocalStorage } from 'node:async_hooks';

export type Level = 'MUST' | 'SHOULD';
export type Status = 'PASS' | 'FAIL' | 'NON_STRICT' | 'SKIPPED' | 'COULD_NOT_JUDGE';
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

export interface CheckResult {
  id: string;
  title: string;
  area: Area;
  clause: string;
  level: Level;
  status: Status;
  message: string;
  /** Stable key of a deviation, matched by baseline entries. */
  fingerprint?: string;
  /** The exchanges the check made (the last few, excerpted). */
  evidence: Exchange[];
  /** Figures a check measured (timings, WER). */
  metrics?: Record<string, number>;
  durationMs: number;
  /** Set when a baseline entry accepted this deviation. */
  baselined?: string;
}

export interface CheckDef<C> {
  id: string;
  title: string;
  area: Area;
  /** The spec clause enforced, as `Section: rule`. */
  clause: string;
  /** The spec's own sentence the check rests on, quoted (the README's check table shows it). */
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

/** Thrown by a check to end it with a verdict other than PASS. */
export class Verdict extends Error {
  constructor(
    readonly status: Exclude<Status, 'PASS'>,
    message: string,
  ) {
    super(message);
  }
}

export const fail = (message: string): never => {
  throw new Verdict('FAIL', message);
};
export const skip = (message: string): never => {
  throw new Verdict('SKIPPED', message);
};
export const couldNotJudge = (message: string): never => {
  throw new Verdict('COULD_NOT_JUDGE', message);
};

interface ChoiceScope {
  /** The run asked for Parley's choices: a miss fails like a MUST. */
  strict: boolean;
  missed: string[];
}
const choiceScope = new AsyncLocalStorage<ChoiceScope>();

/** Runs a check's body with its own record of Parley's choices it saw not followed. */
export function withChoices<T>(
  strict: boolean,
  body: () => Promise<T>,
): { missed: string[]; done: Promise<T> } {
  const scope: ChoiceScope = { strict, missed: [] };
  return { missed: scope.missed, done: choiceScope.run(scope, body) };
}

export const PARLEY_CHOICE = "Parley's choice";

/**
 * A rule of Parley's own where the spec leaves room: a miss is noted and the check goes on (the
 * result is NON_STRICT at most), or fails when the run asked for Parley's choices. Outside a run
 * (a helper called on its own) a miss fails.
 */
export function choice(condition: unknown, message: string): void {
  if (condition) return;
  const scope = choiceScope.getStore();
  if (!scope || scope.strict) fail(`${PARLEY_CHOICE}: ${message}`);
  else if (!scope.missed.includes(message)) scope.missed.push(message);
}

/** Fails with `message` unless `condition` holds. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}
