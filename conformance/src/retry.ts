import type { Area, Attempt, CheckResult } from './check.js';

// Flaky checks named: a check that FAILs is run again (--retries N times at most, until an attempt
// does not fail). A failure that repeats on every attempt stays a FAIL; one that does not repeat
// (an attempt PASSes or is NON_STRICT) is FLAKY: not a failure (it does not fail the run), not a
// pass, reported with every attempt's answer so a team tells a real regression apart from noise.
// An attempt that is SKIPPED or could not judge contradicts nothing: the failure stands.
//
// A check that failed on a hang (NO_ANSWER: a request unanswered past its deadline) is not retried:
// a second attempt would wait the whole deadline again (30 s, 600 s for file STT) to learn what the
// first already showed. Against a deployment that never answers malformed input the retry hangs
// exactly as the first attempt did, so it can only double the wait, never make a FLAKY; a hang
// past a deadline 30 times a normal answer is the deployment's behaviour to report, not noise.
//
// The stream checks are not retried: their live sessions are recorded once per run and judged
// against the spec's deadlines (finalize "about 5 seconds"); judging the same recording again cannot
// differ, and a fresh session that happens to meet the deadline would hide the miss they report.

/** Where a check can be retried (see above). */
export const retryable = (check: { area: Area }): boolean => check.area !== 'stream';

/**
 * --retries when given; otherwise 1 in CI (the `CI` variable every CI service sets, or the github
 * reporter) and 0 on a person's machine, where a failure is looked at at once.
 */
export function defaultRetries(reporters: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  const ci = env.CI !== undefined && !['', '0', 'false'].includes(env.CI.toLowerCase());
  return ci || reporters.includes('github') ? 1 : 0;
}

const attemptOf = (r: CheckResult): Attempt => ({
  status: r.status,
  message: r.message,
  durationMs: r.durationMs,
  ...(r.fingerprints ? { fingerprints: r.fingerprints } : {}),
});

/** The attempt failed on a request left unanswered past its deadline (see above): its fingerprints
 * name every deviation, the kept ones and those past MAX_DEVIATIONS. */
export const hung = (r: Pick<CheckResult, 'id' | 'fingerprints'>): boolean =>
  r.fingerprints?.some((f) => f.startsWith(`${r.id} NO_ANSWER `)) === true;

/** Runs `attempt` once, and again while it FAILs (not on a hang), at most `retries` more times. */
export async function withRetries(
  check: { area: Area },
  retries: number,
  attempt: (n: number) => Promise<CheckResult>,
): Promise<CheckResult> {
  const first = await attempt(0);
  if (first.status !== 'FAIL' || retries < 1 || !retryable(check) || hung(first)) return first;
  const attempts = [first];
  for (let n = 1; n <= retries; n++) {
    const again = await attempt(n);
    attempts.push(again);
    if (again.status === 'PASS' || again.status === 'NON_STRICT' || hung(again)) break;
  }
  const last = attempts.at(-1) as CheckResult;
  const durationMs = attempts.reduce((sum, r) => sum + r.durationMs, 0);
  const answers = attempts.map(attemptOf);
  if (last.status !== 'PASS' && last.status !== 'NON_STRICT')
    return { ...first, attempts: answers, durationMs };
  // The failing attempt's findings and evidence are what a person looks into.
  return {
    ...first,
    status: 'FLAKY',
    message: `failed, then ${last.status} on attempt ${attempts.length}: ${first.message}`,
    attempts: answers,
    durationMs,
  };
}

/** Every attempt of a retried result, one line each: what a reporter shows beside a FLAKY or a FAIL. */
export function attemptLines(r: Pick<CheckResult, 'attempts'>): string[] {
  return (r.attempts ?? []).map(
    (a, i) => `attempt ${i + 1}: ${a.status}${a.message ? ` — ${a.message}` : ''} (${a.durationMs} ms)`,
  );
}
