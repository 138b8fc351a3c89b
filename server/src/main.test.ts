import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real entry point as `npm start` runs it (built to dist/, run by plain Node): first start seeds
// and prints the demo credentials, SIGTERM stops it cleanly, and a restart on the same data
// directory keeps data and credentials.

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'parley-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
}, 60_000);

interface Started {
  child: ChildProcess;
  url: string;
  demoKey: string;
}

function start(): Promise<Started> {
  const child = spawn(
    process.execPath,
    ['--conditions=parley-dist', '--disable-warning=ExperimentalWarning', 'dist/main.js'],
    {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: '0', PARLEY_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let banner = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const url = /Parley reference server: (\S+)/.exec(banner)?.[1];
      const demoKey = /demo API key\s+(\S+)/.exec(banner)?.[1];
      if (url && demoKey && banner.includes('curl')) resolve({ child, url, demoKey });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${banner}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

const post = (url: string, key: string, body: object) =>
  fetch(url, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('main', () => {
  it('starts, serves the demo key, stops on SIGTERM, and keeps data and key across a restart', async () => {
    const first = await start();
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
    const created = await post(`${first.url}/v1/create-meeting`, first.demoKey, {
      title: 'survives restarts',
    });
    expect(created.status).toBe(200);
    const { meeting } = (await created.json()) as { meeting: { id: string } };
    expect(await stop(first.child)).toBe(0);

    const second = await start();
    expect(second.demoKey).toBe(first.demoKey);
    const listed = await post(`${second.url}/v1/get-meetings`, second.demoKey, {});
    expect(listed.status).toBe(200);
    const { meetings } = (await listed.json()) as { meetings: { id: string }[] };
    expect(meetings.map((m) => m.id)).toContain(meeting.id);
    expect(await stop(second.child)).toBe(0);
  }, 60_000);
});
