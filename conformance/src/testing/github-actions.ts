import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

// The steps of a GitHub workflow job and of a composite action, run here as GitHub's runner would
// run them, for the kit's tests: `run:` steps in bash with GitHub's flags (-eo pipefail), the
// `${{ }}` expressions they use substituted, $GITHUB_OUTPUT read back into `steps.<id>.outputs`,
// $GITHUB_STEP_SUMMARY and the workflow commands (::add-mask::, ::error …) collected, a step after a
// failure run only under `if: always()`. `uses: ./` runs the repository's action.yml the same way.
// What only GitHub has is stood in for and recorded: actions/checkout (the workspace is the
// checkout), actions/setup-node (the Node running the tests must be the version asked) and
// actions/upload-artifact (the path it would upload must exist). Steps the caller skips by id are
// recorded with the reason.

export interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

export interface StepRecord {
  id?: string;
  name: string;
  outcome: 'success' | 'failure' | 'skipped';
  /** Why a step was not run (skipped by the caller, or by its condition). */
  reason?: string;
  exitCode?: number;
  stdout?: string;
  stderr?: string;
  outputs: Record<string, string>;
  /** actions/upload-artifact: what it would have uploaded. */
  artifact?: { name: string; path: string };
  /** A `uses: ./` step: the action's own steps. */
  steps?: StepRecord[];
}

export interface Job {
  steps: StepRecord[];
  /** Everything the steps appended to $GITHUB_STEP_SUMMARY. */
  summary: string;
  /** Values the steps asked the runner to mask (::add-mask::). */
  masks: string[];
  /** The workflow commands the steps printed (::error, ::warning, ::notice). */
  annotations: string[];
}

export interface RunnerOptions {
  /** The checkout (the repository's root). */
  workspace: string;
  /** Steps not to run, by id, with the reason (recorded). */
  skip?: Record<string, string>;
  /** The `github` context (event_name, token, event, …). */
  github?: Record<string, unknown>;
  /** Variables every step gets besides the runner's own (CI, GITHUB_ACTIONS, RUNNER_TEMP, …). */
  env?: Record<string, string>;
}

type Context = Record<string, unknown>;

const lookup = (context: Context, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], context);

/** An expression of the few forms these files use: a context path, a quoted string, always(), ==, !=, &&. */
function evaluate(expression: string, context: Context): unknown {
  const terms = expression.split('&&').map((t) => t.trim());
  if (terms.length > 1) return terms.every((t) => Boolean(evaluate(t, context)));
  const comparison = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(expression);
  if (comparison) {
    const [, left = '', op, right = ''] = comparison;
    const equal = String(evaluate(left, context) ?? '') === String(evaluate(right, context) ?? '');
    return op === '==' ? equal : !equal;
  }
  if (expression === 'always()') return true;
  const quoted = /^'(.*)'$/.exec(expression);
  if (quoted) return quoted[1];
  if (/^[\w-]+(\.[\w-]+)*$/.test(expression)) return lookup(context, expression);
  throw new Error(`expression not supported by the test runner: ${expression}`);
}

/** A string with its `${{ … }}` expressions substituted. */
export function substitute(text: string, context: Context): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => {
    const value = evaluate(expression, context);
    return value === undefined || value === null ? '' : String(value);
  });
}

const condition = (step: Step, context: Context, failed: boolean): boolean => {
  if (step.if === undefined) return !failed;
  const expression = step.if.replace(/^\$\{\{\s*|\s*\}\}$/g, '');
  // GitHub adds success() to a condition without a status function.
  return Boolean(evaluate(expression, context)) && (failed ? /always\(\)/.test(expression) : true);
};

/** `name=value` lines and `name<<DELIMITER` blocks of an environment file ($GITHUB_OUTPUT). */
function readOutputs(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const outputs: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const block = /^([\w-]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2] as string, i + 1);
      outputs[block[1] as string] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('='))
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return outputs;
}

export class GitHubRunner {
  /** $RUNNER_TEMP of the steps. */
  readonly temp = mkdtempSync(join(tmpdir(), 'kit-runner-'));
  private readonly job: Job = { steps: [], summary: '', masks: [], annotations: [] };
  private readonly summaryFile = join(this.temp, 'step-summary.md');

  constructor(private readonly options: RunnerOptions) {
    writeFileSync(this.summaryFile, '');
  }

  /** Runs a workflow job's steps. */
  async runJob(steps: Step[]): Promise<Job> {
    this.job.steps = await this.runSteps(steps, {}, undefined);
    this.job.summary = readFileSync(this.summaryFile, 'utf8');
    return this.job;
  }

