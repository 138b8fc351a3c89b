import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { driveSession } from '../probe/session-driver.js';
import { fixtureFrames } from '../src/audio-frames.js';
import { runTitle } from '../src/rest-mix.js';
import type { Turn } from '../src/turn-latency.js';
import { repeatUntil } from './arrivals.js';
import type { Auth, Json, TimedClient } from './timed-client.js';

// The speech side of the soak. Live streams: `streams` clients, each running whole sessions of the
// fixture in a row through the probe's driver (the same state machine as k6), each session into a
// meeting of its own that ends when the stream finishes, so the partner triggers have ended meetings
// to list; a client keeps its last MEETINGS_PER_STREAM meetings and deletes older ones (a bounded
// data set). File STT: one request every `sttEverySeconds`, the server downloading the fixture from
// a file server the soak starts on 127.0.0.1 (or AUDIO_URL).

export const STREAM_FIXTURE = 'en/rms-01.wav';
const MEETINGS_PER_STREAM = 3;
const AUDIO_DIR = fileURLToPath(new URL('../../fixtures/audio/', import.meta.url));

interface Fixture {
  frames: ReturnType<typeof fixtureFrames>;
  turns: Turn[];
}

function loadFixture(path: string): Fixture {
  const manifest = JSON.parse(readFileSync(`${AUDIO_DIR}manifest.json`, 'utf8')) as {
    files: { path: string; turns: Turn[] }[];
  };
  const turns = manifest.files.find((f) => f.path === path)?.turns ?? [];
  return { frames: fixtureFrames(path, readFileSync(`${AUDIO_DIR}${path}`)), turns };
}

export interface StreamOptions {
  client: TimedClient;
  auth: Auth;
  /** ws(s)://…/v1/stt/stream?api_key=…&format=json */
  url: string;
  runId: string;
  streams: number;
  stopAt: number;
}

export async function runStreams(options: StreamOptions): Promise<void> {
  const { client, auth } = options;
  const fixture = loadFixture(STREAM_FIXTURE);
  let made = 0;
  const one = async (stream: number) => {
    const meetings: string[] = [];
    // Streams start spread over a second so their frames do not all leave in the same tick.
    await new Promise((wake) => setTimeout(wake, (stream / options.streams) * 1000));
    await repeatUntil(options.stopAt, 0, async () => {
      const created = await client.call('create-meeting', {
        body: { title: `${runTitle(options.runId, ++made)} stream` },
        auth,
      });
      const id = ((created.body as Json | undefined)?.meeting as Json | undefined)?.id;
      const report = await driveSession({
        url: options.url,
        frames: fixture.frames,
        turns: fixture.turns,
        config: typeof id === 'string' ? { meeting_id: id } : {},
      });
      client.tally.add(
        report.finished ? 'stt-stream finished' : `stt-stream ${report.errorKind ?? 'not finished'}`,
      );
      if (report.lostFinal) client.tally.add('stt-stream lost final');
      if (report.connectedMs !== undefined) client.window.add('stt-stream connected', report.connectedMs);
      if (report.endToFinishedMs !== undefined)
        client.window.add('stt-stream finalize', report.endToFinishedMs);
      if (typeof id === 'string') meetings.push(id);
      if (meetings.length > MEETINGS_PER_STREAM)
        await client.call('delete-meeting', { body: { meeting_id: meetings.shift() }, auth });
    });
  };
  await Promise.all(Array.from({ length: options.streams }, (_, i) => one(i)));
}

export interface AudioServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the fixture the file STT requests name, on 127.0.0.1. */
export async function startAudioServer(): Promise<AudioServer> {
  const file = `${AUDIO_DIR}${STREAM_FIXTURE}`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${STREAM_FIXTURE}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FileSttOptions {
  client: TimedClient;
  auth: Auth;
  audioUrl: string;
  runId: string;
  everySeconds: number;
  stopAt: number;
}

export async function runFileStt(options: FileSttOptions): Promise<void> {
  let n = 0;
  await repeatUntil(options.stopAt, options.everySeconds * 1000, async () => {
    await options.client.call('stt', {
      body: { audio_url: options.audioUrl, session_id: `${options.runId}-stt-${++n}` },
      auth: options.auth,
      timeoutMs: 600_000,
    });
  });
}
