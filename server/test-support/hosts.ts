import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { type FixtureFile, fixtureFiles, fixturePcm } from '../src/engines/audio/fixture-audio.js';
import { concatPcm, msToSamples, STT_SAMPLE_RATE } from '../src/engines/audio/pcm.js';
import { encodeWav } from '../src/engines/audio/wav.js';
import { contentTypeOf } from '../src/files/file-store.js';

// The two hosts a test of outbound HTTP stands up on 127.0.0.1, port 0, shared by the server's tests
// and the integration's end-to-end tests (`@parley/server/test-hosts`): the audio host an audio_url
// points at (fixtures/audio and made-up answers), and a receiver of callbacks and hook deliveries.

const FIXTURES = fileURLToPath(new URL('../../fixtures/audio/', import.meta.url));
const FIXTURE_TYPES: Record<string, string> = {
  '.flac': 'audio/flac',
  '.webm': 'audio/webm',
};

export interface AudioHost {
  url: string;
  /** URL of a fixture file, e.g. `en/rms-01.wav`. */
  fixture(path: string): string;
  /**
   * Serves `bytes` at `/custom/<name>` with `contentType` (and `status`); `announcedLength` is the
   * Content-Length its HEAD announces instead (a host of a long recording, without its bytes).
   */
  serve(
    name: string,
    bytes: Uint8Array | string,
    contentType: string,
    status?: number,
    announcedLength?: number,
  ): string;
  /**
   * Fixtures by id (`en-rms-01`, …) one after another, `gapMs` of silence apart, as one 16 kHz
   * WAV at `/custom/<name>`: a conversation of a few seconds, where the fixtures' own take 16-20 s
   * of decoding per request.
   */
  conversation(name: string, ids: readonly string[], gapMs?: number): Promise<string>;
  /** A URL that accepts the request and never answers. */
  readonly hangingUrl: string;
  close(): Promise<void>;
}

export async function startAudioHost(): Promise<AudioHost> {
  const custom = new Map<
    string,
    { bytes: Uint8Array | string; type: string; status: number; announced: number | undefined }
  >();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    if (path === '/hang') {
      hanging.add(res);
      return;
    }
    const entry = path.startsWith('/custom/') ? custom.get(path.slice('/custom/'.length)) : undefined;
    if (entry) {
      const length = req.method === 'HEAD' ? (entry.announced ?? Buffer.byteLength(entry.bytes)) : undefined;
      res.writeHead(entry.status, {
        'content-type': entry.type,
        ...(length === undefined ? {} : { 'content-length': length }),
      });
      res.end(req.method === 'HEAD' ? undefined : entry.bytes);
      return;
    }
    if (path.startsWith('/fixtures/') && !path.includes('..')) {
      const bytes = await readFile(`${FIXTURES}${path.slice('/fixtures/'.length)}`).catch(() => undefined);
      if (bytes) {
        const type = FIXTURE_TYPES[extname(path)] ?? contentTypeOf(path);
        // Content-Length on HEAD too (Node leaves it off a body-less answer): what a storage host sends.
        res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
        res.end(req.method === 'HEAD' ? undefined : bytes);
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serve: AudioHost['serve'] = (name, bytes, contentType, status = 200, announcedLength = undefined) => {
    custom.set(name, { bytes, type: contentType, status, announced: announcedLength });
    return `${url}/custom/${name}`;
  };
  return {
    url,
    fixture: (path) => `${url}/fixtures/${path}`,
    serve,
    async conversation(name, ids, gapMs = 500) {
      const gap = new Int16Array(msToSamples(gapMs));
      const turns = await Promise.all(ids.map((id) => fixturePcm(fixtureById(id))));
      const pcm = concatPcm(turns.flatMap((turn, i) => (i === 0 ? [turn] : [gap, turn])));
      return serve(name, encodeWav(pcm, STT_SAMPLE_RATE), 'audio/wav');
    },
    hangingUrl: `${url}/hang`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Two voices, one sentence each (~6 s joined by `AudioHost.conversation`): the conversation of the
 * tests that check a flag or a path through the service rather than how well speakers are told apart.
 */
export const TWO_VOICES = ['en-rms-01', 'en-slt-02'] as const;

/** A fixture of fixtures/audio/manifest.json by id; throws when it is missing. */
export function fixtureById(id: string): FixtureFile {
  const [file] = fixtureFiles((f) => f.id === id);
  if (!file) throw new Error(`fixture ${id} missing (run npm run fixtures)`);
  return file;
}

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact body, which a Standard Webhooks signature covers. */
  body: string;
}

export interface Receiver {
  /** Every request, in arrival order. */
  received: Delivery[];
  /** The URL of `path` on the receiver. */
  url(path: string): string;
  /** Answers requests to `path` with `status` (200 unless given). */
  answer(path: string, status: number): void;
  deliveriesTo(path: string): Delivery[];
  /** The one delivery to `path`, its Standard Webhooks signature checked with `secret`: its body. */
  verifiedDelivery(path: string, secret: string): unknown;
  close(): Promise<void>;
}

/** A receiver that records every request and answers with the status its path is given. */
export async function startReceiver(): Promise<Receiver> {
  const received: Delivery[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body });
      res.writeHead(statuses.get(path) ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deliveriesTo = (path: string) => received.filter((r) => r.path === path);
  return {
    received,
    url: (path) => `${root}${path}`,
    answer: (path, status) => void statuses.set(path, status),
    deliveriesTo,
    verifiedDelivery(path, secret) {
      const [only, ...more] = deliveriesTo(path);
      if (!only) throw new Error(`nothing was delivered to ${path}`);
      if (more.length) throw new Error(`${more.length + 1} deliveries to ${path}, not one`);
      return new Webhook(secret).verify(only.body, only.headers as Record<string, string>);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
