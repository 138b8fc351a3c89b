import { describe, expect, it } from 'vitest';
import { choice, deviate, MAX_DEVIATIONS, verify } from './check.js';
import type { Check } from './checks/define.js';
import type { Target } from './context.js';
import { runChecks } from './runner.js';

// How a check's deviations become its result: every one reported, kept up to a cap, fingerprinted
// by id, code and path; Parley's choices apart.

const target: Target = {
  baseUrl: 'http://unused.invalid',
  wsUrl: 'ws://unused.invalid',
  apiKey: 'KEY',
  timeoutMs: 1_000,
  seed: 1,
  runId: 'pc-test',
  profile: 'smoke',
};

const check = (run: Check['run'], level: Check['level'] = 'MUST'): Check => ({
  id: 'rest.99.synthetic',
  title: 'synthetic',
  area: 'rest',
  clause: 'x',
  spec: 'x',
  level,
  profiles: ['smoke', 'full'],
  run,
});

const judge = async (c: Check) => (await runChecks(target, [c]))[0];

describe('deviations', () => {
  it('a check that reports and goes on lists every deviation, capped, every fingerprint kept', async () => {
    const result = await judge(
      check(async () => {
        for (let i = 0; i < 150; i++)
          verify(false, 'TYPE', `item ${i} wrong`, {
            path: `list $[${i}].f${i % 30}`,
            expected: 'a string',
            actual: i,
          });
      }),
    );
    expect(result?.status).toBe('FAIL');
    expect(result?.deviations).toHaveLength(MAX_DEVIATIONS);
    expect(result?.omitted).toBe(150 - MAX_DEVIATIONS);
    // Array indexes are [*]: 30 fields, 30 fingerprints, whichever items they were seen in.
    expect(result?.fingerprints).toHaveLength(30);
    expect(result?.deviations?.[3]).toMatchObject({
      code: 'TYPE',
      path: 'list $[3].f3',
      expected: 'a string',
      actual: 3,
      fingerprint: 'rest.99.synthetic TYPE list $[*].f3',
    });
    expect(result?.message).toBe(`item 0 wrong (and 149 more)`);
  });

  it('a deviation reported before a skip still fails the check', async () => {
    const result = await judge(
      check(async () => {
        deviate('VALUE', 'wrong', { path: 'a $.b' });
        throw new (await import('./check.js')).Verdict('SKIPPED', 'needs a flag');
      }),
    );
    expect(result?.status).toBe('FAIL');
    expect(result?.message).toContain('then SKIPPED: needs a flag');
  });

  it("Parley's choices alone are NON_STRICT, with their deviations; a SHOULD is NON_STRICT", async () => {
    const noted = await judge(check(async () => choice(false, 'SCHEMA', 'not our shape', { path: 'x $' })));
    expect(noted?.status).toBe('NON_STRICT');
    expect(noted?.deviations?.[0]).toMatchObject({
      choice: true,
      fingerprint: 'rest.99.synthetic SCHEMA x $',
    });
    const should = await judge(
      check(async () => void verify(false, 'TIMING', 'slow', { path: 's p95' }), 'SHOULD'),
    );
    expect(should?.status).toBe('NON_STRICT');
  });
});
