import type { RunOptions } from '../../index.js';
import type { ProxyHooks } from '../variant-proxy.js';

// A deployment that breaks exactly one fact of the inventory: a proxy edit in front of the reference
// server (hooks), or a fault the reference server injects itself (/_emulator/faults). The facts lane
// runs it with the fact's checks only; it is caught when one of them FAILs and the run exits 1.

export interface FactViolation {
  /** `<fact id>~<what breaks it>`, unique, e.g. `meetings.meeting.end_at.presence~dropped`. */
  id: string;
  /** The fact it breaks (src/facts). */
  fact: string;
  /** What a client of this deployment sees, in a few words: "end_at missing on ended meetings". */
  does: string;
  /** The proxy's edits (exactly one of hooks and fault). */
  hooks?: () => ProxyHooks;
  /** A fault of the reference server (`GET /_emulator/faults` lists them). */
  fault?: string;
  /** Kit options the run needs: a --proto of the deployment's layout, or an input left out. */
  options?: Partial<RunOptions>;
  /** Run in the full profile even where the fact's checks are all in smoke. */
  profile?: 'full';
}

/** A violation made by the proxy. */
export const proxied = (
  fact: string,
  what: string,
  does: string,
  hooks: () => ProxyHooks,
  extra: Pick<FactViolation, 'options' | 'profile'> = {},
): FactViolation => ({ id: `${fact}~${what}`, fact, does, hooks, ...extra });

/** A violation made by one of the reference server's own faults. */
export const faulted = (fact: string, fault: string, does: string): FactViolation => ({
  id: `${fact}~fault:${fault}`,
  fact,
  does,
  fault,
});