  /** The composite action at `dir` (its action.yml) with these inputs, as a `uses:` step runs it. */
  async runAction(dir: string, inputs: Record<string, string>): Promise<StepRecord> {
    const action = parse(readFileSync(join(dir, 'action.yml'), 'utf8')) as {
      inputs?: Record<string, { default?: string }>;
      outputs?: Record<string, { value: string }>;
      runs: { using: string; steps: Step[] };
    };
    if (action.runs.using !== 'composite') throw new Error(`${dir}: not a composite action`);
    const defaults = Object.fromEntries(
      Object.entries(action.inputs ?? {}).map(([name, input]) => [name, String(input.default ?? '')]),
    );
    const context: Context = { inputs: { ...defaults, ...inputs }, steps: {} };
    const steps = await this.runSteps(action.runs.steps, context, dir);
    const outputs = Object.fromEntries(
      Object.entries(action.outputs ?? {}).map(([name, output]) => [name, substitute(output.value, context)]),
    );
    const failed = steps.find((s) => s.outcome === 'failure');
    return { name: dir, outcome: failed ? 'failure' : 'success', outputs, steps };
  }

  private async runSteps(
    steps: Step[],
    scope: Context,
    actionPath: string | undefined,
  ): Promise<StepRecord[]> {
    const records: StepRecord[] = [];
    // The caller's scope sees the outputs too (an action's `outputs:` read `steps.<id>.outputs`).
    const stepsContext: Record<string, { outputs: Record<string, string>; outcome: string }> = {};
    scope.steps = stepsContext;
    const context: Context = {
      ...scope,
      github: { ...this.options.github, workspace: this.options.workspace, action_path: actionPath ?? '' },
      runner: { temp: this.temp, os: 'Linux' },
    };
    let failed = false;
    for (const step of steps) {
      const name = step.name ?? step.id ?? step.uses ?? step.run?.split('\n')[0] ?? '';
      let record: StepRecord;
      if (step.id && this.options.skip?.[step.id]) {
        record = { id: step.id, name, outcome: 'skipped', reason: this.options.skip[step.id], outputs: {} };
      } else if (!condition(step, context, failed)) {
        record = {
          ...(step.id ? { id: step.id } : {}),
          name,
          outcome: 'skipped',
          reason: `if: ${step.if}`,
          outputs: {},
        };
      } else
        record = {
          ...(step.id ? { id: step.id } : {}),
          ...(await this.runStep(step, name, context, actionPath)),
        };
      if (record.outcome === 'failure') failed = true;
      if (step.id) stepsContext[step.id] = { outputs: record.outputs, outcome: record.outcome };
      records.push(record);
    }
    return records;
  }

  private async runStep(
    step: Step,
    name: string,
    context: Context,
    actionPath?: string,
  ): Promise<StepRecord> {
    const inputs = Object.fromEntries(
      Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), context)]),
    );
    if (step.uses === './') {
      const ran = await this.runAction(this.options.workspace, inputs);
      return { ...ran, name };
    }
    if (step.uses?.startsWith('actions/checkout@')) return { name, outcome: 'success', outputs: {} };
    if (step.uses?.startsWith('actions/setup-node@')) {
      const major = process.versions.node.split('.')[0];
      const asked = inputs['node-version'] ?? '';
      return asked === major
        ? { name, outcome: 'success', outputs: { 'node-version': process.version } }
        : { name, outcome: 'failure', reason: `node ${asked} asked, ${process.version} here`, outputs: {} };
    }
    if (step.uses?.startsWith('actions/upload-artifact@')) {
      const path = join(this.options.workspace, inputs.path ?? '');
      return existsSync(path)
        ? { name, outcome: 'success', outputs: {}, artifact: { name: inputs.name ?? 'artifact', path } }
        : { name, outcome: 'failure', reason: `nothing to upload at ${path}`, outputs: {} };
    }
    if (step.uses) throw new Error(`the test runner does not stand in for ${step.uses}`);
    return this.runScript(step, name, context, actionPath);
  }

  private async runScript(
    step: Step,
    name: string,
    context: Context,
    actionPath?: string,
  ): Promise<StepRecord> {
    if ((step.shell ?? 'bash') !== 'bash') throw new Error(`${name}: only bash steps are run here`);
    const script = join(this.temp, `step-${this.job.steps.length}-${Math.random().toString(36).slice(2)}.sh`);
    const outputFile = `${script}.output`;
    writeFileSync(script, substitute(step.run ?? '', context));
    writeFileSync(outputFile, '');
    const env = {
      ...process.env,
      ...this.options.env,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      RUNNER_TEMP: this.temp,
      GITHUB_WORKSPACE: this.options.workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: this.summaryFile,
      ...(actionPath ? { GITHUB_ACTION_PATH: actionPath } : {}),
      ...Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), context)]),
      ),
    };
    const result = await promisify(execFile)('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: this.options.workspace,
      env,
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
      (error: { stdout?: string; stderr?: string; code?: number }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
        code: typeof error.code === 'number' ? error.code : 1,
      }),
    );
    for (const line of result.stdout.split('\n')) {
      if (line.startsWith('::add-mask::')) this.job.masks.push(line.slice('::add-mask::'.length));
      else if (/^::(error|warning|notice)[ :]/.test(line)) this.job.annotations.push(line);
    }
    return {
      name,
      outcome: result.code === 0 ? 'success' : 'failure',
      exitCode: result.code,
      stdout: result.stdout,
      stderr: result.stderr,
      outputs: readOutputs(outputFile),
    };
  }
}
