// The server side of the live-stream benchmark, run in a child process so its CPU is its own:
// either the live STT server (the engines main.ts gives it) or a bare `ws` server that speaks just
// enough of the protocol to take the same paced frames (connected, count audio, finished) — what
// the socket alone costs. The parent asks for CPU, event-loop use and RSS over IPC; the live server
// also tells it each final's audio times (which the wire does not carry), so the parent can match
// finals to the clip's turns.

import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { LIVE_STT_PATH } from '../src/core/contracts.js';
import { RnnoiseDenoiseEngine } from '../src/engines/denoise/rnnoise-denoise.adapter.js';
import { ClassicalDiarizationEngine } from '../src/engines/diarization/classical-diarization.adapter.js';
import type { LiveSttLimits } from '../src/engines/stt/live-stt.contract.js';
import { DEFAULT_LIVE_STT_LIMITS } from '../src/engines/stt/live-stt.limits.js';
import { PocketsphinxSttEngine } from '../src/engines/stt/pocketsphinx.adapter.js';
import { FvadEngine } from '../src/engines/vad/fvad.adapter.js';
import { createLiveSttServer } from '../src/ws/live-stt-server.js';
import { isEntry } from './bench-kit.js';

export type ServerMode = 'bare' | 'live';
export const BENCH_KEY = 'bench-key';

export interface ServerUsage {
  cpu: NodeJS.CpuUsage;
  elu: EventLoopUtilization;
  rssMb: number;
}

/** A final as the live server recorded it: audio times in ms from the session's first sample. */
export interface RecordedFinal {
  sessionId: string;
  id: string;
  startMs: number;
  endMs: number;
}

export interface ServerHandle {
  url: string;
  usage(): Promise<ServerUsage>;
  /** Finals recorded so far, per session id. */
  finals: Map<string, RecordedFinal[]>;
  stop(): void;
}

async function serve(
  mode: ServerMode,
  decoders: number,
  maxSessions: number,
  limits: Partial<LiveSttLimits>,
  search: readonly string[] | undefined,
): Promise<void> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  if (mode === 'live') {
    const [stt, vad] = await Promise.all([
      // As registry.ts builds it for main.ts, with the live decoder bound the bench was given.
      PocketsphinxSttEngine.create({
        warm: false,
        maxLiveDecoders: decoders,
        ...(search ? { liveSearch: search } : {}),
      }),
      FvadEngine.create(),
    ]);
    const live = createLiveSttServer({
      authenticate: async (key) =>
        key === BENCH_KEY
          ? { userId: 'usr_bench', accountId: 'acc_bench', email: 'bench@example.com', name: 'Bench' }
          : null,
      stt,
      vad,
      denoise: new RnnoiseDenoiseEngine(),
      diarization: new ClassicalDiarizationEngine(),
      // One bench key opens every stream: the per-account share would refuse all past a third.
      limits: {
        ...limits,
        ...(maxSessions > 0 ? { maxSessions } : {}),
        maxSessionsPerAccount: maxSessions > 0 ? maxSessions : DEFAULT_LIVE_STT_LIMITS.maxSessions,
      },
      sink: {
        openSession: async ({ sessionId }) => ({
          onInterim: () => undefined,
          onFinal: ({ id, startMs, endMs }) => {
            process.send?.({ final: { sessionId, id, startMs, endMs } });
          },
          onSessionEnd: () => undefined,
        }),
      },
    });
    http.on('upgrade', live.handleUpgrade);
  } else {
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    http.on('upgrade', (req, socket, head) =>
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
    );
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  process.on('message', () => {
    process.send?.({
      usage: true,
      cpu: process.cpuUsage(),
      elu: performance.eventLoopUtilization(),
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    });
  });
  // The parent going away (a bench killed or timed out) ends the server too.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ port: (http.address() as AddressInfo).port });
}

type ChildMessage = { port: number } | { final: RecordedFinal } | ({ usage: true } & ServerUsage);

/**
 * Starts a server in a child process. `decoders`: live pocketsphinx decoders (live only);
 * `maxSessions`: the live server's session cap, 0 for its default (sessions beyond it get 4503);
 * `limits`: other live limits that differ from the defaults (a rule to compare); `search`: the live
 * decoders' search arguments in place of the default.
 */
export function startServer(
  mode: ServerMode,
  decoders: number,
  maxSessions: number,
  limits: Partial<LiveSttLimits> = {},
  search?: readonly string[],
): Promise<ServerHandle> {
  const args = [
    mode,
    String(decoders),
    String(maxSessions),
    JSON.stringify(limits),
    JSON.stringify(search ?? null),
  ];
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv: ['--import', 'tsx', '--disable-warning=ExperimentalWarning'],
  });
  const finals = new Map<string, RecordedFinal[]>();
  let usageWaiter: ((usage: ServerUsage) => void) | undefined;
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before listening`)));
    child.on('message', (m: ChildMessage) => {
      if ('final' in m) {
        const list = finals.get(m.final.sessionId) ?? [];
        list.push(m.final);
        finals.set(m.final.sessionId, list);
      } else if ('usage' in m) usageWaiter?.(m);
      else
        resolve({
          url: `ws://127.0.0.1:${m.port}${LIVE_STT_PATH}`,
          usage: () =>
            new Promise((done) => {
              usageWaiter = done;
              child.send('usage');
            }),
          finals,
          stop: () => child.kill(),
        });
    });
  });
}

if (isEntry(import.meta.url)) {
  const [mode, decoders, maxSessions, limits, search] = process.argv.slice(2);
  await serve(
    mode as ServerMode,
    Number(decoders),
    Number(maxSessions),
    JSON.parse(limits ?? '{}'),
    JSON.parse(search ?? 'null') ?? undefined,
  );
}
