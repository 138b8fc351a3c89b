// Per-turn live latency (live-turns.ts) for a set of rules side by side in one run, so a change is
// compared with the rule before it under the same machine load.
// Run: npx tsx bench/live-turns.bench.ts [-- --turn-sessions 1,4 --rules before,now --try '{"endpointSilenceMs":300}'
//      --fixtures id,id]   (each level plays every fixture once per stream: ~50 s with the defaults)

import { loadavg } from 'node:os';
import { isEntry, option } from './bench-kit.js';
import {
  loadClips,
  measureTurns,
  TURN_FIXTURES,
  type TurnLevel,
  type TurnRule,
  turnRow,
} from './live-turns.js';
import { measureEndpointWork } from './live-turns.work.js';

/** The live limits before the final's decode moved into the endpoint's pause (2026-11-25). */
export const RULES: Record<string, TurnRule> = {
  before: {
    name: 'before',
    limits: { endpointSilenceMs: 400, decodePauseMs: 400, endpointEnergyGateDb: 0, interimEveryMs: 200 },
  },
  now: { name: 'now', limits: {} },
};

export const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

export function rulesFromOptions(): TurnRule[] {
  const rules = option('rules', 'before,now')
    .split(',')
    .map((name) => {
      const rule = RULES[name];
      if (!rule) throw new Error(`--rules: no rule ${name} (${Object.keys(RULES).join(', ')})`);
      return rule;
    });
  const tried = option('try', '');
  if (tried) rules.push({ name: `try ${tried}`, limits: JSON.parse(tried) });
  return rules;
}

/** Every rule at every level, levels outermost, so the rules of one level run minutes apart at most. */
export async function measureRules(
  levels: readonly number[],
  rules: readonly TurnRule[],
  fixtures: readonly string[],
  onLevel: (level: TurnLevel) => void = () => undefined,
): Promise<TurnLevel[]> {
  const clips = await loadClips(fixtures);
  const results: TurnLevel[] = [];
  for (const sessions of levels) {
    for (const rule of rules) {
      const level = await measureTurns(clips, sessions, rule);
      results.push(level);
      onLevel(level);
    }
  }
  return results;
}

async function main(): Promise<void> {
  const levels = option('turn-sessions', '1,4').split(',').map(Number);
  const fixtures = option('fixtures', TURN_FIXTURES.join(',')).split(',');
  const rules = rulesFromOptions();
  setTimeout(
    () => {
      console.error('bench: gave up after its budget');
      process.exit(1);
    },
    levels.length * rules.length * 180_000,
  ).unref();
  console.log(`live turns: ${fixtures.join(' + ')}; load average ${load()} (1, 5, 15 min)`);
  const rows = await measureRules(levels, rules, fixtures, (level) =>
    console.log(JSON.stringify(turnRow(level))),
  );
  console.table(rows.map(turnRow));
  const clips = await loadClips(fixtures);
  for (const rule of rules) console.log(JSON.stringify(await measureEndpointWork(clips, rule)));
  console.log(`load average now ${load()}`);
  process.exit(0);
}

if (isEntry(import.meta.url)) await main();
