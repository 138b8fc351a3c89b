import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REST_RATES } from '../src/rest-capacity.js';
import { routePath } from '../src/routes.js';
import { LatencyWindow, type ServerSample, soakSeries } from '../src/soak-samples.js';
import { formatValue, judgeSoak } from '../src/soak-verdict.js';
import { streamUrl, wsBase } from '../src/stream-url.js';
import { settleHooks } from './hook-count.js';
import { MEASURE_LEVELS, measureCapacity } from './measure-capacity.js';
import { measureRestCapacity } from './measure-rest-capacity.js';
import { PartnerToken } from './partner-token.js';
import {
  type HookReceiver,
  runPolls,
  startHookReceiver,
  subscribeHook,
  type TokenSource,
  unsubscribeHook,
} from './partner-traffic.js';
import { soakPassed, writeReport } from './report.js';
import { cleanupRun, runRestMix } from './rest-traffic.js';
import { sampleServer } from './sampler.js';
import { type ReferenceServer, startReferenceServer } from './server-process.js';
import { type AudioServer, runFileStt, runStreams, startAudioServer } from './speech-traffic.js';
import { Tally, TimedClient } from './timed-client.js';

// The soak: a mixed load held for a set time at half the measured capacity — live streams and the
// REST mix's arrival rate each at half of what was held — with partner polls, file STT and hook deliveries,, the server sampled every 30 s, and a
// verdict on whether anything grew past its bound after warm-up (src/soak-verdict.ts) and whether
// every hook event was delivered once the queue drained (hook-count.ts). Against a
// reference server it starts itself (its /proc files read), or BASE_URL (then what its /metrics
// gives, and the latencies). `npm run soak -w load -- --help`; load/README.md, "Soak".

/** How long the soak's own server keeps finished outbox jobs and delivery tries (PARLEY_OUTBOX_KEEP_DONE_MS). */
const SOAK_KEEP_DONE_MS = 2 * 60_000;

const USAGE = `Usage: npm run soak -w load -- [--minutes 30] [--warmup 5] [--sample-seconds 30]
  [--capacity N | --capacity-json FILE] [--streams N] [--rest-capacity N | --rest-rate N]
  [--pollers 2] [--poll-seconds 15]
  [--stt-every 20] [--pad-bytes 0] [--fault retain-request-bodies] [--out DIR]
Without BASE_URL it starts the reference server. With BASE_URL set: API_KEY (required), PARTNER_TOKEN
(partner polls), AUDIO_URL (file STT); hooks need the soak's receiver reachable, so only locally.
Capacity (live streams held; the soak runs half, at least 1): --capacity N, or --capacity-json FILE
(a capacity search's result: k6/capacity.ts writes results/capacity.json, load:probe --json one),
or by default measured at the start by load:probe --levels 1:1:8 against the same target.
REST mix (arrivals/s; the soak runs half): --rest-capacity N, or "restHeld" in --capacity-json's
file, or by default measured at the start (rates ${REST_RATES.join(', ')}/s, ~10 s each, up to the first
not held); --rest-rate N sets the rate itself.
Exit 0 when the verdict passes and every hook event was delivered, 1 when not, 2 on bad arguments.`;

