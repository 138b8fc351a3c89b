import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { WebSocketServer } from 'ws';

// Test support: a real `ws` server speaking the live STT protocol the spec describes (config,
// {connected}, interims every `interimEveryBytes` of audio, finals on the empty frame, {finished},
// close 1000), in JSON or protobuf mode, with switches for the faults the load scripts must notice.

const streamProto = fileURLToPath(new URL('../../schemas/proto/parley/v1/stream.proto', import.meta.url));

export interface FakeServerOptions {
  interimEveryBytes?: number;
  finalizeDelayMs?: number;
  /** The last utterance's final is never sent (the fault a lost final is). */
  dropLastFinal?: boolean;
  /** No {finished}: the client's finalize deadline must end the session. */
  neverFinish?: boolean;
  /** Text of the utterance the interims and the final carry. */
  text?: string;
}

export interface FakeServer {
  url: string;
  /** Audio bytes received per session, in arrival order. */
  audioBytes: number[];
  close(): Promise<void>;
}

export async function startFakeStreamServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const root = await new protobuf.Root().load(streamProto, { keepCase: true });
  const StreamResponse = root.lookupType('parley.v1.StreamResponse');
  const http: Server = createServer();
  const wss = new WebSocketServer({ server: http, path: '/v1/stt/stream' });
  const audioBytes: number[] = [];
  const words = (options.text ?? 'good morning everyone let us start the meeting').split(' ');

  wss.on('connection', (socket, request) => {
    const query = new URL(request.url ?? '', 'http://x').searchParams;
    if (query.get('api_key') !== 'fake-key') {
      socket.close(1008, 'Invalid API key');
      return;
    }
    const json = query.get('format') === 'json';
    const send = (frame: Record<string, unknown>) => {
      if (json) {
        socket.send(JSON.stringify('disconnect_reason' in frame ? { finished: true } : frame));
      } else {
        socket.send(StreamResponse.encode(StreamResponse.fromObject(frame)).finish());
      }
    };
    const session = audioBytes.push(0) - 1;
    let configured = false;
    let utterance = 0;
    let heard = 0;
    const chunk = (isFinal: boolean) => ({
      chunk: {
        id: `utt_${utterance}`,
        session_id: 'sess_fake',
        text: words.slice(0, Math.max(1, heard)).join(' '),
        is_final: isFinal,
      },
    });
    socket.on('message', (data: Buffer, isBinary) => {
      if (!configured) {
        configured = true;
        send({ connected: true });
        return;
      }
      if (!isBinary) return;
      if (data.length > 0) {
        const before = audioBytes[session] ?? 0;
        audioBytes[session] = before + data.length;
        const every = options.interimEveryBytes ?? 6400;
        if (Math.floor(before / every) !== Math.floor((before + data.length) / every)) {
          heard = Math.min(words.length, heard + 1);
          send(chunk(false));
        }
        return;
      }
      setTimeout(() => {
        if (!options.dropLastFinal && heard > 0) send(chunk(true));
        utterance++;
        if (options.neverFinish) return;
        send({ disconnect_reason: 1 });
        socket.close(1000);
      }, options.finalizeDelayMs ?? 50);
    });
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    audioBytes,
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
