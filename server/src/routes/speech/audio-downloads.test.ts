import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localEngines } from '../../../test-support/local-engines.js';
import { type SpeechServer, startSpeechServer } from '../../../test-support/speech-server.js';

// audio_url downloads are bounded per process: at most PARLEY_AUDIO_DOWNLOADS at once (a few more
// wait, the rest get 503 + Retry-After), each at most PARLEY_AUDIO_MAX_BYTES (413), streamed to a
// temporary file whose path never appears in an error. bench/download-rss.bench.ts shows the memory.

const PLACES = 2;
const MAX_BYTES = 256 * 1024;

let server: SpeechServer;
let source: { url: string; maxOpen: () => number; release: () => void; close: () => Promise<void> };

/** An audio source that holds every answer until released, counting requests open at once. */
async function heldSource() {
  let open = 0;
  let maxOpen = 0;
  const held: ServerResponse[] = [];
  const http = createServer((req, res) => {
    if (req.url === '/bad') {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end('not audio');
      return;
    }
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(MAX_BYTES * 2, 7));
      return;
    }
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on('close', () => open--);
    held.push(res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    maxOpen: () => maxOpen,
    release: () => {
      for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'audio/wav' }).end('not audio');
    },
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  source = await heldSource();
  server = await startSpeechServer({
    deps: { engines: await localEngines() },
    env: { PARLEY_AUDIO_DOWNLOADS: String(PLACES), PARLEY_AUDIO_MAX_BYTES: String(MAX_BYTES) },
  });
}, 120_000);
afterAll(async () => {
  await server.close();
  await source.close();
});

const stt = (audioUrl: string) =>
  server.post<{ error: string; code: string }>(`/v1/stt?api_key=${server.alice.key}`, {
    audio_url: audioUrl,
  });

describe('audio_url downloads', () => {
  it('runs at most the configured number at once; the others wait, and beyond the queue get 503', async () => {
    const waiting = PLACES * 5; // places + 4 waiting per place
    const replies = Array.from({ length: waiting + 2 }, (_, i) => stt(`${source.url}/held/${i}`));
    // Two requests find the queue full and are refused without waiting for anything. Which two is
    // not the sending order: each request's key lookup (a PostgreSQL round trip on test:pg) decides
    // when it reaches the queue.
    const answered: Awaited<(typeof replies)[number]>[] = [];
    for (const reply of replies) void reply.then((r) => answered.push(r));
    for (let waited = 0; answered.length < 2 && waited < 20_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answered.map((r) => r.status)).toEqual([503, 503]);
    expect(answered[0]?.headers.get('retry-after')).toBe('5');
    // Answer whatever reached the source until every waiting download has run.
    let finished = false;
    const done = Promise.all(replies).finally(() => {
      finished = true;
    });
    while (!finished) {
      source.release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const statuses = (await done).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(waiting).fill(415), 503, 503]);
    expect(source.maxOpen()).toBe(PLACES);
  }, 120_000);

  it('refuses a file over the limit with 413', async () => {
    const reply = await stt(`${source.url}/big`);
    expect(reply.status).toBe(413);
  }, 60_000);

  it('names no temporary path in a decode error', async () => {
    const reply = await stt(`${source.url}/bad`);
    expect(reply.status).toBe(415);
    expect(reply.body.error).not.toContain(tmpdir());
    expect(reply.body.error).not.toContain('parley-audio-');
  }, 60_000);
});
