import { join } from 'node:path';
import { protoDir } from '@parley/schemas/paths';
import { PROTO_FILES } from '@parley/schemas/proto';
import type { JudgeableFact } from '../../facts/fact.js';
import { CHECKS, run } from '../../index.js';
import type { ReferenceServer } from '../../reference.js';
import { startReferenceServer } from '../../reference-server.js';
import { referenceTarget } from '../reference-target.js';
import { startVariantProxy } from '../variant-proxy.js';
import type { FactViolation } from './fact-violation.js';

// The self-test's facts lane: each violation in front of (or injected into) a reference server of
// the lane's own, run with its fact's checks only. Sub-lanes, each with its own server: the
// live-stream proxied violations, which wait in real time and leave the CPU idle, beside the other
// proxied ones split into `restLanes` lanes (the REST runs are CPU-bound: more lanes than cores gain
// nothing); then the faulted ones alone, one at a time (a fault is on for the whole process). A
// process that injects faults elsewhere (the self-test's fault lane) runs this lane in a child.

/** The share of judgeable facts a self-test must prove, in percent. */
export const PROVEN_MIN = 98;

export interface ViolationOutcome {
  id: string;
  fact: string;
  caught: boolean;
  /** What the fact's checks said: the failure that caught it, or on a miss all they said. */
  detail?: string;
}

const profileOf = (checks: readonly string[], v: FactViolation): 'smoke' | 'full' =>
  v.profile ??
  (checks.every((id) => CHECKS.find((c) => c.id === id)?.profiles.includes('smoke')) ? 'smoke' : 'full');

async function setFaults(server: ReferenceServer, faults: string[]): Promise<void> {
  const r = await fetch(`${server.baseUrl}/_emulator/faults`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  if (r.status !== 200) throw new Error(`PUT /_emulator/faults answered ${r.status}`);
}

async function judge(
  server: ReferenceServer,
  fact: JudgeableFact,
  v: FactViolation,
): Promise<ViolationOutcome> {
  const target = {
    ...referenceTarget(server),
    protoFiles: PROTO_FILES.map((file) => join(protoDir, file)),
    retries: 0,
  };
  const proxy = v.hooks
    ? await startVariantProxy(server, {
        id: v.id,
        area: 'rest',
        allows: v.does,
        only: [...fact.checks],
        hooks: v.hooks,
      })
    : undefined;
  try {
    if (v.fault) await setFaults(server, [v.fault]);
    const report = await run({
      ...target,
      ...v.options,
      ...(proxy ? { baseUrl: proxy.baseUrl, wsUrl: proxy.wsUrl } : {}),
      seed: 1,
      profile: profileOf(fact.checks, v),
      only: [...fact.checks],
      progress: null,
      reporters: [],
    });
    // A MUST broken fails the run; a SHOULD broken is reported NON_STRICT and does not (README's exit
    // codes), so that is how its violation is caught.
    const mine = report.results.filter((r) => fact.checks.includes(r.id));
    const by = (r: (typeof mine)[number]) => `${r.id}: ${r.message.slice(0, 160)}`;
    const failed = mine.find((r) => r.status === 'FAIL');
    if (failed && report.exitCode === 1) return { id: v.id, fact: v.fact, caught: true, detail: by(failed) };
    const noted = mine.find((r) => r.status === 'NON_STRICT' || r.status === 'FAIL');
    if (fact.level === 'SHOULD' && noted) return { id: v.id, fact: v.fact, caught: true, detail: by(noted) };
    const said = report.results.map((r) => `${r.id} ${r.status}${r.message ? `: ${r.message}` : ''}`);
    return { id: v.id, fact: v.fact, caught: false, detail: said.join('; ') || 'no check ran' };
  } catch (error) {
    return {
      id: v.id,
      fact: v.fact,
      caught: false,
      detail: `the run could not judge: ${(error as Error).message}`,
    };
  } finally {
    if (v.fault) await setFaults(server, []).catch(() => {});
    await proxy?.close();
  }
}

/** Runs each violation; `log` gets one line each. A violation of an unknown or unjudgeable fact is a miss. */
export async function factsLane(
  facts: readonly JudgeableFact[],
  violations: readonly FactViolation[],
  log: (line: string) => void,
  { restLanes = 2 }: { restLanes?: number } = {},
): Promise<ViolationOutcome[]> {
  const byId = new Map(facts.map((f) => [f.id, f]));
  const isStream = (v: FactViolation) =>
    byId.get(v.fact)?.checks.some((id) => id.startsWith('stream.')) ?? false;
  const outcomes: ViolationOutcome[] = [];
  const lane = async (list: readonly FactViolation[]) => {
    if (list.length === 0) return;
    const server = await startReferenceServer();
    try {
      for (const v of list) {
        const fact = byId.get(v.fact);
        const outcome = fact
          ? await judge(server, fact, v)
          : { id: v.id, fact: v.fact, caught: false, detail: 'no judgeable fact of that id' };
        outcomes.push(outcome);
        log(`${outcome.caught ? 'caught' : 'MISSED'} ${v.id}${outcome.detail ? ` (${outcome.detail})` : ''}`);
      }
    } finally {
      await server.close();
    }
  };
  // The reference server's faults are its process's, not one server's: while one is on, no other
  // run may go on in the process (it would see the fault, or turn it off). The proxied violations
  // run first in parallel lanes, then the faulted ones one at a time.
  const proxied = violations.filter((v) => !v.fault);
  const lanes = Math.max(1, restLanes);
  const rest = proxied.filter((v) => !isStream(v));
  await Promise.all([
    lane(proxied.filter(isStream)),
    ...Array.from({ length: lanes }, (_, i) => lane(rest.filter((_v, j) => j % lanes === i))),
  ]);
  await lane(violations.filter((v) => v.fault));
  return outcomes;
}

/** Judgeable facts with at least one caught violation, and their share. */
export function provenFacts(facts: readonly JudgeableFact[], outcomes: readonly ViolationOutcome[]) {
  const caught = new Set(outcomes.filter((o) => o.caught).map((o) => o.fact));
  const proven = facts.filter((f) => caught.has(f.id));
  const unproven = facts.filter((f) => !caught.has(f.id));
  return { proven, unproven, percent: facts.length === 0 ? 0 : (100 * proven.length) / facts.length };
}
