import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCli, USAGE } from './cli.js';
import { FAKE_KEY, fakeDeployment, json } from './testing/fake-deployment.js';
import type { Step } from './testing/github-actions.js';

// The CI files agree with the kit: each input of the action is a PARLEY_* variable, each of those a
// flag of conformance/ci/run-kit.sh, each flag one the command takes; the GitLab template's script
// writes the JUnit file where its artifacts:reports:junit looks.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const runKit = join(repo, 'conformance/ci/run-kit.sh');
const action = parse(readFileSync(join(repo, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  runs: { steps: Step[] };
};
/** `flag PARLEY_X --x` lines of run-kit.sh, and the variables it reads otherwise. */
const flags = [...readFileSync(runKit, 'utf8').matchAll(/^flag (PARLEY_\w+) (--[\w-]+)$/gm)].map(
  ([, variable, flag]) => [variable as string, flag as string] as const,
);
const OTHER_VARIABLES = ['PARLEY_PROTO', 'PARLEY_PARLEY_CHOICES', 'PARLEY_REPORTERS', 'PARLEY_OUT'];

describe('the CI files', () => {
  it('every input of the action reaches the kit as a flag the command takes', () => {
    const env = action.runs.steps.find((s) => s.id === 'run')?.env ?? {};
    const ownInputs = ['node-version', 'artifact-name'];
    for (const input of Object.keys(action.inputs).filter((i) => !ownInputs.includes(i))) {
      const variable = `PARLEY_${input.toUpperCase().replace(/-/g, '_')}`;
      expect(env[variable], input).toBe(`\${{ inputs.${input} }}`);
      const known = flags.some(([v]) => v === variable) || OTHER_VARIABLES.includes(variable);
      expect(known, `${variable} is read by run-kit.sh`).toBe(true);
    }
    for (const [variable, flag] of flags) {
      expect(Object.keys(env), `${variable} is set by the action`).toContain(variable);
      expect(() => parseCli(['--base-url', 'http://h', '--api-key', 'k', flag, '1']), flag).not.toThrow(
        /Unknown option/,
      );
    }
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

  it('every flag of the command has its variable (and so its input), or a reason not to', () => {
    const handled = new Map<string, string>([
      ['--help', 'not a run'],
      ['--reference-db', 'the in-process reference server only (no --base-url)'],
      ['--reporter', 'PARLEY_REPORTERS'],
      ['--out', 'PARLEY_OUT'],
      ['--proto', 'PARLEY_PROTO, one --proto per file'],
      ['--parley-choices', 'PARLEY_PARLEY_CHOICES=true'],
    ]);
    const usage = new Set([...USAGE.matchAll(/--[a-z][\w-]+/g)].map(([flag]) => flag));
    for (const flag of usage)
      expect(flags.some(([, f]) => f === flag) || handled.has(flag), `${flag} in run-kit.sh`).toBe(true);
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
