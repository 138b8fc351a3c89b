import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type RunOptions, run, UsageError } from './index.js';
import type { RunReport } from './report.js';

// parley-conformance [options] | parley-conformance replay <report.json> <check-id> [options]
// Exit 0 conforms, 1 does not, 2 could not judge (bad arguments, unreachable, nothing tested).

const USAGE = `Usage: parley-conformance [--base-url URL --api-key KEY] [--ws-url URL] [--second-api-key KEY]
  [--partner-token T | --oauth-client ID:SECRET --oauth-user EMAIL:PASSWORD] [--callback-url URL]
  [--audio-base-url URL] [--only IDS] [--exclude IDS] [--profile smoke|full]
  [--reporter console,junit,json,html] [--out DIR] [--baseline FILE] [--seed N] [--timeout MS] [--proto FILE]
  parley-conformance replay <report.json> <check-id> [same options]
Without --base-url the reference server is started in-process and checked.`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseCli(argv: string[]): RunOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'ws-url': { type: 'string' },
      'second-api-key': { type: 'string' },
      'partner-token': { type: 'string' },
      'oauth-client': { type: 'string' },
      'oauth-user': { type: 'string' },
      'callback-url': { type: 'string' },
      'audio-base-url': { type: 'string' },
      only: { type: 'string' },
      exclude: { type: 'string' },
      profile: { type: 'string' },
      reporter: { type: 'string' },
      out: { type: 'string' },
      baseline: { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
      proto: { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  if (values.help) throw new UsageError(USAGE);
  const profile = values.profile ?? 'full';
  if (profile !== 'smoke' && profile !== 'full')
    throw new UsageError(`--profile must be smoke or full, not ${profile}`);
  const reporters = list(values.reporter) ?? ['console'];
  const unknownReporter = reporters.find((r) => !['console', 'junit', 'json', 'html'].includes(r));
  if (unknownReporter) throw new UsageError(`unknown reporter ${unknownReporter}`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError('--seed must be an integer');
  const options: RunOptions = {
    profile,
    reporters: reporters as RunOptions['reporters'],
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
    ...(values['ws-url'] ? { wsUrl: values['ws-url'] } : {}),
    ...(values['second-api-key'] ? { secondApiKey: values['second-api-key'] } : {}),
    ...(values['partner-token'] ? { partnerToken: values['partner-token'] } : {}),
    ...(values['audio-base-url'] ? { audioBaseUrl: values['audio-base-url'] } : {}),
    ...(values.out ? { outDir: values.out } : {}),
    ...(values.baseline ? { baselineFile: values.baseline } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(values.timeout ? { timeoutMs: Number(values.timeout) } : {}),
    ...(values.proto ? { protoFiles: values.proto } : {}),
    ...(list(values.only) ? { only: list(values.only) } : {}),
    ...(list(values.exclude) ? { exclude: list(values.exclude) } : {}),
  };
  if (positionals[0] === 'replay') {
    const [, reportPath, checkId] = positionals;
    if (!reportPath || !checkId) throw new UsageError('replay needs <report.json> <check-id>');
    const previous = JSON.parse(readFileSync(reportPath, 'utf8')) as RunReport;
    // Same seed and profile: the check draws the same generated inputs in the same order.
    return { ...options, only: [checkId], seed: previous.seed, profile: previous.profile };
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}\n${USAGE}`);
  return options;
}

export async function main(argv: string[]): Promise<number> {
  try {
    const report = await run(parseCli(argv));
    return report.exitCode;
  } catch (error) {
    process.stderr.write(`parley-conformance: ${(error as Error).message}\n`);
    return 2;
  }
}
