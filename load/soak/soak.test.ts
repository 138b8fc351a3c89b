import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The soak CLI refuses bad settings with one line naming the flag and exit 2, before it starts a
// server or sends a request. (A real soak takes minutes: `npm run soak:leak-pair -w load`.)

const run = promisify(execFile);
const SOAK = fileURLToPath(new URL('./soak.ts', import.meta.url));

async function soak(args: string[], env: Record<string, string> = {}) {
  try {
    await run('npx', ['tsx', SOAK, ...args], { env: { ...process.env, BASE_URL: '', ...env } });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('npm run soak: bad settings', () => {
  it.each([
    [['--minutes', '5', '--warmup', '5'], {}, /--warmup must be shorter than --minutes/],
    [
      ['--capacity-json', '/nonexistent/capacity.json'],
      {},
      /--capacity-json: \/nonexistent\/capacity.json does not exist/,
    ],
    [['--rest-rate', '5', '--rest-capacity', '20'], {}, /give --rest-rate or --rest-capacity, not both/],
    [['--rest-rate', 'fast'], {}, /--rest-rate must be a number ≥ 0; got fast/],
    [
      ['--fault', 'retain-request-bodies'],
      { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'k' },
      /unset BASE_URL/,
    ],
    [
      ['--server-node-flags=--cpu-prof'],
      { BASE_URL: 'http://127.0.0.1:9', API_KEY: 'k' },
      /--server-node-flags are for the reference server the soak starts; unset BASE_URL/,
    ],
  ])('%j %j', async (args, env, message) => {
    const result = await soak(args, env as Record<string, string>);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^Usage: npm run soak/m);
  });
});
