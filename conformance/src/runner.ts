import { fingerprintOf } from './baseline.js';
import type { Area, CheckResult, Status } from './check.js';
import { type Found, MAX_DEVIATIONS, PARLEY_CHOICE, Verdict, withFindings } from './check.js';
import type { Check } from './checks/define.js';
import { CheckContext, newRunState, type RunState, type Target } from './context.js';
import { withRetries } from './retry.js';

// Runs the selected checks, turns each outcome into a CheckResult, and deletes what the run created.
// The full profile runs them one after another (its live sessions run alone, so their timing is the
// protocol's, not contention's). The smoke profile runs lanes side by side, each lane's checks one
// after another: the meeting checks (rest and errors share the key's meetings and the order of its
// list), speech, partner, and the stream checks, whose sessions started with the run.
// Results are reported in registry order either way.

const LANE: Record<Area, string> = {
  rest: 'meetings',
  errors: 'meetings',
  speech: 'speech',
  partner: 'partner',
  stream: 'stream',
};

export async function runChecks(
  target: Target,
  checks: readonly Check[],
  onProgress: (done: number, total: number, result: CheckResult) => void = () => undefined,
  state: RunState = newRunState(),
  retries = 0,
): Promise<CheckResult[]> {
  const done = new Map<string, CheckResult>();
  const lanes = new Map<string, Check[]>();
  for (const check of checks) {
    const lane = target.profile === 'smoke' ? LANE[check.area] : 'all';
    lanes.set(lane, [...(lanes.get(lane) ?? []), check]);
  }
  try {
    for (const check of checks) check.start?.(new CheckContext(target, check.id, state));
    await Promise.all(
      [...lanes.values()].map(async (lane) => {
        for (const check of lane) {
          // A retry starts from fresh memos (a new grant, a new TTS answer), the run's data and secrets kept.
          const result = await withRetries(check, retries, (n) =>
            runOne(target, check, n === 0 ? state : { ...state, memo: new Map() }),
          );
          done.set(check.id, result);
          onProgress(done.size, checks.length, result);
        }
      }),
    );
  } finally {
    await cleanup(target, state);
  }
  return checks.map((check) => done.get(check.id) as CheckResult);
}

async function runOne(target: Target, check: Check, state: RunState): Promise<CheckResult> {
  const ctx = new CheckContext(target, check.id, state);
  const started = performance.now();
  let status: Status = 'PASS';
  let message = '';
  let needs: string[] = [];
  const { findings, done } = withFindings(target.parleyChoices === true, () => check.run(ctx));
  const { found, omitted } = findings;
  try {
    const note = await done;
    message = typeof note === 'string' ? note : '';
  } catch (error) {
    if (error instanceof Verdict && error.status === 'FAIL') found.push(...error.found);
    else if (error instanceof Verdict) [status, message, needs] = [error.status, error.message, error.needs];
    else {
      status = 'COULD_NOT_JUDGE';
      message = `the check could not run: ${(error as Error).message}`;
    }
  }
  const exchanges = ctx.exchanges;
  // A check that only ever saw 401s learned nothing about the rule it checks.
  if (
    !check.expectsAuthErrors &&
    status === 'PASS' &&
    found.length === 0 &&
    exchanges.length > 0 &&
    exchanges.every((e) => e.status === 401)
  ) {
    status = 'COULD_NOT_JUDGE';
    message = 'every answer was 401: the key was refused, so the rule could not be judged';
  }
  const all = [...found, ...omitted];
  const rules = all.filter((f) => !f.choice);
  if (rules.length > 0) {
    // What it found stands whatever stopped the check afterwards (a skip, a crash).
    const after = status === 'PASS' ? '' : `; then ${status}: ${message}`;
    status = check.level === 'SHOULD' ? 'NON_STRICT' : 'FAIL';
    message = `${summary(rules)}${after}`;
  } else if (status === 'PASS' && all.length > 0) {
    // The spec allows what was seen; Parley would have done otherwise: reported, never a failure.
    status = 'NON_STRICT';
    message = `${PARLEY_CHOICE} not followed (the spec allows it): ${summary(all)}`;
  }
  const deviates = status === 'FAIL' || status === 'NON_STRICT';
  const print = (f: Found) => fingerprintOf(check.id, f.code, f.path);
  const kept = found.slice(0, MAX_DEVIATIONS);
  return {
    id: check.id,
    title: check.title,
    area: check.area,
    clause: check.clause,
    level: check.level,
    status,
    message,
    ...(deviates && all.length > 0
      ? {
          deviations: kept.map((f) => ({ ...f, fingerprint: print(f) })),
          ...(all.length + findings.uncounted > kept.length
            ? { omitted: all.length + findings.uncounted - kept.length }
            : {}),
          // Past MAX_FINGERPRINTS the deviations are not all known: no baseline entry can cover them.
          fingerprints: [
            ...new Set(all.map(print)),
            ...(findings.uncounted > 0 ? [`${check.id} (more deviations than the kit fingerprints)`] : []),
          ],
        }
      : {}),
    ...(status === 'SKIPPED' && needs.length > 0 ? { needs } : {}),
    evidence: exchanges.slice(deviates ? -6 : -2),
    ...(Object.keys(ctx.metrics).length > 0 ? { metrics: ctx.metrics } : {}),
    durationMs: Math.round(performance.now() - started),
  };
}

/** The first deviation's message, and how many more there are. */
const summary = (found: Found[]) =>
  `${found[0]?.message ?? ''}${found.length > 1 ? ` (and ${found.length - 1} more)` : ''}`;

/**
 * Deletes the meetings the run created (at the end, or when the run is interrupted). It stops at the
 * first delete left unanswered past its deadline: a deployment whose delete-meeting hangs would hang
 * on every other one, and a run creates dozens (one deadline each). The rest are left, titled with
 * the run id.
 */
export async function cleanup(target: Target, state: RunState): Promise<void> {
  const ctx = new CheckContext(target, 'cleanup', state);
  for (const [meetingId, key] of [...state.createdMeetings]) {
    const hung = await ctx.call('delete-meeting', { meeting_id: meetingId }, key).then(
      () => false,
      (error) => error instanceof Verdict && error.found.some((f) => f.code === 'NO_ANSWER'),
    );
    if (hung) return;
    state.createdMeetings.delete(meetingId);
  }
}
