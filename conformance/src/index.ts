import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyBaseline, type BaselineOutcome, readBaseline } from './baseline.js';
import type { CheckResult } from './check.js';
import { selectChecks } from './checks/index.js';
import { newRunState, type Target } from './context.js';
import { coverageGate, gatedExitCode } from './coverage-gate.js';
import { EXIT } from './exit-codes.js';
import { specCoverage } from './matrix/coverage.js';
import { preflight } from './preflight.js';
import { redactDeep, redactor } from './redact.js';
import { type ReferenceServer, startReference } from './reference.js';
import { exitCodeOf, type RunReport } from './report.js';
import { consoleReport, progressLine } from './reporters/console.reporter.js';
import { writeGithub } from './reporters/github-output.js';
import { htmlReport } from './reporters/html.reporter.js';
import { junitReport } from './reporters/junit.reporter.js';
import { defaultRetries } from './retry.js';
import { cleanup, runChecks } from './runner.js';
import { UsageError } from './usage-error.js';

export type { CheckResult, Deviation } from './check.js';
export { CHECKS } from './checks/index.js';
export { FAILURE_CODES, type FailureCode } from './failure-codes.js';
export { type SpecCoverage, specCoverage } from './matrix/coverage.js';
export { INVENTORY, SENTENCES, type Sentence } from './matrix/matrix.js';
export type { RunReport } from './report.js';

export interface RunOptions {
  /** Without it the reference server is started in-process and checked. */
  baseUrl?: string;
  apiKey?: string;
  wsUrl?: string;
  secondApiKey?: string;
  partnerToken?: string;
  /** Base of the partner interface when it is not the base URL. */
  integrationUrl?: string;
  oauthClient?: { id: string; secret: string };
  oauthUser?: { email: string; password: string };
  oauthRedirectUri?: string;
  oauthScope?: string;
  /** The deployment's RFC 7009 revocation endpoint (no part of the spec; partner.11 needs it). */
  oauthRevokeUrl?: string;
  /** A user (the key's) whose notes-workspace connection the deployment holds (rest.30). */
  workspaceUser?: string;
  /** Where the deployment reaches the kit's callback receiver. */
  callbackUrl?: string;
  /** Where the receiver listens (`host:port`); 127.0.0.1 and the port of callbackUrl by default. */
  callbackListen?: string;
  webhookSecret?: string;
  audioBaseUrl?: string;
  /** A meeting of the key's account with transcript utterances (the in-process reference server seeds one). */
  transcriptMeetingId?: string;
  only?: string[];
  exclude?: string[];
  profile?: 'smoke' | 'full';
  reporters?: ReporterName[];
  outDir?: string;
  baselineFile?: string;
  seed?: number;
  /** One deadline for every HTTP request (ms) instead of each route's own (deadlines.ts). */
  timeoutMs?: number;
  /** Fail the run (exit 1) when less than this percentage of the spec's judgeable facts is judged. */
  minCoverage?: number;
  /** A FAIL is run again up to this many times; one that does not repeat is FLAKY (retry.ts). */
  retries?: number;
  protoFiles?: string[];
  /** The live stream's message in protoFiles (StreamResponse by default). */
  protoStreamMessage?: string;
  /** Parley's own choices (where the spec leaves room) fail the run instead of being noted. */
  parleyChoices?: boolean;
  /** Without baseUrl: the database of the in-process reference server (PostgreSQL needs PARLEY_TEST_PG_URL). */
  referenceDatabase?: 'sqlite' | 'postgres';
  /** Progress lines go here (stderr by default; null: silent). */
  progress?: ((line: string) => void) | null;
  /** Ctrl-C or SIGTERM deletes the run's data, then exits (130 or 143); the command line sets it. */
  cleanupOnSignal?: boolean;
  /** Extra secrets to redact (an admin token). */
  secrets?: Record<string, string>;
}

export { UsageError };

/** The reports a run can write (console on stdout; the others as files in outDir). */
export const REPORTERS = ['console', 'junit', 'json', 'html', 'github'] as const;
export type ReporterName = (typeof REPORTERS)[number];

