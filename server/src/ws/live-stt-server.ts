import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { systemClock } from '../core/clock.js';
import { ErrorText, StreamClose } from '../core/contracts.js';
import { randomIds } from '../core/ids.js';
import {
  faultyAuthCloseCode,
  faultyConfigFrame,
  faultyStreamIo,
  faultyStreamQuery,
} from '../emulator/faults.ws.js';
import { faultyFinalizeIo } from '../emulator/faults.ws-finalize.js';
import type { LiveCaller, LiveLogger, LiveSttDeps } from '../engines/stt/live-stt.contract.js';
import { liveSttLimits } from '../engines/stt/live-stt.limits.js';
import { queryCredential } from '../http/caller-auth.js';
import { codecFor } from './frame-codec.js';
import { OutboundQueue } from './outbound-queue.js';
import { closeReason, failureOf, StreamFailure } from './stream-failure.js';
import { formatOf, parseStreamQuery } from './stream-params.js';
import { type SessionContext, StreamSession } from './stream-session.js';

// WS /v1/stt/stream on `ws` in noServer mode: main.ts routes upgrades of the path here. The API
// key is checked before the handshake completes, and a bad one still gets the handshake and then
// close 1008 with the spec's 401 text as the reason (the spec's contract is a close code, not an
// HTTP status). Everything after that is the session's (stream-session.ts).

export interface LiveSttServer {
  /** For `server.on('upgrade')` on the live STT path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Stops taking sessions; open ones finalize briefly, then close 1001. */
  close(): Promise<void>;
  /** Sessions open now (past authentication). */
  sessions(): number;
}

type AuthOutcome = { caller: LiveCaller } | { refused: string } | { error: unknown };

const silentLogger: LiveLogger = { debug() {}, info() {}, warn() {}, error() {} };
/** After close frames went out on shutdown, how long clients get to answer before being cut off. */
const CLOSE_HANDSHAKE_MS = 1_000;

export function createLiveSttServer(deps: LiveSttDeps): LiveSttServer {
  const limits = liveSttLimits(deps.limits);
  const logger = deps.logger ?? silentLogger;
  // Frames between maxFrameBytes and this get an error frame from the session; above it `ws`
  // refuses them itself (close 1009) before buffering them.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.hardMaxFrameBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const sessions = new Set<StreamSession>();
  const sockets = new Set<WebSocket>();
  let closing = false;

  const context = (caller: LiveCaller, query: URLSearchParams): SessionContext => ({
    caller,
    query: parseStreamQuery(faultyStreamQuery(query)),
    engines: deps,
    sink: deps.sink,
    logger,
    clock: deps.clock ?? systemClock,
    ids: deps.ids ?? randomIds,
    limits,
  });

  async function authenticate(query: URLSearchParams): Promise<AuthOutcome> {
    const key = queryCredential(query);
    if (!key) return { refused: ErrorText.missingAuth };
    try {
      const caller = await deps.authenticate(key);
      return caller ? { caller } : { refused: ErrorText.invalidKey };
    } catch (error) {
      return { error };
    }
  }

  function accept(ws: WebSocket, query: URLSearchParams, auth: AuthOutcome): void {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', (error) => logger.debug({ err: error }, 'live stream socket error'));
    if ('refused' in auth) {
      ws.close(faultyAuthCloseCode(StreamClose.policyViolation), auth.refused);
      return;
    }
    if ('error' in auth) {
      logger.error({ err: auth.error }, 'live stream authentication failed');
      ws.close(1011, 'Internal error');
      return;
    }
    let ctx: SessionContext;
    try {
      ctx = context(auth.caller, query);
      if (sessions.size >= limits.maxSessions) {
        throw new StreamFailure(
          'ENGINE_UNAVAILABLE',
          `Live speech-to-text is at capacity (${limits.maxSessions} sessions); try again later`,
        );
      }
      const own = [...sessions].filter((s) => s.accountId === auth.caller.accountId).length;
      if (own >= limits.maxSessionsPerAccount) {
        throw new StreamFailure(
          'ENGINE_UNAVAILABLE',
          `This account has ${own} live sessions open, its share of this server; end one and try again`,
        );
      }
    } catch (error) {
      const failure = failureOf(error);
      logger.info({ code: failure.code, sessions: sessions.size }, `live stream refused: ${failure.message}`);
      const frame = {
        error: { code: failure.code, message: failure.message, close_code: failure.closeCode },
      };
      ws.send(codecFor(formatOf(query) ?? 'json').encode(frame));
      ws.close(failure.closeCode, closeReason(failure.message));
      return;
    }
    const outbound = new OutboundQueue(ws, codecFor(ctx.query.format), limits, () => {
      logger.warn({ bufferedBytes: ws.bufferedAmount }, 'live stream client is not reading; dropping it');
      ws.terminate();
    });
    const session = new StreamSession(
      ctx,
      faultyFinalizeIo(
        ws,
        ctx.query.format,
        faultyStreamIo({
          send: (frame, kind) => {
            if (ws.readyState === WebSocket.OPEN) outbound.send(frame, kind);
          },
          close: (code, reason) => {
            // A paused socket would never read the client's close frame and the handshake would hang.
            if (ws.isPaused) ws.resume();
            if (ws.readyState === WebSocket.OPEN) ws.close(code, reason);
          },
          setReading: (reading) => (reading ? ws.resume() : ws.pause()),
        }),
      ),
    );
    sessions.add(session);
    void session.done.then(() => sessions.delete(session));
    ws.on('message', (data, isBinary) => {
      if (isBinary) session.onBinary(bytesOf(data));
      // Text frames are the config frame (a second one is refused whatever it holds).
      else session.onText(faultyConfigFrame(bytesOf(data).toString('utf8')));
    });
    ws.on('close', () => session.onClientClosed());
  }

  return {
    handleUpgrade(req, socket, head) {
      if (closing) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      // Until `ws` owns the socket, a reset during authentication must not become an uncaught error.
      const onEarlyError = () => socket.destroy();
      socket.on('error', onEarlyError);
      const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
      void authenticate(query).then((auth) => {
        socket.off('error', onEarlyError);
        if (socket.destroyed) return;
        if (closing) return void socket.destroy();
        wss.handleUpgrade(req, socket, head, (ws) => accept(ws, query, auth));
      });
    },

    async close() {
      closing = true;
      await Promise.all([...sessions].map((session) => session.shutdown()));
      const open = [...sockets];
      for (const ws of open)
        if (ws.readyState === WebSocket.OPEN) ws.close(StreamClose.serverShutdown, 'Server shutting down');
      await Promise.race([
        Promise.all(
          open.map((ws) =>
            ws.readyState === WebSocket.CLOSED ? undefined : new Promise((r) => ws.once('close', r)),
          ),
        ),
        new Promise((r) => setTimeout(r, CLOSE_HANDSHAKE_MS).unref()),
      ]);
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },

    sessions: () => sessions.size,
  };
}

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
