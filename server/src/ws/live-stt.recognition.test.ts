import { validate } from '@parley/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type LiveTestServer,
  memorySink,
  type RealEngines,
  realEngines,
  startLiveTestServer,
  TEST_KEY,
} from '../../test-support/live-stt.js';
import { StreamClose } from '../core/contracts.js';
import { fixtureFiles, fixturePcm, fixturesPresent } from '../engines/audio/fixture-audio.js';
import { concatPcm } from '../engines/audio/pcm.js';
import { ENGLISH_SENTENCES, silence, speak } from '../engines/audio/test-speech.js';
import { wordErrorRate } from '../engines/stt/wer.js';
import { chunksOf, LiveSttClient } from './live-stt-client.js';

// A test that failed mid-stream must not leave its session holding a place for the next one.
afterEach(() => LiveSttClient.terminateOpen());

// Whole sessions against the real engines: flite English in 20 ms frames (4x real time), checked
// the way a client sees them (interims, the final, `finished`, the close code) and what the
// results sink recorded.

let engines: RealEngines;
let server: LiveTestServer;
const sink = memorySink();
const samples: { text: string; pcm: Int16Array }[] = [];

beforeAll(async () => {
  engines = await realEngines();
  server = await startLiveTestServer(engines, { sink });
  const files = fixturesPresent
    ? fixtureFiles((f) => f.path.startsWith('en/rms-') && f.format === 'wav')
    : [];
  for (const file of files.slice(0, 4)) samples.push({ text: file.text, pcm: await fixturePcm(file) });
  for (const text of ENGLISH_SENTENCES.slice(samples.length, 4))
    samples.push({ text, pcm: await speak(text, 'rms') });
});

afterAll(async () => {
  await server?.close();
});

const sample = (i: number) => {
  const s = samples[i];
  if (!s) throw new Error(`no sample ${i}`);
  return s;
};

/** One sentence with quiet around it, so the endpointer sees a start and an end. */
const padded = (pcm: Int16Array) => concatPcm([silence(400), pcm, silence(300)]);

async function runSession(query: Record<string, string>, pcm: Int16Array, config: object = {}) {
  const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, ...query });
  client.sendConfig(config);
  await client.waitFor((f) => 'connected' in f);
  await client.stream(pcm, { speed: 8 });
  client.end();
  const closed = await client.closed;
  return { client, closed, chunks: chunksOf(client.frames) };
}

describe('live STT, JSON mode', () => {
  it('streams interims with cumulative text under one id, then the final, finished and close 1000', async () => {
    const { text, pcm } = sample(0);
    const { client, closed, chunks } = await runSession({ format: 'json' }, padded(pcm));
    expect(closed.code).toBe(StreamClose.normal);
    for (const { frame } of client.frames) expect(validate('stream-server-frame', frame).ok).toBe(true);
    expect(client.frames[0]?.frame).toEqual({ connected: true });
    expect(client.frames.at(-1)?.frame).toEqual({ finished: true });

    const finals = chunks.filter((c) => c.is_final);
    expect(finals).toHaveLength(1);
    const final = finals[0];
    if (!final) throw new Error('no final');
    expect(wordErrorRate(text, final.text).wer).toBeLessThanOrEqual(0.3);
    const interims = chunks.filter((c) => !c.is_final);
    expect(interims.length).toBeGreaterThanOrEqual(2);
    for (const interim of interims) expect(interim.id).toBe(final.id);
    // Cumulative: the last interim holds several words, more than the first.
    const words = interims.map((c) => c.text.split(' ').length);
    expect(words.at(-1)).toBeGreaterThan(words[0] ?? 0);
    // Sent only when the text changed.
    for (let i = 1; i < interims.length; i++) expect(interims[i]?.text).not.toBe(interims[i - 1]?.text);
    expect(new Set(chunks.map((c) => c.session_id)).size).toBe(1);
  });

  it('gives each utterance its own id, changing after every final', async () => {
    const [a, b] = [sample(1), sample(2)];
    const pcm = concatPcm([silence(300), a.pcm, silence(1200), b.pcm, silence(300)]);
    const { closed, chunks } = await runSession({ format: 'json' }, pcm, { session_id: 'sess_two' });
    expect(closed.code).toBe(StreamClose.normal);
    const finals = chunks.filter((c) => c.is_final);
    expect(finals).toHaveLength(2);
    expect(finals[0]?.id).not.toBe(finals[1]?.id);
    expect(wordErrorRate(a.text, finals[0]?.text ?? '').wer).toBeLessThanOrEqual(0.35);
    expect(wordErrorRate(b.text, finals[1]?.text ?? '').wer).toBeLessThanOrEqual(0.35);
    // Nothing for the first utterance arrives after its final.
    const firstFinal = chunks.findIndex((c) => c.is_final);
    expect(chunks.slice(firstFinal + 1).every((c) => c.id !== finals[0]?.id)).toBe(true);
    expect(chunks.every((c) => c.session_id === 'sess_two')).toBe(true);

    await sink.ended();
    const recorded = sink.sessions.find((s) => s.info.sessionId === 'sess_two');
    expect(recorded?.finals.map((f) => f.text)).toEqual(finals.map((f) => f.text));
    expect(recorded?.end).toMatchObject({ reason: 'finished', finals: 2 });
    const [u1, u2] = recorded?.finals ?? [];
    expect(u1?.startMs).toBeLessThan(u1?.endMs ?? 0);
    expect(u2?.startMs).toBeGreaterThan(u1?.endMs ?? Number.POSITIVE_INFINITY);
    expect(u1?.language).toBe('en');
    expect(u1?.confidence).toBeGreaterThan(0);
  });
});

