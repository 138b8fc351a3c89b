import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  memorySink,
  type RealEngines,
  realEngines,
  startLiveTestServer,
  TEST_KEY,
} from '../../test-support/live-stt.js';
import { StreamClose } from '../core/contracts.js';
import { concatPcm } from '../engines/audio/pcm.js';
import { silence, speak } from '../engines/audio/test-speech.js';
import { wordErrorRate } from '../engines/stt/wer.js';
import { chunksOf, LiveSttClient } from './live-stt-client.js';

// A test that failed mid-stream must not leave its session holding a place for the next one.
afterEach(() => LiveSttClient.terminateOpen());

// How sessions end other than by the empty frame: the client leaving mid-utterance, and the server
// shutting down while utterances are open.

const FIRST = 'Please share your screen with the team.';
const SECOND = 'Let us talk about the budget for next year.';
let engines: RealEngines;
let first: Int16Array;
let second: Int16Array;

beforeAll(async () => {
  engines = await realEngines();
  [first, second] = await Promise.all([speak(FIRST, 'rms'), speak(SECOND, 'rms')]);
});

describe('live STT session ends', () => {
  it('records the finals of a client that leaves mid-utterance, drops the open one, and frees the session', async () => {
    const sink = memorySink();
    const server = await startLiveTestServer(engines, { sink });
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    client.sendConfig({ meeting_id: 'mtg_live' });
    await client.stream(
      concatPcm([silence(300), first, silence(800), second.subarray(0, second.length / 2)]),
      { speed: 4 },
    );
    const firstFinal = await client.waitFor((f) => 'chunk' in f && f.chunk.is_final);
    const after = client.frames.indexOf(firstFinal) + 1;
    const secondInterim = await client.waitFor(
      (f) => 'chunk' in f && f.chunk.text.split(' ').length >= 2,
      10_000,
      after,
    );
    client.close();
    await client.closed;
    await sink.ended();

    const [recorded] = sink.sessions;
    expect(recorded?.info).toMatchObject({ meetingId: 'mtg_live', caller: { userId: 'usr_live' } });
    expect(recorded?.finals).toHaveLength(1);
    expect(wordErrorRate(FIRST, recorded?.finals[0]?.text ?? '').wer).toBeLessThanOrEqual(0.3);
    const openId = 'chunk' in secondInterim.frame ? secondInterim.frame.chunk.id : '';
    expect(recorded?.end).toMatchObject({ reason: 'client-closed', finals: 1, abandonedUtteranceId: openId });
    expect(recorded?.interims.at(-1)?.id).toBe(openId);
    await vi.waitFor(() => expect(server.live.sessions()).toBe(0));
    await server.close();
  });

  it("records a finished session's end before the client hears `finished`, however slow the store", async () => {
    const sink = memorySink({ endDelayMs: 300 });
    const server = await startLiveTestServer(engines, { sink });
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    client.sendConfig({ meeting_id: 'mtg_live' });
    await client.stream(concatPcm([silence(300), first, silence(500)]), { speed: 4 });
    client.end();
    expect((await client.closed).code).toBe(StreamClose.normal);
    expect(client.frames.some((f) => 'finished' in f.frame)).toBe(true);
    // No waiting on the sink: a meeting's last stream has ended it by the time its client knows.
    expect(sink.sessions[0]?.end).toMatchObject({ reason: 'finished' });
    // …and its place is free: a client that starts the next stream at once is not refused 4503.
    expect(server.live.sessions()).toBe(0);
    await server.close();
  });

  it('on shutdown sends the finals of open utterances, then closes 1001, and refuses new sessions', async () => {
    const sink = memorySink();
    // A grace period no busy test machine runs out of: this checks what is sent, not how fast.
    const server = await startLiveTestServer(engines, { sink, limits: { shutdownGraceMs: 20_000 } });
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    client.sendConfig({});
    await client.stream(concatPcm([silence(300), second]), { speed: 4 });
    const interim = await client.waitFor((f) => 'chunk' in f && f.chunk.text.split(' ').length >= 4);
    expect(server.live.sessions()).toBe(1);

    const closing = server.live.close();
    expect(await client.closed).toMatchObject({ code: StreamClose.serverShutdown });
    await closing;
    const finals = chunksOf(client.frames).filter((c) => c.is_final);
    expect(finals.map((f) => f.id)).toEqual(['chunk' in interim.frame ? interim.frame.chunk.id : '']);
    expect(wordErrorRate(SECOND, finals[0]?.text ?? '').wer).toBeLessThanOrEqual(0.3);
    expect(client.frames.some((f) => 'finished' in f.frame)).toBe(false);
    expect(sink.sessions[0]?.end).toMatchObject({ reason: 'shutdown', finals: 1 });

    await expect(LiveSttClient.connect(server.url, { api_key: TEST_KEY })).rejects.toThrow(/503/);
    await new Promise<void>((resolve) => server.http.close(() => resolve()));
  });
});
