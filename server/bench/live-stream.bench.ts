// Live STT under concurrent real-time sessions: N clients each send the same clip of the two-speaker
// fixture in 20 ms frames paced by the wall clock, then the empty frame, and wait for `finished`.
// Measured per level: first audio frame → first interim, empty frame → finished (p50/p95), and the
// server's CPU per stream, next to a bare `ws` server that receives the same paced frames (baseline:
// what the socket alone costs). Each server runs in a child process so its CPU is its own.
// Run: npm run bench:live -w server [-- --sessions 1,10,50 --seconds 10 --decoders N --max-sessions N]

import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { fixtureFiles, fixturePcm, fixturesPresent } from '../src/engines/audio/fixture-audio.js';
import { msToSamples } from '../src/engines/audio/pcm.js';
import { converse } from '../src/engines/audio/test-speech.js';
import { RnnoiseDenoiseEngine } from '../src/engines/denoise/rnnoise-denoise.adapter.js';
import { ClassicalDiarizationEngine } from '../src/engines/diarization/classical-diarization.adapter.js';
import { PocketsphinxSttEngine } from '../src/engines/stt/pocketsphinx.adapter.js';
import { FvadEngine } from '../src/engines/vad/fvad.adapter.js';
import { routeUpgrades } from '../src/http/upgrade-router.js';
import { LIVE_STT_PATH } from '../src/services/contracts.js';
import { chunksOf, LiveSttClient } from '../src/ws/live-stt-client.js';
import { createLiveSttServer } from '../src/ws/live-stt-server.js';

type Mode = 'bare' | 'live';
const KEY = 'bench-key';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

// ---- child: one server, reporting its CPU on request ----

async function serve(mode: Mode, decoders: number, maxSessions: number): Promise<void> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  if (mode === 'live') {
    const [stt, vad] = await Promise.all([
      PocketsphinxSttEngine.create({ maxDecoders: decoders }),
      FvadEngine.create(),
    ]);
    const live = createLiveSttServer({
      authenticate: async (key) =>
        key === KEY
          ? { userId: 'usr_bench', accountId: 'acc_bench', email: 'bench@example.com', name: 'Bench' }
          : null,
      stt,
      vad,
      denoise: new RnnoiseDenoiseEngine(),
      diarization: new ClassicalDiarizationEngine(),
      ...(maxSessions > 0 ? { limits: { maxSessions } } : {}),
    });
    routeUpgrades(http, { [LIVE_STT_PATH]: live.handleUpgrade });
  } else {
    // The same handshake and frames as the protocol, nothing else: connected, count audio, finished.
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    routeUpgrades(http, {
      [LIVE_STT_PATH]: (req, socket, head) =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          let bytes = 0;
          ws.on('message', (data: Buffer, isBinary) => {
            if (!isBinary) return ws.send(JSON.stringify({ connected: true }));
            if (data.length > 0) bytes += data.length;
            else {
              ws.send(JSON.stringify({ finished: bytes > 0 }));
              ws.close(1000);
            }
          });
        }),
    });
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  process.on('message', () => {
    process.send?.({
      cpu: process.cpuUsage(),
      elu: performance.eventLoopUtilization(),
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    });
  });
  process.send?.({ port: (http.address() as AddressInfo).port });
}

// ---- parent: clients and the table ----

interface ServerHandle {
  url: string;
  usage(): Promise<{ cpu: NodeJS.CpuUsage; elu: EventLoopUtilization; rssMb: number }>;
  stop(): void;
}

function startServer(mode: Mode, decoders: number, maxSessions: number): Promise<ServerHandle> {
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--serve', mode, String(decoders), String(maxSessions)],
    {
      execArgv: ['--import', 'tsx', '--disable-warning=ExperimentalWarning'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m: { port: number }) =>
      resolve({
        url: `ws://127.0.0.1:${m.port}${LIVE_STT_PATH}`,
        usage: () =>
          new Promise((done) => {
            child.once('message', done as (m: unknown) => void);
            child.send('usage');
          }),
        stop: () => child.kill(),
      }),
    );
  });
}

interface SessionResult {
  firstInterimMs?: number;
  finishMs?: number;
  finals: number;
  closeCode: number;
  error?: string;
}

async function session(url: string, pcm: Int16Array, speed = 1): Promise<SessionResult> {
  const client = await LiveSttClient.connect(url, { api_key: KEY, format: 'json' });
  client.sendConfig({});
  // A server at capacity refuses the session instead: no `connected`, an error frame, close 4503.
  const connected = await client
    .waitFor((f) => 'connected' in f)
    .then(
      () => true,
      () => false,
    );
  let firstFrameAt = 0;
  let endAt = 0;
  if (connected) {
    await client.stream(pcm, { speed, onFirstFrame: (at) => (firstFrameAt = at) });
    endAt = performance.now();
    client.end();
  }
  const closed = await client.closed;
  const firstChunk = client.frames.find((f) => 'chunk' in f.frame);
  const finished = client.frames.find((f) => 'finished' in f.frame);
  const error = client.frames.find((f) => 'error' in f.frame);
  return {
    ...(firstChunk ? { firstInterimMs: firstChunk.at - firstFrameAt } : {}),
    ...(finished ? { finishMs: finished.at - endAt } : {}),
    finals: chunksOf(client.frames).filter((c) => c.is_final).length,
    closeCode: closed.code,
    ...(error && 'error' in error.frame ? { error: error.frame.error.code } : {}),
  };
}

