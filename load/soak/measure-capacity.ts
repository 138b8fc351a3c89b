import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The live-stream capacity of the soak's target, measured at the start by the node probe (the same
// plan and hold rule as k6/capacity.ts), levels 1, 2, … up to LEVELS' max, stopping at the first
// level not held. Its output goes to the console as the probe prints it.

export const MEASURE_LEVELS = '1:1:8';

export async function measureCapacity(baseUrl: string, apiKey: string, wsUrl?: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-soak-capacity-'));
  const out = join(dir, 'capacity.json');
  const probe = fileURLToPath(new URL('../probe/probe.ts', import.meta.url));
  const args = [
    'tsx',
    probe,
    '--base-url',
    baseUrl,
    '--api-key',
    apiKey,
    '--levels',
    MEASURE_LEVELS,
    '--json',
    out,
  ];
  const child = spawn('npx', [...args, ...(wsUrl ? ['--ws-url', wsUrl] : [])], { stdio: 'inherit' });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', () => resolve());
    });
    const held = (JSON.parse(readFileSync(out, 'utf8')) as { held?: unknown }).held;
    if (typeof held !== 'number') throw new Error(`the probe's ${out} has no numeric "held"`);
    return held;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
