import { loadavg } from 'node:os';
import { run } from '../src/index.js';
import { startReferenceServer } from '../src/reference-server.js';
import { hangWhen, malformedJson } from '../src/testing/hang-proxy.js';
import { referenceTarget } from '../src/testing/reference-target.js';
import { type Exchange, pathOf, startVariantProxy } from '../src/testing/variant-proxy.js';

// bench:hang: what a deployment that hangs costs a full run. A proxy in front of the reference
// server never answers some requests (`--hang=malformed-json`: a JSON request whose body does not
// parse, as a third-party mock of the interface did; `--hang=route:/v1/…`: every request to one
// route); the kit runs the full profile with its default deadlines (`--timeout=MS` sets one) and its
// default retries (0, or 1 where CI is set). Prints the wall time, the requests left hanging (each
// one a deadline waited) and the checks that failed on NO_ANSWER, beside the load average.

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const hang = arg('hang') ?? 'malformed-json';
const timeout = arg('timeout');

const hangs = hang === 'malformed-json' ? malformedJson : (req: Exchange) => pathOf(req) === hang.slice(6);

const server = await startReferenceServer();
const hung: string[] = [];
const proxy = await startVariantProxy(server, {
  id: `hang-${hang}`,
  area: 'errors',
  allows: '',
  only: [],
  hooks: () => hangWhen(hangs, hung),
});
try {
  const before = loadavg().map((l) => l.toFixed(2));
  const started = performance.now();
  const report = await run({
    ...referenceTarget(server),
    baseUrl: proxy.baseUrl,
    wsUrl: proxy.wsUrl,
    profile: 'full',
    seed: 1,
    progress: null,
    reporters: [],
    ...(timeout ? { timeoutMs: Number(timeout) } : {}),
  });
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  const noAnswer = report.results.filter((r) => r.deviations?.some((d) => d.code === 'NO_ANSWER'));
  console.log(`hang: ${hang}; CI=${process.env.CI ?? ''}; timeout ${timeout ?? 'default'}`);
  console.log(
    `load average before: ${before.join(' ')}; after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`wall ${wall} s; summary ${JSON.stringify(report.summary)}; exit ${report.exitCode}`);
  console.log(`requests left hanging (deadlines waited): ${hung.length}: ${hung.join(', ')}`);
  for (const r of noAnswer)
    console.log(
      `  ${r.status} ${r.id} (${r.durationMs} ms, ${r.attempts?.length ?? 1} attempt(s)): ${r.message}`,
    );
  for (const r of report.results.filter((r) => r.status === 'COULD_NOT_JUDGE'))
    console.log(`  COULD_NOT_JUDGE ${r.id}: ${r.message}`);
} finally {
  await proxy.close();
  await server.close();
}