function tally(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([v, n]) => `${n}×${v}`).join(', ');
}

function percentile(values: number[], p: number): string {
  if (!values.length) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return String(
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0),
  );
}

async function level(mode: Mode, sessions: number, pcm: Int16Array, decoders: number, maxSessions: number) {
  const server = await startServer(mode, decoders, maxSessions);
  try {
    // Warm-up outside the measurement: JIT, WASM instances, and one decoder per concurrent session
    // (the pool builds decoders on demand, ~0.3 s and ~110 MB each, then keeps them).
    if (mode === 'live') {
      const warm = pcm.subarray(0, msToSamples(3000));
      await Promise.all(
        Array.from({ length: sessions }, () => session(server.url, warm, Number.POSITIVE_INFINITY)),
      );
    }
    const before = await server.usage();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: sessions }, async (_, i) => {
        // Clients arrive spread over half a second, as real ones do, not in one instant.
        await new Promise((r) => setTimeout(r, (i * 500) / sessions));
        return session(server.url, pcm);
      }),
    );
    const wallS = (performance.now() - started) / 1000;
    const after = await server.usage();
    const cpuS = (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1e6;
    const served = results.filter((r) => r.closeCode === 1000);
    const first = results.flatMap((r) => (r.firstInterimMs === undefined ? [] : [r.firstInterimMs]));
    const finish = results.flatMap((r) => (r.finishMs === undefined ? [] : [r.finishMs]));
    return {
      mode,
      sessions,
      closes: tally(results.map((r) => (r.error ? `${r.closeCode} ${r.error}` : String(r.closeCode)))),
      'finals/served session':
        mode === 'live'
          ? (served.reduce((n, r) => n + r.finals, 0) / Math.max(1, served.length)).toFixed(1)
          : '-',
      'first interim p50 ms': mode === 'live' ? percentile(first, 50) : '-',
      'first interim p95 ms': mode === 'live' ? percentile(first, 95) : '-',
      'finished p50 ms': percentile(finish, 50),
      'finished p95 ms': percentile(finish, 95),
      'server CPU %/stream': ((cpuS / wallS / sessions) * 100).toFixed(2),
      'server CPU % total': ((cpuS / wallS) * 100).toFixed(1),
      'event loop busy %': (
        performance.eventLoopUtilization(after.elu, before.elu).utilization * 100
      ).toFixed(0),
      'RSS MB': after.rssMb,
    };
  } finally {
    server.stop();
  }
}

async function main(): Promise<void> {
  const levels = option('sessions', '1,10,50').split(',').map(Number);
  const seconds = Number(option('seconds', '10'));
  // 0: the server's default (LIVE_SESSIONS_PER_CPU per core); sessions beyond it are refused with 4503.
  const maxSessions = Number(option('max-sessions', '0'));
  const two = fixturesPresent ? fixtureFiles((f) => f.id === 'conversation-two-speakers')[0] : undefined;
  const full = two
    ? await fixturePcm(two)
    : (
        await converse([
          { voice: 'rms', text: 'Good morning, thank you for joining the call.' },
          { voice: 'slt', text: 'Can we start with the budget?' },
        ])
      ).pcm;
  const pcm = full.subarray(0, msToSamples(seconds * 1000));
  // The run stops by itself: every level gets the clip's length plus a generous margin.
  const budgetMs = levels.length * 2 * (pcm.length / 16 + 90_000);
  setTimeout(() => {
    console.error(`bench: gave up after ${Math.round(budgetMs / 1000)} s`);
    process.exit(1);
  }, budgetMs).unref();

  console.log(
    `clip: ${two ? 'fixtures conversation-two-speakers' : 'flite conversation'}, ${(pcm.length / 16000).toFixed(1)} s, 20 ms frames in real time`,
  );
  const rows = [];
  for (const sessions of levels) {
    const decoders = Number(option('decoders', String(Math.min(sessions, 32))));
    for (const mode of ['bare', 'live'] as const) {
      const row = await level(mode, sessions, pcm, decoders, maxSessions);
      rows.push(mode === 'live' ? { ...row, decoders } : row);
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  console.table(rows);
  console.log(
    "first interim counts from the first audio frame; the clip's speech starts ~0.3 s in, and the endpointer needs ~0.2 s of voice to open an utterance.",
  );
}

if (process.argv[2] === '--serve')
  await serve(process.argv[3] as Mode, Number(process.argv[4]), Number(process.argv[5]));
else await main();
