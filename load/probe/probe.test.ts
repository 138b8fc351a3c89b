import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeStreamServer } from '../test-support/fake-stream-server.ts';

// The probe CLI end to end against a ws server speaking the protocol: levels run, judged, reported.

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'parley-probe-'));
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeStreamServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('load:probe', () => {
  it('runs each level of concurrent paced sessions and reports the highest held', async () => {
    const out = join(dir, 'probe.json');
    const probe = new URL('./probe.ts', import.meta.url).pathname;
    const { stdout } = await run('npx', [
      'tsx',
      probe,
      '--base-url',
      server.url.replace('ws:', 'http:'),
      '--api-key',
      'fake-key',
      '--levels',
      '1:2:3',
      '--stagger-ms',
      '200',
      '--sessions-per-level',
      '1',
      '--json',
      out,
    ]);
    expect(stdout).toMatch(/capacity: 3 concurrent live streams/);
    const result = JSON.parse(readFileSync(out, 'utf8'));
    expect(result.levels.map((l: { stats: { level: number; finished: number } }) => l.stats)).toMatchObject([
      { level: 1, finished: 1 },
      { level: 3, finished: 3 },
    ]);
    expect(server.audioBytes).toHaveLength(4);
  }, 60_000);

  it('answers bad arguments with what is wrong and the usage, exit 2, no stack trace', async () => {
    const probe = new URL('./probe.ts', import.meta.url).pathname;
    const failure = await run('npx', ['tsx', probe, '--api-key', 'k', '--levels', '2:x']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    const { stderr } = failure as { stderr: string };
    expect(stderr).toMatch(/--levels must be START:STEP:MAX/);
    expect(stderr).toMatch(/^Usage: npm run load:probe/m);
    expect(stderr).not.toMatch(/ at /);
  }, 30_000);
});
