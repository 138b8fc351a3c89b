import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { USAGE } from './cli.js';
import { CONFIG_OPTION, KIT_OPTIONS } from './cli-options.js';
import { FAKE_KEY, fakeDeployment, json } from './testing/fake-deployment.js';
import type { Step } from './testing/github-actions.js';

// The CI files agree with the kit: each input of the action is the PARLEY_* variable of a flag the
// command takes (src/cli-options.ts), and ci/run-kit.sh hands those to the kit as its environment,
// with nothing on its command line; the GitLab template's script writes the JUnit file where its
// artifacts:reports:junit looks.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const runKit = join(repo, 'conformance/ci/run-kit.sh');
const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  runs: { steps: Step[] };
};
const variables = new Set<string>([...KIT_OPTIONS.map((o) => o.env), CONFIG_OPTION.env]);

describe('the CI files', () => {
  it('every input of the action reaches the kit as the variable of a flag the command takes', () => {
    const env = action.runs.steps.find((s) => s.id === 'run')?.env ?? {};
    const ownInputs = ['node-version', 'artifact-name'];
    for (const input of Object.keys(action.inputs).filter((i) => !ownInputs.includes(i))) {
      const variable = `PARLEY_${input.toUpperCase().replace(/-/g, '_')}`;
      expect(env[variable], input).toBe(`\${{ inputs.${input} }}`);
      expect(variables.has(variable), `${variable} is a variable the kit reads`).toBe(true);
    }
  });

  it('every flag of the command has its input, or a reason not to', () => {
    const env = action.runs.steps.find((s) => s.id === 'run')?.env ?? {};
    const notInputs = new Map([['reference-db', 'the in-process reference server only (no --base-url)']]);
    for (const option of KIT_OPTIONS.filter((o) => !notInputs.has(o.flag)))
      expect(Object.keys(env), `${option.env} is set by the action`).toContain(option.env);
    // The usage names every flag of the table, and no other.
    const usage = new Set([...USAGE.matchAll(/--[a-z][\w-]+/g)].map(([flag]) => flag.slice(2)));
    expect([...usage].sort()).toEqual([...KIT_OPTIONS.map((o) => o.flag), 'config'].sort());
  });

  it('run-kit.sh starts the kit with no argument: no flag, so no secret, on its command line', () => {
    const script = readFileSync(runKit, 'utf8');
    expect(script.trim().split('\n').at(-1)).toBe('exec npx --no-install --prefix "$kit" parley-conformance');
    for (const option of [...KIT_OPTIONS, CONFIG_OPTION])
      expect(script, `run-kit.sh passes --${option.flag}`).not.toMatch(new RegExp(`--${option.flag}\\b`));
  });

  it('ci/README.md names every input and output of the action, and no other', () => {
    const readme = readFileSync(join(repo, 'conformance/ci/README.md'), 'utf8');
    const bullet = (name: string) => {
      const at = readme.indexOf(`\n- ${name}: `);
      return [...readme.slice(at, readme.indexOf('\n- ', at + 1)).matchAll(/`([a-z][\w-]*)`/g)].map(
        ([, n]) => n,
      );
    };
    const outputs = parse(readFileSync(join(repo, 'action.yml'), 'utf8')).outputs as Record<string, unknown>;
    expect(bullet('Inputs')).toEqual(Object.keys(action.inputs));
    expect(bullet('Outputs')).toEqual(Object.keys(outputs));
  });

  it('the GitLab template: run-kit.sh writes junit.xml where artifacts:reports:junit reads it, always kept', async () => {
    const gitlab = parse(readFileSync(join(repo, 'conformance/ci/gitlab.yml'), 'utf8')) as Record<
      string,
      { variables: Record<string, string>; script: string[]; artifacts: Record<string, unknown> }
    >;
    const job = gitlab['.parley-conformance'];
    if (!job) throw new Error('gitlab.yml has no .parley-conformance job');
    expect(job.artifacts).toMatchObject({ when: 'always', paths: ['conformance-report/'] });
    const junit = (job.artifacts.reports as { junit: string }).junit;
    expect(junit).toBe(`${job.variables.PARLEY_OUT}/junit.xml`);
    expect(job.script.at(-1)).toBe('bash "$CI_BUILDS_DIR/parley-kit/conformance/ci/run-kit.sh"');
    // The script's run, with the clone being this repository, in a job folder of its own.
    const host = await fakeDeployment((_req, res) => json(res, 200, { status: 'ok' }));
    const dir = mkdtempSync(join(tmpdir(), 'kit-gitlab-'));
    try {
      const ran = await promisify(execFile)('bash', [runKit], {
        cwd: dir,
        env: {
          ...process.env,
          ...job.variables,
          CI: 'true',
          PARLEY_BASE_URL: host.url,
          PARLEY_API_KEY: FAKE_KEY,
          PARLEY_ONLY: 'rest.08.health',
        },
      });
      expect(ran.stdout).toMatch(/PASS {2}MUST {3}rest\.08\.health/);
      expect(ran.stdout + ran.stderr).not.toContain(FAKE_KEY);
      const xml = readFileSync(join(dir, junit), 'utf8');
      expect(xml).toContain('<testcase classname="parley.rest" name="rest.08.health');
      for (const file of ['report.json', 'report.html'])
        expect(existsSync(join(dir, 'conformance-report', file))).toBe(true);
    } finally {
      await host.close();
    }
  }, 60_000);
});
