import { join } from 'node:path';
import { protoDir } from '@parley/schemas/paths';
import { PROTO_FILES } from '@parley/schemas/proto';
import { CHECKS, run } from '../../index.js';
import { startReferenceServer } from '../../reference-server.js';
import { referenceTarget } from '../reference-target.js';
import type { Variant } from '../variant-edits.js';
import { startVariantProxy } from '../variant-proxy.js';
import { BLIND_FAULTS } from './decisions.js';

// The blind violations as faults of the self-test: each one's proxy in front of a reference server of
// the lane's own (the server faults are switched on the other one, and would show through), run with
// the one check that must catch it. Two sub-lanes: the live-stream cases, which wait in real time,
// beside the others.

/**
 * The profile a case is run in: its own, else smoke where each of its `only` terms (a check id, an
 * id's prefix or an area, as --only reads them) names a smoke check, else full.
 */
export function profileOf(c: Pick<Variant, 'only' | 'profile'>): 'smoke' | 'full' {
  if (c.profile) return c.profile;
  const inSmoke = (term: string) =>
    CHECKS.some(
      (k) =>
        (k.area === term || k.id === term || k.id.startsWith(`${term}.`)) && k.profiles.includes('smoke'),
    );
  return c.only.every(inSmoke) ? 'smoke' : 'full';
}

const isStream = (c: Variant) => c.only.some((id) => id.startsWith('stream.'));

/** Runs every blind fault; prints one line each, returns how many were caught. */
export async function blindFaultLane(
  log: (line: string) => void,
  faults: readonly Variant[] = BLIND_FAULTS,
): Promise<number> {
  const server = await startReferenceServer();
  const target = {
    ...referenceTarget(server),
    protoFiles: PROTO_FILES.map((file) => join(protoDir, file)),
    retries: 0,
  };
  let caught = 0;
  const judge = async (fault: Variant) => {
    const check = fault.only[0] ?? '-';
    const proxy = await startVariantProxy(server, fault);
    try {
      const report = await run({
        ...target,
        ...fault.options,
        baseUrl: proxy.baseUrl,
        wsUrl: proxy.wsUrl,
        seed: 1,
        profile: profileOf(fault),
        only: fault.only,
        progress: null,
        reporters: [],
      });
      const hit = report.results.find((r) => r.id === check);
      const ok = hit?.status === 'FAIL' && report.exitCode === 1;
      if (ok) caught++;
      log(
        `${ok ? 'caught' : 'MISSED'} blind:${fault.id.padEnd(36)} ${check}${ok ? '' : ` (${hit?.status}: ${hit?.message})`}`,
      );
    } catch (error) {
      log(
        `MISSED blind:${fault.id.padEnd(36)} ${check} (the run could not judge: ${(error as Error).message})`,
      );
    } finally {
      await proxy.close();
    }
  };
  const lane = async (list: readonly Variant[]) => {
    for (const fault of list) await judge(fault);
  };
  try {
    await Promise.all([lane(faults.filter(isStream)), lane(faults.filter((f) => !isStream(f)))]);
  } finally {
    await server.close();
  }
  return caught;
}