/** Runs the kit and writes the reports; resolves with the report (exitCode 0/1/2). */
export async function run(options: RunOptions = {}): Promise<RunReport> {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const runId = `pc-${seed.toString(36)}-${started.toString(36)}`;
  const profile = options.profile ?? 'full';
  // Read and validated before anything runs: a bad baseline is exit 2 at once, not after the run.
  let entries: ReturnType<typeof readBaseline> | undefined;
  if (options.baselineFile) {
    try {
      entries = readBaseline(options.baselineFile);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  let reference: ReferenceServer | undefined;
  if (!options.baseUrl) {
    reference = await startReference(options.referenceDatabase);
  } else if (!options.apiKey) throw new UsageError('--api-key is required with --base-url');
  try {
    const baseUrl = (options.baseUrl ?? reference?.baseUrl ?? '').replace(/\/+$/, '');
    const target: Target = {
      baseUrl,
      wsUrl: options.wsUrl ?? reference?.wsUrl ?? baseUrl.replace(/^http/, 'ws'),
      apiKey: options.apiKey ?? reference?.apiKey ?? '',
      ...optional('secondApiKey', options.secondApiKey ?? reference?.secondApiKey),
      ...optional('partnerToken', options.partnerToken),
      ...partnerTarget(options, reference),
      ...optional('audioBaseUrl', options.audioBaseUrl ?? reference?.audioBaseUrl),
      ...optional('transcriptMeetingId', options.transcriptMeetingId ?? reference?.transcriptMeetingId),
      ...optional('workspaceUser', options.workspaceUser ?? reference?.workspaceUserId),
      ...(options.protoFiles ? { protoFiles: options.protoFiles } : {}),
      ...optional('protoStreamMessage', options.protoStreamMessage),
      ...(options.parleyChoices ? { parleyChoices: true } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      seed,
      runId,
      profile,
    };
    await preflight(target);
    const checks = selectChecks({
      profile,
      ...(options.only ? { only: options.only } : {}),
      ...(options.exclude ? { exclude: options.exclude } : {}),
    });
    if (checks.length === 0) throw new UsageError('no check matches --only/--exclude');
    const progress =
      options.progress === null
        ? undefined
        : (options.progress ?? ((line: string) => process.stderr.write(`${line}\n`)));
    const state = newRunState();
    const retries = options.retries ?? defaultRetries(options.reporters ?? []);
    const onSignal = (signal: NodeJS.Signals) => {
      progress?.(`${signal}: deleting the run's data`);
      void cleanup(target, state).finally(() =>
        process.exit(signal === 'SIGINT' ? EXIT.INTERRUPTED.code : EXIT.TERMINATED.code),
      );
    };
    if (options.cleanupOnSignal) for (const s of ['SIGINT', 'SIGTERM'] as const) process.once(s, onSignal);
    const results = await runChecks(
      target,
      checks,
      (done, total, result) => progress?.(progressLine(done, total, result)),
      state,
      retries,
    ).finally(() => {
      for (const s of ['SIGINT', 'SIGTERM'] as const) process.off(s, onSignal);
    });
    const baseline = entries ? applyBaseline(results, entries, new Date()) : undefined;
    const redact = redactor({
      API_KEY: target.apiKey,
      SECOND_API_KEY: target.secondApiKey,
      PARTNER_TOKEN: target.partnerToken,
      OAUTH_CLIENT_SECRET: target.oauthClient?.secret,
      OAUTH_PASSWORD: target.oauthUser?.password,
      WEBHOOK_SECRET: target.webhookSecret,
      ADMIN_TOKEN: reference?.adminToken,
      ...Object.fromEntries(state.secrets),
      ...options.secrets,
    });
    const coverage = specCoverage(results);
    const gate = options.minCoverage === undefined ? undefined : coverageGate(coverage, options.minCoverage);
    const report = redactDeep<RunReport>(
      {
        tool: 'parley-conformance',
        runId,
        seed,
        profile,
        baseUrl,
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        exitCode: gatedExitCode(exitCodeOf(results, baseline), gate),
        retries,
        summary: summarize(results),
        ...(baseline ? { baseline } : {}),
        results,
        coverage,
        ...(gate ? { coverageGate: gate } : {}),
      },
      redact,
    );
    writeReports(report, options);
    return report;
  } finally {
    await reference?.close();
  }
}

function writeReports(report: RunReport, options: RunOptions): void {
  const reporters = options.reporters ?? ['console'];
  const out = options.outDir ?? 'conformance-report';
  const files: Record<string, [string, (r: RunReport) => string]> = {
    junit: ['junit.xml', junitReport],
    json: ['report.json', (r) => `${JSON.stringify(r, null, 2)}\n`],
    html: ['report.html', htmlReport],
  };
  // The github reporter's replay commands name report.json: it is written with it.
  const all =
    reporters.includes('github') && !reporters.includes('json') ? [...reporters, 'json'] : reporters;
  for (const name of all) {
    if (name === 'console') {
      if (options.progress !== null) process.stdout.write(`${consoleReport(report)}\n`);
      continue;
    }
    if (name === 'github') {
      writeGithub(report, out, options.progress === null);
      continue;
    }
    const [file, render] = files[name] ?? [];
    if (!file || !render) continue;
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, file), render(report));
  }
}

function summarize(results: CheckResult[]): Record<string, number> {
  const summary: Record<string, number> = {};
  for (const r of results) summary[r.status] = (summary[r.status] ?? 0) + 1;
  return summary;
}

/** The partner inputs: the options', or the reference server's own client, user and receiver. */
function partnerTarget(options: RunOptions, reference: ReferenceServer | undefined): Partial<Target> {
  const partner = reference?.partner;
  const callbackUrl = options.callbackUrl;
  const listen =
    options.callbackListen ??
    (callbackUrl
      ? `127.0.0.1:${new URL(callbackUrl).port || (callbackUrl.startsWith('https') ? 443 : 80)}`
      : undefined);
  const oauthClient = options.oauthClient ?? partner?.client;
  const oauthUser = options.oauthUser ?? partner?.user;
  const oauthRedirectUri = options.oauthRedirectUri ?? partner?.redirectUri;
  const webhookSecret = options.webhookSecret ?? partner?.webhookSecret;
  const oauthRevokeUrl = options.oauthRevokeUrl ?? partner?.revokeUrl;
  return {
    ...(options.integrationUrl ? { integrationUrl: options.integrationUrl.replace(/\/+$/, '') } : {}),
    ...(oauthClient ? { oauthClient } : {}),
    ...(oauthUser ? { oauthUser } : {}),
    ...(oauthRedirectUri ? { oauthRedirectUri } : {}),
    ...(options.oauthScope ? { oauthScope: options.oauthScope } : {}),
    ...(oauthRevokeUrl ? { oauthRevokeUrl } : {}),
    ...(listen
      ? { callback: { listen, ...(callbackUrl ? { url: callbackUrl } : {}) } }
      : partner
        ? { callback: { listen: '127.0.0.1:0' } }
        : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
  };
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value ? { [key]: value } : {}) as Partial<Record<K, string>>;

export type { BaselineOutcome };
