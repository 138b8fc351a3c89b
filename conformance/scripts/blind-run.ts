import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { protoDir } from '@parley/schemas/paths';
import { PROTO_FILES } from '@parley/schemas/proto';
import { type RunReport, run } from '../src/index.js';
import type { ReferenceServer } from '../src/reference.js';
import { startReferenceServer } from '../src/reference-server.js';
import { namedCases, namesCase } from '../src/testing/blind/decisions.js';
import { BLIND_VARIANTS } from '../src/testing/blind/variants.js';
import { BLIND_VIOLATIONS } from '../src/testing/blind/violations.js';
import { referenceTarget } from '../src/testing/reference-target.js';
import type { Variant } from '../src/testing/variant-edits.js';
import { startVariantProxy } from '../src/testing/variant-proxy.js';

// The kit measured on cases written from the spec alone (src/testing/blind/): the whole kit, full
// profile, untouched by what the case is about (no `only`), through each case's proxy in front of the
// reference server. A violation is caught when the run fails (exit 1); an allowed variant is passed
// when the run has no FAIL and no COULD_NOT_JUDGE (exit 0). Prints the kill rate and the
// false-failure rate. Arguments: a path ending in .json gets every verdict; any other argument is a
// case id (or an id prefix ending in `*`), and only the cases named run (none named: all of them).
// `--setN` (`--set5`, `--set6`) runs that blind set (src/testing/blind/setN/) instead of the first catalogs.
// `--stream-for-stream-only`: a case whose area is not the stream runs without the stream checks (the
// proxy's HTTP edits never reach a live session; the stream checks' real-time sessions are most of a
// full run's time), a stream case with the whole kit.

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const bad = (report: Pick<RunReport, 'results'>) =>
  report.results.filter((r) => r.status === 'FAIL' || r.status === 'COULD_NOT_JUDGE');

interface Verdict {
  id: string;
  kind: 'violation' | 'variant';
  exitCode: number;
  ok: boolean;
  failed: { id: string; status: string; message: string }[];
}

const verdicts: Verdict[] = [];
const STREAM_ONLY = '--stream-for-stream-only';
const streamForStreamOnly = process.argv.includes(STREAM_ONLY);

async function judge(server: ReferenceServer, kind: Verdict['kind'], c: Variant): Promise<void> {
  const target = {
    ...referenceTarget(server),
    protoFiles: PROTO_FILES.map((file) => join(protoDir, file)),
    retries: 0,
  };
  const proxy = await startVariantProxy(server, c);
  let verdict: Verdict;
  try {
    const report = await run({
      ...target,
      ...c.options,
      baseUrl: proxy.baseUrl,
      wsUrl: proxy.wsUrl,
      seed: 1,
      profile: 'full',
      ...(streamForStreamOnly && c.area !== 'stream' ? { exclude: ['stream'] } : {}),
      progress: null,
      reporters: [],
    });
    const failed = bad(report).map((r) => ({ id: r.id, status: r.status, message: r.message }));
    const ok = kind === 'violation' ? report.exitCode === 1 : report.exitCode === 0 && failed.length === 0;
    verdict = { id: c.id, kind, exitCode: report.exitCode, ok, failed };
  } catch (error) {
    const message = (error as Error).message;
    verdict = { id: c.id, kind, exitCode: 2, ok: false, failed: [{ id: '-', status: 'ERROR', message }] };
  } finally {
    await proxy.close();
  }
  verdicts.push(verdict);
  const word =
    kind === 'violation' ? (verdict.ok ? 'caught' : 'MISSED') : verdict.ok ? 'passed' : 'FALSE FAILURE';
  console.log(
    `${word.padEnd(13)} ${c.id.padEnd(40)} exit ${verdict.exitCode}  [${seconds()}]${verdict.failed
      .map((f) => `\n    ${f.status} ${f.id}: ${f.message.slice(0, 200)}`)
      .join('')}`,
  );
}

const SET = /^--set(\d+)$/;
const args = process.argv.slice(2).filter((a) => !SET.test(a) && a !== STREAM_ONLY);
const setNumber = process.argv.map((a) => SET.exec(a)?.[1]).find(Boolean);
const set: Record<string, Variant[]> | undefined = setNumber
  ? await import(`../src/testing/blind/set${setNumber}/index.js`)
  : undefined;
const VIOLATIONS = set?.[`SET${setNumber}_VIOLATIONS`] ?? BLIND_VIOLATIONS;
const VARIANTS = set?.[`SET${setNumber}_VARIANTS`] ?? BLIND_VARIANTS;
const out = args.find((a) => a.endsWith('.json'));
const names = args.filter((a) => a !== out);
const unknown = names.filter((n) => ![...VIOLATIONS, ...VARIANTS].some((c) => namesCase(n, c.id)));
if (unknown.length > 0) {
  console.error(`no blind case named ${unknown.join(', ')}`);
  process.exit(2);
}
const cases: [Verdict['kind'], Variant][] = [
  ...VIOLATIONS.map((c) => ['violation', c] as [Verdict['kind'], Variant]),
  ...VARIANTS.map((c) => ['variant', c] as [Verdict['kind'], Variant]),
].filter(([, c]) => namedCases([c], names).length > 0);
// Two lanes, each with a reference server of its own (a server caps one account's live sessions, so
// two runs on one account would refuse each other's): a full run spends most of its time waiting on
// live sessions in real time.
let next = 0;
const lane = async () => {
  const server = await startReferenceServer();
  try {
    while (next < cases.length) {
      const [kind, c] = cases[next++] as [Verdict['kind'], Variant];
      await judge(server, kind, c);
    }
  } finally {
    await server.close();
  }
};
await Promise.all([lane(), lane()]);
const violations = verdicts.filter((v) => v.kind === 'violation');
const variants = verdicts.filter((v) => v.kind === 'variant');
const caught = violations.filter((v) => v.ok).length;
const falseFailures = variants.filter((v) => !v.ok).length;
console.log(`kill rate: ${caught}/${violations.length}; false failures: ${falseFailures}/${variants.length}`);
if (out) writeFileSync(out, `${JSON.stringify(verdicts, null, 2)}\n`);
process.exit(caught === violations.length && falseFailures === 0 ? 0 : 1);
