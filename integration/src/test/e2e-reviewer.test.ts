// End to end, the review team's account: `npm run reviewer-account -w server` against the reference
// server (in-process, as the other end-to-end files), then the app connected with the e-mail and
// password the command printed, and the first test of every visible trigger and both searches, as the
// Zap editor runs them (samples loading), returning items.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TEST_ADMIN_TOKEN } from '@parley/server/test-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type AuthData,
  connectAccount,
  E2E_TIMEOUTS,
  keepHttpUnpatched,
  loadAppOn,
  PASSWORD,
  runJobsUntil,
  startDeployment,
} from './e2e.test-support.js';
import { operationsOf } from './publishing-rules.test-support.js';

keepHttpUnpatched();
vi.setConfig(E2E_TIMEOUTS);
const { server } = await startDeployment();
const { App, oauth, run } = await loadAppOn(server);
afterAll(() => server.close());

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));
const operationOf = (group: unknown, key: string) =>
  (group as Record<string, { operation: Record<string, unknown> }>)[key]?.operation ?? {};

describe('the review team account', () => {
  let authData: AuthData;
  let printed = '';

  it('npm run reviewer-account creates it and prints the e-mail and password', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      [
        'run',
        '--silent',
        'reviewer-account',
        '--',
        '--url',
        server.url,
        '--admin-token',
        TEST_ADMIN_TOKEN,
        '--password',
        PASSWORD,
      ],
      { cwd: serverDir },
    );
    printed = stdout;
    expect(printed).toMatch(/Reviewer account created/);
    expect(printed).toContain(`password  ${PASSWORD}`);
    // The server's meeting-ended job writes the guest contact and the follow-up e-mail.
    await runJobsUntil(server, () => false, 5);
  });

  it('connects with what the command printed', async () => {
    const email = /e-mail\s+(\S+)/.exec(printed)?.[1] ?? '';
    authData = await connectAccount(oauth, run, email);
    const me = (await run(App.authentication?.test, { authData })) as { email: string };
    expect(me.email).toBe(email);
  });

  it('every visible trigger finds items on its first test', async () => {
    const triggers = operationsOf(App).filter((o) => o.kind === 'trigger' && !o.hidden);
    const empty: string[] = [];
    for (const { key, type } of triggers) {
      const operation = operationOf(App.triggers, key);
      const method = type === 'hook' ? operation.performList : operation.perform;
      const items = (await run(method, {
        authData,
        inputData: {},
        meta: { isLoadingSample: true },
      })) as unknown[];
      if (!items.length) empty.push(key);
    }
    expect(empty).toEqual([]);
    expect(triggers.length).toBeGreaterThanOrEqual(9);
  });

  it('Find Meeting and Get Transcript find the sample meeting', async () => {
    const [meeting] = (await run(operationOf(App.searches, 'find_meeting').perform, {
      authData,
      inputData: { title: 'Quarterly planning' },
    })) as { id: string; latest_summary?: unknown }[];
    expect(meeting?.latest_summary).toBeTruthy();
    const transcripts = (await run(operationOf(App.searches, 'get_transcript').perform, {
      authData,
      inputData: { meeting_id: meeting?.id },
    })) as { utterances: unknown[] }[];
    expect(transcripts[0]?.utterances.length).toBeGreaterThan(0);
  });
});