function usage(problem?: string): never {
  if (problem) console.error(`soak: ${problem}`);
  console.error(USAGE);
  process.exit(problem ? 2 : 0);
}

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
const { values } = (() => {
  try {
    return parseArgs({
      options: {
        help: { type: 'boolean', short: 'h', default: false },
        minutes: { type: 'string', default: '30' },
        warmup: { type: 'string', default: '5' },
        'sample-seconds': { type: 'string', default: '30' },
        capacity: { type: 'string' },
        'capacity-json': { type: 'string' },
        streams: { type: 'string' },
        'rest-capacity': { type: 'string' },
        'rest-rate': { type: 'string' },
        pollers: { type: 'string', default: '2' },
        'poll-seconds': { type: 'string', default: '15' },
        'generate-every': { type: 'string', default: '10' },
        'stt-every': { type: 'string', default: '20' },
        'pad-bytes': { type: 'string', default: '0' },
        fault: { type: 'string' },
        out: { type: 'string' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
})();
if (values.help) usage();

function count(name: keyof typeof values, min = 0): number {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min) usage(`--${name} must be a number ≥ ${min}; got ${values[name]}`);
  return n;
}
const minutes = count('minutes', 1 / 60);
const warmupS = count('warmup') * 60;
const sampleS = count('sample-seconds', 1);
const pollers = count('pollers');
const pollSeconds = count('poll-seconds', 1);
const generateEvery = count('generate-every', 1);
const sttEvery = count('stt-every');
const padBytes = count('pad-bytes');
if (warmupS >= minutes * 60) usage('--warmup must be shorter than --minutes');

const capacityFile = (() => {
  const file = values['capacity-json'];
  if (file === undefined) return undefined;
  if (!existsSync(file)) usage(`--capacity-json: ${file} does not exist`);
  const { held, restHeld } = JSON.parse(readFileSync(file, 'utf8')) as { held?: unknown; restHeld?: unknown };
  if (typeof held !== 'number') usage(`--capacity-json: ${file} has no numeric "held"`);
  if (restHeld !== undefined && typeof restHeld !== 'number')
    usage(`--capacity-json: ${file} has a "restHeld" that is not a number`);
  return { held, restHeld };
})();
const heldInFile = capacityFile?.held;
if (values['rest-rate'] !== undefined && values['rest-capacity'] !== undefined)
  usage('give --rest-rate or --rest-capacity, not both');
const restRateGiven = values['rest-rate'] !== undefined ? count('rest-rate') : undefined;
const restHeldGiven = values['rest-capacity'] !== undefined ? count('rest-capacity') : undefined;

const baseUrlEnv = process.env.BASE_URL?.replace(/\/+$/, '');
if (baseUrlEnv && !process.env.API_KEY) usage('BASE_URL is set: set API_KEY too');
if (baseUrlEnv && values.fault)
  usage('--fault turns on a fault of the reference server the soak starts; unset BASE_URL');
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const runId = `soak-${stamp}`;
const outDir = values.out ?? join(RESULTS, `soak-${stamp}${values.fault ? `-${values.fault}` : ''}`);

let server: ReferenceServer | undefined;
let dataDir: string | undefined;
if (!baseUrlEnv) {
  if (Number(process.versions.node.split('.')[0]) < 22)
    usage(`the reference server needs Node 22 (node:sqlite); this is ${process.version}: run through npm`);
  dataDir = mkdtempSync(join(tmpdir(), 'parley-soak-'));
  // One key holds a third of the live places by default; the soak's streams all use the demo key.
  server = await startReferenceServer(dataDir, {
    // Finished outbox jobs and delivery tries are kept 2 minutes, not the default week: rows kept by
    // design read as growth in any soak shorter than their window; past it the database must be flat.
    PARLEY_OUTBOX_KEEP_DONE_MS: String(SOAK_KEEP_DONE_MS),
    PARLEY_ALLOW_PRIVATE_URLS: 'true',
    PARLEY_LIVE_STT_ACCOUNT_SESSIONS: '64',
  });
  // However the soak ends (a thrown error, a usage exit), the server it started ends with it.
  const child = server.child;
  process.once('exit', () => child.kill('SIGTERM'));
}
const baseUrl = baseUrlEnv ?? server?.url ?? '';
const apiKey = process.env.API_KEY && baseUrlEnv ? process.env.API_KEY : (server?.apiKey ?? '');
const auth = { apiKey };
const window = new LatencyWindow();
const tally = new Tally();

// The capacity figure: given, read from a capacity search's result, or measured now (the default).
const capacity = await (async () => {
  if (values.capacity !== undefined) return { streamsHeld: count('capacity'), source: '--capacity' };
  if (values.streams !== undefined) return { streamsHeld: Number.NaN, source: 'none (--streams given)' };
  if (heldInFile !== undefined) return { streamsHeld: heldInFile, source: values['capacity-json'] ?? '' };
  console.log(`soak: measuring the live-stream capacity first (load:probe --levels ${MEASURE_LEVELS})`);
  const held = await measureCapacity(baseUrl, apiKey, process.env.WS_URL);
  return { streamsHeld: held, source: `measured at start by load:probe --levels ${MEASURE_LEVELS}` };
})();
// The REST mix's capacity likewise, measured alone after the streams' search.
const restCapacity = await (async () => {
  if (restRateGiven !== undefined) return { restHeld: Number.NaN, source: 'none (--rest-rate given)' };
  if (restHeldGiven !== undefined) return { restHeld: restHeldGiven, source: '--rest-capacity' };
  if (capacityFile?.restHeld !== undefined)
    return { restHeld: capacityFile.restHeld, source: values['capacity-json'] ?? '' };
  console.log(`soak: measuring the REST mix's capacity first (rates ${REST_RATES.join(', ')}/s)`);
  const partnerSegment = process.env.PARTNER_SEGMENT || 'partner';
  const found = await measureRestCapacity({ baseUrl, partnerSegment, auth, runId });
  return {
    restHeld: found.held,
    source: `measured at start, ${REST_RATES.join(', ')}/s ${found.stoppedBy === 'failed' ? 'up to the first not held' : 'all held: a lower bound'}`,
    steps: found.steps,
  };
})();
// Half the rate held; when even the first rate failed, half of that first rate (load goes on).
const rate =
  restRateGiven ?? (restCapacity.restHeld > 0 ? restCapacity.restHeld / 2 : (REST_RATES[0] ?? 5) / 2);
const streams =
  values.streams !== undefined ? count('streams') : Math.max(1, Math.floor(capacity.streamsHeld / 2));
const client = new TimedClient(baseUrl, process.env.PARTNER_SEGMENT || 'partner', window, tally);

if (server && values.fault) {
  const answer = await fetch(`${baseUrl}${routePath('emulator-set-faults')}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ faults: [values.fault] }),
  });
  if (answer.status !== 200) {
    await server.stop();
    usage(`the server refused fault ${values.fault}: ${answer.status} ${await answer.text()}`);
  }
}

const fixedToken = baseUrlEnv ? process.env.PARTNER_TOKEN : undefined;
const token: TokenSource | undefined = server
  ? new PartnerToken({
      baseUrl,
      email: server.demoEmail,
      password: server.demoPassword,
      clientId: server.clientId,
      clientSecret: server.clientSecret,
      redirectUri: server.redirectUri,
    })
  : fixedToken
    ? { fresh: async () => fixedToken, refresh: async () => {} }
    : undefined;
const audio: AudioServer | undefined = server && sttEvery > 0 ? await startAudioServer() : undefined;
const audioUrl = audio?.url ?? (baseUrlEnv ? process.env.AUDIO_URL : undefined);
const hooks: HookReceiver | undefined = server && token ? await startHookReceiver(client) : undefined;
const hookId = hooks && token ? await subscribeHook(client, token, hooks.url) : undefined;
if (hooks && !hookId) tally.add('hook subscription refused');

const settings = {
  minutes,
  warmupMinutes: warmupS / 60,
  sampleSeconds: sampleS,
  streams,
  restRate: rate,
  pollers: token ? pollers : 0,
  pollSeconds,
  fileSttEverySeconds: audioUrl ? sttEvery : 0,
  hooks: hookId ? 'meeting-created' : 'none',
  padBytes,
  fault: values.fault ?? 'none',
};
console.log(`soak: ${baseUrl}, ${JSON.stringify(settings)}`);
console.log(`  capacity ${capacity.streamsHeld} streams held (${capacity.source}) → ${streams} live streams`);
console.log(`  REST capacity ${restCapacity.restHeld}/s held (${restCapacity.source}) → ${rate}/s`);

const startedAt = new Date().toISOString();
const t0 = performance.now();
let stopAt = t0 + minutes * 60_000;
// Ctrl-C ends the load early; the report is still written.
process.once('SIGINT', () => {
  stopAt = performance.now();
});
const elapsedS = () => Math.round((performance.now() - t0) / 1000);
const wsUrl = wsBase(baseUrl, process.env.WS_URL);
const traffic = Promise.all([
  runRestMix({ client, auth, runId, rate, stopAt, padBytes }),
  token ? runPolls({ client, token, pollers, pollSeconds, generateEvery, stopAt }) : undefined,
  runStreams({ client, auth, url: streamUrl(wsUrl, { apiKey, format: 'json' }), runId, streams, stopAt }),
  audioUrl && sttEvery > 0
    ? runFileStt({ client, auth, audioUrl, runId, everySeconds: sttEvery, stopAt })
    : undefined,
]);

const target = { baseUrl, ...(server ? { pid: server.pid } : {}), ...(dataDir ? { dataDir } : {}) };
const samples: ServerSample[] = [];
const routeWindows: { t: number; p95: Map<string, { p95: number; count: number }> }[] = [];
const loadAverages: { t: number; load: number[] }[] = [];
for (let i = 0; ; i++) {
  const due = t0 + i * sampleS * 1000;
  if (due > stopAt) break;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((wake) => setTimeout(wake, wait));
  const t = elapsedS();
  const sample = await sampleServer(target, t);
  samples.push(sample);
  if (i > 0) routeWindows.push({ t, p95: window.close() });
  loadAverages.push({ t, load: loadavg() });
  const b = (v: number) => formatValue(v, 'bytes');
  console.log(
    `  t=${String(t).padStart(5)}s rss ${b(sample.rss)} heap ${b(sample.heap)} fds ${sample.fds} handles ${sample.handles} ` +
      `loop p99 ${sample.eventLoopP99Ms.toFixed(1)} ms db ${b(sample.databaseBytes)} load ${loadavg()[0]?.toFixed(2)}`,
  );
}
await traffic;

// Every create answered while subscribed is one meeting-created event: wait for the queue to drain.
const hookReport =
  hooks && hookId ? await settleHooks(hooks.count, () => tally.get('create-meeting 200')) : undefined;
if (hookId && token) await unsubscribeHook(client, token, hookId);
tally.add('leftover meetings', await cleanupRun(client, auth, runId));
const { series, unavailable } = soakSeries(samples, routeWindows);
const verdict = judgeSoak(series, warmupS);
writeReport(outDir, {
  startedAt,
  endedAt: new Date().toISOString(),
  target: server ? `reference server (pid ${server.pid}, started by the soak)` : baseUrl,
  settings,
  capacity,
  restCapacity,
  verdict,
  series,
  unavailable,
  samples,
  counts: tally.toJSON(),
  loadAverages,
  ...(hookReport ? { hooks: hookReport } : {}),
});
const passed = soakPassed({ verdict, ...(hookReport ? { hooks: hookReport } : {}) });
await Promise.all([hooks?.close(), audio?.close(), server?.stop()]);
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
for (const v of verdict.series)
  console.log(`  ${v.pass ? (v.judged ? '✓' : '·') : '✗'} ${v.name}: ${v.reason}`);
if (hookReport) console.log(`  ${hookReport.pass ? '✓' : '✗'} hook deliveries: ${hookReport.reason}`);
console.log(`soak ${passed ? 'PASSED' : 'FAILED'}; ${outDir}/summary.md, plot.svg`);
process.exit(passed ? 0 : 1);
