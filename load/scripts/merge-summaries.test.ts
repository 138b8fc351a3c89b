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
});