describe('live STT, protobuf mode', () => {
  it('sends StreamResponse frames that decode with the proto types, ending with SESSION_ENDED', async () => {
    const { text, pcm } = sample(3);
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY });
    const raw: { bytes: Buffer; isBinary: boolean }[] = [];
    client.socket.on('message', (data, isBinary) => raw.push({ bytes: data as Buffer, isBinary }));
    client.sendConfig({ encoding: 'pcm16' });
    await client.stream(padded(pcm), { speed: 8 });
    client.end();
    expect((await client.closed).code).toBe(StreamClose.normal);
    expect(client.undecodable).toEqual([]);
    expect(raw.every((r) => r.isBinary)).toBe(true);
    // disconnect_reason (field 3, varint) = SESSION_ENDED (1)
    expect([...(raw.at(-1)?.bytes ?? [])]).toEqual([0x18, 0x01]);
    expect(client.frames[0]?.frame).toEqual({ connected: true });
    expect(client.frames.at(-1)?.frame).toEqual({ finished: true });
    const chunks = chunksOf(client.frames);
    const final = chunks.find((c) => c.is_final);
    expect(wordErrorRate(text, final?.text ?? '').wer).toBeLessThanOrEqual(0.3);
    expect(chunks.filter((c) => !c.is_final).every((c) => c.id === final?.id)).toBe(true);
  });
});

describe('live STT input handling', () => {
  it('takes pcm16 frames of any size, odd byte counts included', async () => {
    const { text, pcm } = sample(0);
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    client.sendConfig({});
    await client.stream(padded(pcm), { speed: 8, frameBytes: 333 });
    client.end();
    expect((await client.closed).code).toBe(StreamClose.normal);
    const final = chunksOf(client.frames).find((c) => c.is_final);
    expect(wordErrorRate(text, final?.text ?? '').wer).toBeLessThanOrEqual(0.3);
  });

  it('sends audio that arrives before `connected`, and finishes at once on an empty stream', async () => {
    const { text, pcm } = sample(1);
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    client.sendConfig({});
    await client.stream(padded(pcm), { speed: Number.POSITIVE_INFINITY, frameBytes: 6400 });
    client.end();
    expect((await client.closed).code).toBe(StreamClose.normal);
    expect(client.frames[0]?.frame).toEqual({ connected: true });
    const final = chunksOf(client.frames).find((c) => c.is_final);
    expect(wordErrorRate(text, final?.text ?? '').wer).toBeLessThanOrEqual(0.3);

    const empty = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    empty.sendConfig({});
    empty.end();
    expect(await empty.closed).toMatchObject({ code: StreamClose.normal });
    expect(empty.frames.map((f) => f.frame)).toEqual([{ connected: true }, { finished: true }]);
  });

  it('keeps concurrent sessions apart: each gets the final of its own sentence', async () => {
    const runs = await Promise.all(
      [0, 1, 2, 3, 0, 1].map(async (i) => ({
        i,
        ...(await runSession({ format: 'json' }, padded(sample(i).pcm))),
      })),
    );
    for (const { i, closed, chunks } of runs) {
      expect(closed.code).toBe(StreamClose.normal);
      const finals = chunks.filter((c) => c.is_final);
      expect(finals).toHaveLength(1);
      expect(wordErrorRate(sample(i).text, finals[0]?.text ?? '').wer).toBeLessThanOrEqual(0.35);
    }
    expect(new Set(runs.flatMap((r) => r.chunks.map((c) => c.session_id))).size).toBe(runs.length);
    expect(new Set(runs.flatMap((r) => r.chunks.map((c) => c.id))).size).toBe(runs.length);
  });
});
