import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The merge script as a user runs it: summary files in, merged file and text out, k6's exit codes.

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'parley-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = new URL('./merge-summaries.ts', import.meta.url).pathname;

function summary(name: string, passes: number, ok: boolean): string {
  const path = join(dir, name);
  const data = {
    metrics: {
      parley_stream_finished: {
        type: 'rate',
        values: { rate: passes / 10, passes, fails: 10 - passes },
        thresholds: { 'rate>=0.99': { ok } },
      },
    },
    state: { testRunDurationMs: 5000 },
  };
  writeFileSync(path, JSON.stringify(data));
  return path;
}

async function merge(...args: string[]) {
  try {
    const { stdout } = await run('npx', ['tsx', script, ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe('merge-summaries', () => {
  it('writes the merged summary and exits 0 when every instance passed', async () => {
    const out = join(dir, 'merged.json');
    const result = await merge('--out', out, summary('a.json', 10, true), summary('b.json', 10, true));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/merged from 2 instances/);
    const merged = JSON.parse(readFileSync(out, 'utf8'));
    expect(merged.metrics.parley_stream_finished.values).toEqual({ passes: 20, fails: 0, rate: 1 });
  }, 60_000);

  it('exits 99 when a threshold failed on any instance, and 2 without files', async () => {
    const result = await merge(summary('c.json', 10, true), summary('d.json', 7, false));
    expect(result.code).toBe(99);
    expect(result.stdout).toMatch(/✗ parley_stream_finished: rate>=0.99/);
    expect((await merge()).code).toBe(2);
  }, 60_000);

  it('merges capacity.json files and exits 99 when CAPACITY_MIN was not held', async () => {
    const level = (n: number, verdict: string) => ({
      stats: { level: n, planned: 5, sessions: 5, finished: 5, lostFinals: 0 },
      verdict,
      reasons: [],
    });
    const cap = (name: string, verdicts: string[]) => {
      const path = join(dir, name);
      const levels = verdicts.map((v, i) => level(i + 1, v));
      writeFileSync(
        path,
        JSON.stringify({ held: 0, stoppedBy: 'failed', levels, instances: 2, capacityMin: 4 }),
      );
      return path;
    };
    const out = join(dir, 'capacity.json');
    const held = await merge(
      '--capacity',
      '--out',
      out,
      cap('c1.json', ['held', 'held']),
      cap('c2.json', ['held', 'held']),
    );
    expect(held.code).toBe(0);
    expect(held.stdout).toMatch(/capacity: 4 concurrent live streams held over 2 instances/);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ held: 4, gatePassed: true });
    const short = await merge(
      '--capacity',
      cap('c3.json', ['held', 'held']),
      cap('c4.json', ['held', 'failed']),
    );
    expect(short.code).toBe(99);
  }, 60_000);
});
