import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ProtoMessages } from '@parley/schemas/constants';
import { fixtureFrames } from '../src/audio-frames.js';
import { capacityPlan, capacitySessionId, type LevelSlot } from '../src/capacity-plan.js';
import {
  describeCapacity,
  judgeLevel,
  type LevelStats,
  levelStats,
  percentile,
  searchCapacity,
} from '../src/capacity-search.js';
import { closeKind } from '../src/close-code.js';
import { protoPaths } from '../src/env.js';
import { streamLayout } from '../src/proto-layout.js';
import type { SessionReport } from '../src/stream-session.js';
import { streamUrl, wsBase } from '../src/stream-url.js';
import type { Turn } from '../src/turn-latency.js';
import { readProtoSource } from './proto-files.js';
import { driveSession } from './session-driver.js';

// The node twin of k6/capacity.ts, for machines without k6: the same plan (levels, clients, rounds,
// stagger, deadlines, the schedule of level start times), the same state machine, the same hold
// rule (src/capacity-search.ts), level after level until one is not held.
//
//   npm run load:probe -w load -- --base-url http://127.0.0.1:8080 --api-key prl_demo_… --levels 2:2:12

const USAGE = `Usage: npm run load:probe -w load -- --api-key KEY [--base-url URL] [--ws-url URL]
  [--fixture en/rms-01.wav] [--format json|protobuf] [--proto FILE ...] [--proto-stream-message NAME]
  [--levels START:STEP:MAX] [--stagger-ms MS] [--sessions-per-level N] [--no-stop] [--json FILE]
Environment: BASE_URL, WS_URL, API_KEY, FIXTURE, FORMAT, PROTO_FILE, PROTO_STREAM_MESSAGE stand in for the flags.`;

/** Bad arguments: say what is wrong and how to call it, exit 2, no stack trace. */
function usage(problem?: string): never {
  if (problem) console.error(`load:probe: ${problem}`);
  console.error(USAGE);
  process.exit(problem ? 2 : 0);
}

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        help: { type: 'boolean', short: 'h', default: false },
        'base-url': { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:8080' },
        'ws-url': { type: 'string', default: process.env.WS_URL ?? '' },
        'api-key': { type: 'string', default: process.env.API_KEY ?? '' },
        fixture: { type: 'string', default: process.env.FIXTURE ?? 'en/rms-01.wav' },
        format: { type: 'string', default: process.env.FORMAT ?? 'json' },
        /** The deployment's own .proto files (protobuf mode), as the kit's --proto. */
        proto: { type: 'string', multiple: true, default: protoPaths(process.env.PROTO_FILE, process.cwd()) },
        'proto-stream-message': {
          type: 'string',
          default: process.env.PROTO_STREAM_MESSAGE ?? ProtoMessages.stream,
        },
        levels: { type: 'string', default: '2:2:12' },
        'stagger-ms': { type: 'string', default: '2000' },
        /** Sessions a level runs at least (whole sessions per client), as k6's SESSIONS_PER_LEVEL. */
        'sessions-per-level': { type: 'string', default: '5' },
        /** Keep going past a failed level (to see the whole curve). */
        'no-stop': { type: 'boolean', default: false },
        json: { type: 'string' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
})();
const { values } = parsed;
if (values.help) usage();

if (!values['api-key']) usage('set --api-key or API_KEY');
if (values.format !== 'json' && values.format !== 'protobuf') usage('--format must be json or protobuf');
const audio = new URL('../../fixtures/audio/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', audio), 'utf8')) as {
  files: { path: string; turns: Turn[] }[];
};
const entry = manifest.files.find((f) => f.path === values.fixture);
if (!entry)
  usage(
    `fixture ${values.fixture} is not in fixtures/audio/manifest.json (${manifest.files.map((f) => f.path).join(', ')})`,
  );
const frames = fixtureFrames(entry.path, readFileSync(new URL(entry.path, audio)));
const layout = (() => {
  if (values.format !== 'protobuf') return undefined;
  try {
    return streamLayout(readProtoSource(values.proto), values['proto-stream-message']);
  } catch (error) {
    return usage(`--proto: ${(error as Error).message}`);
  }
})();
const url = streamUrl(wsBase(values['base-url'] ?? '', values['ws-url']), {
  apiKey: values['api-key'] ?? '',
  format: values.format,
});
// The same plan as k6/capacity.ts: levels, sessions per level, which statistic each gate reads.
const plan = (() => {
  try {
    return capacityPlan(
      {
        CAPACITY_LEVELS: values.levels,
        STAGGER_MS: values['stagger-ms'],
        SESSIONS_PER_LEVEL: values['sessions-per-level'],
      },
      frames.durationMs,
      entry.turns.length,
    );
  } catch (error) {
    // The plan names k6's settings; the probe's user gave flags.
    const flags = {
      CAPACITY_LEVELS: '--levels',
      STAGGER_MS: '--stagger-ms',
      SESSIONS_PER_LEVEL: '--sessions-per-level',
    };
    let message = (error as Error).message;
    for (const [name, flag] of Object.entries(flags)) message = message.replace(name, flag);
    return usage(message);
  }
})();

