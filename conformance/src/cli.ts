import { readFileSync } from 'node:fs';
import { resolveOptions } from './cli-options.js';
import { EXIT } from './exit-codes.js';
import { REPORTERS, type RunOptions, run, UsageError } from './index.js';
import type { RunReport } from './report.js';

// parley-conformance [options] | parley-conformance replay <report.json> <check-id> [options]
// Exit 0 conforms, 1 does not, 2 could not judge (bad arguments, unreachable, nothing tested): exit-codes.ts.

export const USAGE = `Usage: parley-conformance [--base-url URL --api-key KEY] [--ws-url URL] [--second-api-key KEY]
  [--partner-token T | --oauth-client ID:SECRET --oauth-user EMAIL:PASSWORD --oauth-redirect-uri URI]
  [--oauth-scope SCOPES] [--oauth-revoke-url URL] [--integration-url URL] [--callback-url URL]
  [--callback-listen HOST:PORT] [--webhook-secret SECRET] [--workspace-user ID] [--reference-db sqlite|postgres]
  [--audio-base-url URL] [--transcript-meeting-id ID] [--only IDS] [--exclude IDS] [--profile smoke|full]
  [--reporter console,junit,json,html,github] [--out DIR] [--baseline FILE] [--seed N] [--timeout MS]
  [--retries N] [--min-coverage N] [--proto FILE ...] [--proto-stream-message NAME] [--parley-choices]
  [--config FILE]
  parley-conformance replay <report.json> <check-id> [same options]
Each flag can come from its environment variable instead, PARLEY_ and the flag in upper snake case
  (PARLEY_API_KEY, PARLEY_OAUTH_CLIENT; PARLEY_REPORTERS for --reporter; PARLEY_CONFIG), or from a key of
  --config FILE (JSON or YAML, the flag in camelCase: apiKey, oauthClient; \${VAR} in a value reads the
  environment). A flag beats its variable, a variable the file. Give secrets those ways: a command
  line is readable by every user of the machine while the run lasts.
--parley-choices: Parley's own choices where the spec leaves room fail the run (otherwise NON_STRICT).
--timeout MS: one deadline for every request (by default 600 s for file STT, the spec's advice; 30 s for
  the rest); a request unanswered by then fails its check (NO_ANSWER) and the run goes on.
--min-coverage N: exit 1 when less than N % of the spec's judgeable facts were judged.
--retries N: a failing check is run again up to N times (default 1 where CI is set or under the github
  reporter, 0 otherwise); a failure that does not repeat is FLAKY (not a failure, not a pass).
Without --base-url the reference server is started in-process and checked (--reference-db postgres:
on a fresh database of the PostgreSQL server PARLEY_TEST_PG_URL names).`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `A:B` split at the first colon (a password may hold colons; an id or e-mail may not). */
function pair<A extends string, B extends string>(
  value: string,
  name: string,
  form: string,
  a: A,
  b: B,
): Record<A | B, string> {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) throw new UsageError(`${name}: expected the form ${form}`);
  return { [a]: value.slice(0, at), [b]: value.slice(at + 1) } as Record<A | B, string>;
}

function url(value: string, name: string): string {
  if (!/^https?:\/\/[^/]/.test(value)) throw new UsageError(`${name} must be an http(s) URL, not ${value}`);
  return value;
}

function wsUrl(value: string, name: string): string {
  if (!/^wss?:\/\/[^/]/.test(value)) throw new UsageError(`${name} must be a ws(s) URL, not ${value}`);
  return value.replace(/\/+$/, '');
}

