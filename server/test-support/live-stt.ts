import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../src/core/api-error.js';
import { LIVE_STT_PATH } from '../src/core/contracts.js';
import type {
  LiveInterim,
  LiveResultsSink,
  LiveSessionEnd,
  LiveSessionInfo,
  LiveSttDeps,
  LiveUtterance,
} from '../src/engines/stt/live-stt.contract.js';
import { DEFAULT_LIVE_STT_LIMITS } from '../src/engines/stt/live-stt.limits.js';
import { createLiveSttServer, type LiveSttServer } from '../src/ws/live-stt-server.js';
import { localEngines } from './local-engines.js';

// Test support (not a test): the real engines, a real HTTP server on 127.0.0.1 port 0 routing the
// live path to the live STT server, a key table instead of the accounts store, and a results sink
// that keeps what it is given.

export const TEST_KEY = 'live-test-key';
/** A finalize deadline no loaded machine reaches; the server's own is in live-stt.limits.ts. */
const TEST_FINALIZE_TIMEOUT_MS = 150_000;
export const TEST_CALLER = {
  userId: 'usr_live',
  accountId: 'acc_live',
  email: 'live@example.com',
  name: 'Live Tester',
};

/** The real engines a live session uses: the worker's local engines (local-engines.ts), never closed by a file. */
export type RealEngines = Required<Pick<LiveSttDeps, 'stt' | 'vad' | 'denoise' | 'diarization'>>;

export async function realEngines(): Promise<RealEngines> {
  const { localStt, vad, denoise, diarization } = await localEngines();
  return { stt: localStt, vad, denoise, diarization };
}

export interface RecordedSession {
  info: LiveSessionInfo;
  interims: LiveInterim[];
  finals: LiveUtterance[];
  end?: LiveSessionEnd;
}

/** A sink that keeps everything; a meeting id starting with `missing` is refused as unknown. */
/** `endDelayMs`: how long recording a session's end takes (a slow database). */
export function memorySink({ endDelayMs = 0 } = {}): LiveResultsSink & {
  sessions: RecordedSession[];
  ended(): Promise<void>;
} {
  const sessions: RecordedSession[] = [];
  let endedWaiters: (() => void)[] = [];
  return {
    sessions,
    async openSession(info) {
      if (info.meetingId?.startsWith('missing')) {
        throw ApiError.notFound('Meeting');
      }
      const session: RecordedSession = { info, interims: [], finals: [] };
      sessions.push(session);
      return {
        onInterim: (interim) => void session.interims.push(interim),
        onFinal: (utterance) => void session.finals.push(utterance),
        onSessionEnd: async (end) => {
          if (endDelayMs > 0) await new Promise((r) => setTimeout(r, endDelayMs));
          session.end = end;
          for (const wake of endedWaiters.splice(0)) wake();
        },
      };
    },
    /** Resolves when every session opened so far has ended. */
    async ended() {
      while (sessions.some((s) => !s.end)) await new Promise<void>((wake) => endedWaiters.push(wake));
      endedWaiters = [];
    },
  };
}

export interface LiveTestServer {
  /** ws://127.0.0.1:<port>/v1/stt/stream */
  url: string;
  live: LiveSttServer;
  http: Server;
  close(): Promise<void>;
}

export async function startLiveTestServer(
  engines: Pick<LiveSttDeps, 'stt' | 'vad' | 'denoise' | 'diarization'>,
  overrides: Partial<LiveSttDeps> = {},
): Promise<LiveTestServer> {
  const live = createLiveSttServer({
    authenticate: async (key) => (key === TEST_KEY ? TEST_CALLER : null),
    ...engines,
    ...overrides,
    // These tests judge what a session sends, not how fast: on a loaded CI machine (load 17) six
    // concurrent streams or an 8x-speed noisy one left more than the 15 s of queued audio the
    // finalize deadline allows, and ended 4503 (UPSTREAM_TIMEOUT). Every test session is one
    // caller's, so the per-account share is lifted here; its own test sets it (live-stt.protocol).
    limits: {
      finalizeTimeoutMs: TEST_FINALIZE_TIMEOUT_MS,
      maxSessionsPerAccount: overrides.limits?.maxSessions ?? DEFAULT_LIVE_STT_LIMITS.maxSessions,
      ...overrides.limits,
    },
  });
  const http = createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  http.on('upgrade', live.handleUpgrade);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}${LIVE_STT_PATH}`,
    live,
    http,
    async close() {
      await live.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