/** One level of the plan's schedule: its clients start in the stagger window, each runs its rounds. */
async function runLevel(slot: LevelSlot): Promise<SessionReport[]> {
  const one = async (client: number) => {
    await new Promise((wake) => setTimeout(wake, plan.startDelayMs(slot.level, client)));
    const reports: SessionReport[] = [];
    for (let round = 0; round < slot.rounds; round++)
      reports.push(
        await driveSession({
          url,
          frames,
          turns: entry?.turns ?? [],
          ...plan.deadlines,
          config: { session_id: capacitySessionId(runId, slot.level, client, round) },
          ...(layout ? { layout } : {}),
        }),
      );
    return reports;
  };
  return (await Promise.all(Array.from({ length: slot.clients }, (_, i) => one(i)))).flat();
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const levels: LevelStats[] = [];
const extra: Record<number, object> = {};
console.log(
  `probe: ${values.fixture} (${(frames.durationMs / 1000).toFixed(1)} s, ${frames.encoding}, ${values.format}) → ${url.replace(/api_key=[^&]+/, 'api_key=…')}`,
);
const runId = process.env.RUN_ID || `probe-${Date.now()}`;
const started = performance.now();
for (const slot of plan.schedule) {
  const { level } = slot;
  // The plan's schedule, as k6 keeps it: a level starts at its time, not when the last one ended.
  const wait = started + slot.startMs - performance.now();
  if (wait > 0) await new Promise((wake) => setTimeout(wake, wait));
  const before = load();
  const reports = await runLevel(slot);
  const stats = levelStats(level, plan.perLevel(level), reports);
  const verdict = judgeLevel(stats);
  levels.push(stats);
  const lags = reports.flatMap((r) => r.pacingLagMs);
  const codes: Record<string, number> = {};
  const errors: Record<string, number> = {};
  for (const r of reports) {
    const code = `${r.closeCode} ${closeKind(r.closeCode)}`;
    codes[code] = (codes[code] ?? 0) + 1;
    if (r.errorKind) errors[r.errorKind] = (errors[r.errorKind] ?? 0) + 1;
  }
  const defined = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  extra[level] = {
    pacingLagMs: { p95: percentile(lags, 95), p99: percentile(lags, 99), max: Math.max(...lags, 0) },
    endToFinishedP99Ms: percentile(
      reports.flatMap((r) => (r.endToFinishedMs === undefined ? [] : [r.endToFinishedMs])),
      99,
    ),
    turnFinalP95Ms: percentile(
      reports.flatMap((r) => r.turnFinalMs),
      95,
    ),
    werP95: percentile(defined(reports.map((r) => r.wer)), 95),
    closeCodes: codes,
    errorKinds: errors,
    errors: [...new Set(reports.flatMap((r) => (r.error ? [r.error] : [])))],
    loadAverage: { before, after: load() },
  };
  console.log(
    `  ${describeCapacity({ held: 0, stoppedBy: 'failed', levels: [verdict] })
      .split('\n')[0]
      ?.trim()}`,
  );
  console.log(
    `       turn end → final p95 ${percentile(
      reports.flatMap((r) => r.turnFinalMs),
      95,
    ).toFixed(
      0,
    )} ms; WER p95 ${percentile(defined(reports.map((r) => r.wer)), 95).toFixed(2)}; pacing lag p99 ${percentile(lags, 99).toFixed(1)} ms max ${Math.max(...lags, 0).toFixed(1)} ms; close codes ${JSON.stringify(codes)}; errors ${JSON.stringify(errors)}; load average ${load()}`,
  );
  if (verdict.verdict !== 'held' && !values['no-stop']) break;
}
const result = searchCapacity(levels);
console.log(describeCapacity(result).split('\n').at(-2));
if (values.json)
  writeFileSync(
    values.json,
    JSON.stringify({ ...result, extra, fixture: values.fixture, format: values.format }, null, 2),
  );