/** --help: the usage on stdout, exit 0. */
class HelpRequest extends Error {}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): RunOptions {
  const { values: given, positionals, help, label } = resolveOptions(argv, env);
  const values = given as Record<string, string | undefined>;
  const protoFiles = given.proto as string[] | undefined;
  if (help) throw new HelpRequest(USAGE);
  const profile = values.profile ?? 'full';
  if (profile !== 'smoke' && profile !== 'full')
    throw new UsageError(`${label('profile')} must be smoke or full, not ${profile}`);
  const referenceDb = values['reference-db'];
  if (referenceDb !== undefined && referenceDb !== 'sqlite' && referenceDb !== 'postgres')
    throw new UsageError(`${label('reference-db')} must be sqlite or postgres, not ${referenceDb}`);
  // Each once: the action adds github and json to whatever it is given.
  const reporters = [...new Set(list(values.reporter) ?? ['console'])];
  const unknownReporter = reporters.find((r) => !(REPORTERS as readonly string[]).includes(r));
  if (unknownReporter) throw new UsageError(`unknown reporter ${unknownReporter} (${label('reporter')})`);
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 1000 && timeout <= 3_600_000))
    throw new UsageError(
      `${label('timeout')} must be milliseconds between 1000 and 3600000, not ${values.timeout}`,
    );
  const retries = values.retries === undefined ? undefined : Number(values.retries);
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0 && retries <= 5))
    throw new UsageError(`${label('retries')} must be an integer from 0 to 5, not ${values.retries}`);
  const minCoverage = values['min-coverage'] === undefined ? undefined : Number(values['min-coverage']);
  if (minCoverage !== undefined && !(values['min-coverage'] !== '' && minCoverage >= 0 && minCoverage <= 100))
    throw new UsageError(
      `${label('min-coverage')} must be a percentage from 0 to 100, not ${values['min-coverage']}`,
    );
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed))
    throw new UsageError(`${label('seed')} must be an integer`);
  const options: RunOptions = {
    profile,
    reporters: reporters as RunOptions['reporters'],
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
    ...(values['ws-url'] ? { wsUrl: wsUrl(values['ws-url'], label('ws-url')) } : {}),
    ...(values['second-api-key'] ? { secondApiKey: values['second-api-key'] } : {}),
    ...(values['partner-token'] ? { partnerToken: values['partner-token'] } : {}),
    ...(values['oauth-client']
      ? { oauthClient: pair(values['oauth-client'], label('oauth-client'), 'ID:SECRET', 'id', 'secret') }
      : {}),
    ...(values['oauth-user']
      ? { oauthUser: pair(values['oauth-user'], label('oauth-user'), 'EMAIL:PASSWORD', 'email', 'password') }
      : {}),
    ...(values['oauth-redirect-uri']
      ? { oauthRedirectUri: url(values['oauth-redirect-uri'], label('oauth-redirect-uri')) }
      : {}),
    ...(values['oauth-scope'] ? { oauthScope: values['oauth-scope'] } : {}),
    ...(values['oauth-revoke-url']
      ? { oauthRevokeUrl: url(values['oauth-revoke-url'], label('oauth-revoke-url')) }
      : {}),
    ...(values['workspace-user'] ? { workspaceUser: values['workspace-user'] } : {}),
    ...(values['integration-url']
      ? { integrationUrl: url(values['integration-url'], label('integration-url')) }
      : {}),
    ...(values['callback-url'] ? { callbackUrl: url(values['callback-url'], label('callback-url')) } : {}),
    ...(values['callback-listen'] ? { callbackListen: values['callback-listen'] } : {}),
    ...(values['webhook-secret'] ? { webhookSecret: values['webhook-secret'] } : {}),
    ...(referenceDb ? { referenceDatabase: referenceDb } : {}),
    ...(values['audio-base-url'] ? { audioBaseUrl: values['audio-base-url'] } : {}),
    ...(values['transcript-meeting-id'] ? { transcriptMeetingId: values['transcript-meeting-id'] } : {}),
    ...(values.out ? { outDir: values.out } : {}),
    ...(values.baseline ? { baselineFile: values.baseline } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
    ...(retries !== undefined ? { retries } : {}),
    ...(minCoverage !== undefined ? { minCoverage } : {}),
    ...(protoFiles?.length ? { protoFiles } : {}),
    ...(values['proto-stream-message'] ? { protoStreamMessage: values['proto-stream-message'] } : {}),
    ...(given['parley-choices'] === true ? { parleyChoices: true } : {}),
    ...(list(values.only) ? { only: list(values.only) } : {}),
    ...(list(values.exclude) ? { exclude: list(values.exclude) } : {}),
  };
  if (positionals[0] === 'replay') {
    const [, reportPath, checkId] = positionals;
    if (!reportPath || !checkId) throw new UsageError('replay needs <report.json> <check-id>');
    const previous = JSON.parse(readFileSync(reportPath, 'utf8')) as RunReport;
    // Same seed and profile: the check draws the same generated inputs in the same order.
    // Against the report's own deployment unless --base-url says otherwise (never, silently, the
    // in-process reference server); its keys are redacted in the report, so the key is needed.
    const baseUrl = options.baseUrl ?? previous.baseUrl;
    if (!options.apiKey)
      throw new UsageError(`replay against ${baseUrl} needs the key: PARLEY_API_KEY, --config or --api-key`);
    return { ...options, baseUrl, only: [checkId], seed: previous.seed, profile: previous.profile };
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}\n${USAGE}`);
  return options;
}

export async function main(argv: string[]): Promise<number> {
  try {
    const report = await run({ ...parseCli(argv), cleanupOnSignal: true });
    return report.exitCode;
  } catch (error) {
    if (error instanceof HelpRequest) {
      process.stdout.write(`${error.message}\n`);
      return EXIT.CONFORMS.code;
    }
    process.stderr.write(`parley-conformance: ${(error as Error).message}\n`);
    return EXIT.NOT_JUDGED.code;
  }
}
