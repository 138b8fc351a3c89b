import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { KIT_OPTIONS } from './cli-options.js';
import { GitHubRunner } from './testing/github-actions.js';
import { commandLine, heldDeployment, processesShowing } from './testing/held-deployment.js';

// No secret on the kit's command line, where every user of the machine reads it while a run lasts
// (ps, /proc/<pid>/cmdline): the kit started with its secrets in the environment, in a --config file
// (as ${VAR}), and by the GitHub Action; each waits on a deployment that holds the preflight's keyed
// request while the test reads the command lines, then shows the key reached the deployment.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(repo, 'conformance/bin/parley-conformance.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'kit-secrets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Unique to this run, so a match can only be this test's kit.
const tag = `${process.pid}${Date.now().toString(36)}`;
const SECRETS = {
  PARLEY_API_KEY: `key-${tag}`,
  PARLEY_SECOND_API_KEY: `second-${tag}`,
  PARLEY_PARTNER_TOKEN: `token-${tag}`,
  PARLEY_OAUTH_CLIENT: `client:client-secret-${tag}`,
  PARLEY_OAUTH_USER: `user@example.com:password-${tag}`,
  PARLEY_WEBHOOK_SECRET: `whsec-${tag}`,
};
const secretHalves = Object.values(SECRETS).map((v) => v.slice(v.indexOf(':') + 1));
// Nothing but rest.08, which needs no secret: the run ends once released.
const RUN = { PARLEY_ONLY: 'rest.08.health', PARLEY_RETRIES: '0', PARLEY_REPORTERS: 'json' };

interface Ran {
  code: number | null;
  output: string;
}

function start(args: string[], env: Record<string, string>): { child: ChildProcess; done: Promise<Ran> } {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', bin, ...args], {
    cwd: scratch,
    // Not the test's own PARLEY_* variables: only what each case gives.
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PARLEY_'))),
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const done = new Promise<Ran>((resolve) => child.on('close', (code) => resolve({ code, output })));
  return { child, done };
}

/** Starts the kit, and while the deployment holds its keyed request: its argv and who shows a secret. */
async function watch(setup: (url: string) => { args?: string[]; env?: Record<string, string> }) {
  const deployment = await heldDeployment();
  const out = join(scratch, `report-${Math.random().toString(36).slice(2)}`);
  const { args = [], env = {} } = setup(deployment.url);
  const { child, done } = start(args, { ...RUN, PARLEY_OUT: out, ...env });
  try {
    const key = await Promise.race([
      deployment.arrived,
      done.then((ran) => Promise.reject(new Error(`the kit ended first: ${ran.output}`))),
    ]);
    const argv = commandLine(child.pid ?? 0);
    const showing = processesShowing(secretHalves).map((p) => p.pid);
    deployment.release();
    const ran = await done;
    return {
      key,
      argv,
      showing,
      pid: child.pid,
      ran,
      report: readFileSync(join(out, 'report.json'), 'utf8'),
    };
  } finally {
    child.kill();
    await deployment.close();
  }
}

/** The run saw the key and judged; nothing of a secret in its argv, any process's, or its report. */
function expectHidden(seen: Awaited<ReturnType<typeof watch>>) {
  expect(seen.argv.join(' '), 'the kit was running when looked at').toContain('parley-conformance');
  for (const secret of secretHalves) expect(seen.argv.join(' ')).not.toContain(secret);
  expect(seen.showing).toEqual([]);
  expect(seen.key).toBe(SECRETS.PARLEY_API_KEY);
  expect(seen.ran.code, seen.ran.output).toBe(0);
  for (const secret of secretHalves) expect(seen.report).not.toContain(secret);
}

describe('secrets never on the command line', () => {
  it('a secret given as a flag is seen there (what the checks below would catch)', async () => {
    const seen = await watch((url) => ({ args: ['--base-url', url, '--api-key', SECRETS.PARLEY_API_KEY] }));
    expect(seen.argv).toContain(SECRETS.PARLEY_API_KEY);
    expect(seen.showing).toContain(seen.pid);
    expect(seen.key).toBe(SECRETS.PARLEY_API_KEY);
  }, 90_000);

  it('given by environment: none in the running kit argv, and the deployment got the key', async () => {
    expectHidden(await watch((url) => ({ env: { PARLEY_BASE_URL: url, ...SECRETS } })));
  }, 90_000);

  it('given by a --config file, as references to variables: none in the argv, and the deployment got the key', async () => {
    const file = join(scratch, 'kit.yml');
    const env = Object.fromEntries(Object.entries(SECRETS).map(([k, v]) => [`STAGING_${k}`, v]));
    const seen = await watch((url) => {
      // Each secret of the kit's table by its key, as a reference to the job's variable.
      const secrets = KIT_OPTIONS.filter((o) => o.secret).map((o) => `${o.key}: \${STAGING_${o.env}}`);
      writeFileSync(file, [`baseUrl: ${url}`, ...secrets, ''].join('\n'));
      return { args: ['--config', file], env };
    });
    expect(seen.argv.slice(-2)).toEqual(['--config', file]);
    expectHidden(seen);
  }, 90_000);

  it('the GitHub Action passes every secret input by environment, still masked', async () => {
    // The action's checkout: the repository's entries linked into a folder of its own (the report
    // lands there).
    const workspace = mkdtempSync(join(tmpdir(), 'kit-secrets-action-'));
    for (const entry of readdirSync(repo))
      if (entry !== '.git') symlinkSync(join(repo, entry), join(workspace, entry));
    const deployment = await heldDeployment();
    const runner = new GitHubRunner({ workspace });
    const inputs: Record<string, string> = {
      'base-url': deployment.url,
      'node-version': process.versions.node.split('.')[0] ?? '',
      only: RUN.PARLEY_ONLY,
      retries: RUN.PARLEY_RETRIES,
    };
    // Every secret of the kit's table, as its input (the input is the flag's name).
    for (const option of KIT_OPTIONS.filter((o) => o.secret))
      inputs[option.flag] = SECRETS[option.env as keyof typeof SECRETS];
    try {
      const action = runner.runAction(workspace, inputs);
      const key = await Promise.race([
        deployment.arrived,
        action.then((ran) => Promise.reject(new Error(`the action ended first: ${JSON.stringify(ran)}`))),
      ]);
      const showing = processesShowing(secretHalves);
      deployment.release();
      const ran = await action;
      expect(showing, 'processes with a secret in their command line').toEqual([]);
      expect(key).toBe(SECRETS.PARLEY_API_KEY);
      expect(ran.outputs['exit-code']).toBe('0');
      const masked = ran.steps?.find((s) => s.name === 'Mask the secrets')?.stdout ?? '';
      for (const secret of [...Object.values(SECRETS), ...secretHalves])
        expect(masked).toContain(`::add-mask::${secret}\n`);
    } finally {
      await deployment.close();
      rmSync(workspace, { recursive: true, force: true });
    }
  }, 120_000);
});
