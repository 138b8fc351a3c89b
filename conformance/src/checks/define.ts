import type { CheckDef, Profile } from '../check.js';
import type { CheckContext } from '../context.js';

// A check as written in a *.checks.ts file: `full: true` keeps it out of the smoke profile.

export type Check = CheckDef<CheckContext>;

export function define(check: Omit<Check, 'profiles'> & { full?: boolean }): Check {
  const { full, ...rest } = check;
  const profiles: Profile[] = full ? ['full'] : ['smoke', 'full'];
  return { ...rest, profiles };
}
