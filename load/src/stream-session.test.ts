import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { driveSession } from '../probe/session-driver.js';
import {
  type FakeServer,
  type FakeServerOptions,
  startFakeStreamServer,
} from '../test-support/fake-stream-server.js';
import { layoutFor } from '../test-support/stream-layouts.js';
import { type FrameSet, pcm16Frames } from './audio-frames.js';
import { StreamSession } from './stream-session.js';
import { streamUrl } from './stream-url.js';

// The session state machine against a real `ws` server speaking the protocol, in both modes, and
// against the faults it must report; then its pacing and deadlines with a hand-driven clock.

const wav = readFileSync(new URL('../../fixtures/audio/en/rms-01.wav', import.meta.url));
const frames = pcm16Frames(wav);
const turns = [{ text: 'Good morning everyone, let us start the meeting.', start_s: 0.15, end_s: 3.25 }];

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(
  options: FakeServerOptions,
  format: 'json' | 'protobuf',
  extra: { finalizeTimeoutMs?: number } = {},
) {
  server = await startFakeStreamServer(options);
  return driveSession({
    url: streamUrl(server.url, { apiKey: 'fake-key', format }),
    frames,
    turns,
    ...layoutFor(format),
    ...extra,
  });
}

describe('a live session against a ws server speaking the protocol', () => {
  for (const format of ['json', 'protobuf'] as const) {
    it(`streams the whole fixture in real time and reads ${format} frames to {finished}`, async () => {
      const started = performance.now();
      const report = await run({}, format);
      const elapsed = performance.now() - started;
      expect(
        report.error,
        JSON.stringify({ ...report, pacingLagMs: report.pacingLagMs.length }),
      ).toBeUndefined();
      expect(report).toMatchObject({ finished: true, lostFinal: false, closeCode: 1000, phase: 'closed' });
      expect(server?.audioBytes).toEqual([frames.buffer.byteLength]);
      expect(report.framesSent).toBe(frames.ranges.length);
      expect(report.interims).toBe(1);
      expect(report.finals).toBe(1);
      // Paced by the clock: not faster than the audio lasts.
      expect(elapsed).toBeGreaterThanOrEqual(frames.durationMs - 25);
      expect(report.connectedMs).toBeGreaterThanOrEqual(0);
      expect(report.firstResultMs).toHaveLength(1);
      expect(report.turnFinalMs).toHaveLength(1);
      expect(report.endToFinishedMs).toBeGreaterThanOrEqual(0);
    }, 15_000);
  }

  it('counts a lost final when the last utterance gets none', async () => {
    const report = await run({ dropFinals: [0] }, 'json');
    expect(report).toMatchObject({ finished: true, lostFinal: true, finals: 0 });
  }, 15_000);

  it('gives up at the finalize deadline when {finished} never comes', async () => {
    const report = await run({ neverFinish: true }, 'protobuf', { finalizeTimeoutMs: 300 });
    expect(report.finished).toBe(false);
    expect(report.error).toBe('no {finished} in time');
    expect(report.closeCode).toBe(1000);
  }, 15_000);

  it('reports the 1008 close of a bad key', async () => {
    server = await startFakeStreamServer();
    const report = await driveSession({
      url: streamUrl(server.url, { apiKey: 'wrong', format: 'json' }),
      frames,
    });
    expect(report).toMatchObject({ finished: false, closeCode: 1008, framesSent: 0 });
  });
});

describe('StreamSession with a hand-driven clock', () => {
  const tiny: FrameSet = {
    encoding: 'pcm16',
    buffer: new ArrayBuffer(6),
    ranges: [
      [0, 2],
      [2, 4],
      [4, 6],
    ],
    offsetsMs: [0, 20, 40],
    durationMs: 60,
  };

  it('sends the config first, then every due frame at once when the timer was late', () => {
    const s = new StreamSession({ frames: tiny, config: { session_id: 's' } }, 0);
    expect(s.open(1)[0]).toEqual({ type: 'send-text', text: '{"encoding":"pcm16","session_id":"s"}' });
    expect(s.message(10, { connected: true })).toEqual([
      { type: 'send-frames', indices: [0], lagsMs: [0] },
      { type: 'wake', atMs: 30 },
    ]);
    // 35 ms late: frames 1 and 2 both go, each lag from its own due time, then the empty frame.
    expect(s.timer(65)).toEqual([
      { type: 'send-frames', indices: [1, 2], lagsMs: [35, 15] },
      { type: 'send-end' },
      { type: 'wake', atMs: 65 + 15_000 },
    ]);
    expect(s.result().pacingLagMs).toEqual([0, 35, 15]);
  });

  it('treats {finished} before the empty frame as a protocol error', () => {
    const s = new StreamSession({ frames: tiny, config: {} }, 0);
    s.open(0);
    s.message(1, { connected: true });
    expect(s.message(2, { finished: true })).toEqual([
      { type: 'close', reason: '{finished} before the empty frame' },
    ]);
    expect(s.result().error).toMatch(/protocol/);
  });

  it('gives up when {connected} does not come before the connect deadline', () => {
    const s = new StreamSession({ frames: tiny, config: {}, connectTimeoutMs: 100 }, 0);
    s.open(0);
    expect(s.timer(50)).toEqual([{ type: 'wake', atMs: 100 }]);
    expect(s.timer(100)).toEqual([{ type: 'close', reason: 'no {connected} in time' }]);
  });
});
