import { readFileSync } from 'node:fs';
import { startTestServer, type TestServer } from '@parley/server/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveSession } from '../probe/session-driver.js';
import { layoutFor } from '../test-support/stream-layouts.js';
import { fixtureFrames } from './audio-frames.js';
import { streamUrl } from './stream-url.js';

// The session state machine against the reference server's real stream (pocketsphinx, VAD,
// endpointing), started in-process through the server's one test entry point.

const manifest = JSON.parse(
  readFileSync(new URL('../../fixtures/audio/manifest.json', import.meta.url), 'utf8'),
) as {
  files: { path: string; text: string; turns: { text: string; start_s: number; end_s: number }[] }[];
};

function fixture(path: string) {
  const entry = manifest.files.find((f) => f.path === path);
  if (!entry) throw new Error(`no fixture ${path}`);
  const frames = fixtureFrames(path, readFileSync(new URL(`../../fixtures/audio/${path}`, import.meta.url)));
  return { frames, turns: entry.turns };
}

// A busy CI machine may take far longer than the spec's ~5 s to finalize; these tests check the
// protocol, not the speed (that is what the load scripts measure).
const SLOW = 60_000;

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.user('Loader')).key;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('a live session against the reference server', () => {
  for (const format of ['json', 'protobuf'] as const) {
    it(`holds a pcm16 stream in real time to {finished} (${format})`, async () => {
      const { frames, turns } = fixture('en/rms-01.wav');
      const report = await driveSession({
        url: streamUrl(server.wsUrl, { apiKey: key, format }),
        ...layoutFor(format),
        frames,
        turns,
        finalizeTimeoutMs: SLOW,
      });
      expect(report.error).toBeUndefined();
      expect(report).toMatchObject({ finished: true, lostFinal: false, closeCode: 1000, unknownFrames: 0 });
      expect(report.finals).toBeGreaterThanOrEqual(1);
      // One turn: its first result from its onset, its final from its end, and what it said.
      expect(report.firstResultMs).toHaveLength(1);
      expect(report.turnFinalMs).toHaveLength(1);
      expect(report.endToFinishedMs).toBeGreaterThanOrEqual(0);
      expect(report.wer).toBeLessThan(0.5);
    }, 90_000);
  }

  it('holds an Opus stream, one packet per message', async () => {
    const { frames, turns } = fixture('formats/speech.ogg');
    const report = await driveSession({
      url: streamUrl(server.wsUrl, { apiKey: key, format: 'json' }),
      frames,
      turns,
      finalizeTimeoutMs: SLOW,
    });
    expect(report.error).toBeUndefined();
    expect(report).toMatchObject({ finished: true, lostFinal: false, closeCode: 1000 });
    expect(report.finals).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('sees the 1008 close of a bad key', async () => {
    const { frames } = fixture('en/rms-01.wav');
    const report = await driveSession({
      url: streamUrl(server.wsUrl, { apiKey: 'prl_wrong', format: 'json' }),
      frames,
    });
    expect(report).toMatchObject({ finished: false, closeCode: 1008, framesSent: 0 });
  }, 90_000);
});
