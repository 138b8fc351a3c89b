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
import { FfmpegAudioEngine } from '../engines/audio/ffmpeg-audio.adapter.js';
import { fixtureFiles, fixturePcm, fixturesPresent } from '../engines/audio/fixture-audio.js';
import { OggPacketReader } from '../engines/audio/ogg-packets.js';
import { concatPcm } from '../engines/audio/pcm.js';
import { converse, silence, speak } from '../engines/audio/test-speech.js';
import { wordErrorRate } from '../engines/stt/wer.js';
import { chunksOf, LiveSttClient } from './live-stt-client.js';

// A test that failed mid-stream must not leave its session holding a place for the next one.
afterEach(() => LiveSttClient.terminateOpen());

// The audio options of a session: Opus input (OGG pages and raw packets, encoded by the ffmpeg
// binary), reduce_noise=true on noisy speech, and live speaker labels with diarization on and off.

const SENTENCE = 'Please share your screen with the team.';
let engines: RealEngines;
let server: LiveTestServer;
const sink = memorySink();
let speech: Int16Array;
let ogg: Buffer;

beforeAll(async () => {
  engines = await realEngines();
  server = await startLiveTestServer(engines, { sink });
  speech = concatPcm([silence(300), await speak(SENTENCE, 'rms'), silence(400)]);
  ogg = await new FfmpegAudioEngine().encodeOggOpus(speech, 16_000);
});

afterAll(async () => {
  await server?.close();
});

/** Splits an OGG stream at its page boundaries (27-byte header, segment table, body). */
function oggPages(bytes: Buffer): Buffer[] {
  const pages: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const segments = bytes[at + 26] ?? 0;
    const body = [...bytes.subarray(at + 27, at + 27 + segments)].reduce((n, v) => n + v, 0);
    const length = 27 + segments + body;
    pages.push(bytes.subarray(at, at + length));
    at += length;
  }
  return pages;
}

async function session(
  query: Record<string, string>,
  config: object,
  send: (c: LiveSttClient) => Promise<void>,
) {
  const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json', ...query });
  client.sendConfig(config);
  await send(client);
  client.end();
  const closed = await client.closed;
  expect(closed.code).toBe(StreamClose.normal);
  expect(client.frames.at(-1)?.frame).toEqual({ finished: true });
  return chunksOf(client.frames).filter((c) => c.is_final);
}

describe('live STT Opus input', () => {
  it('recognizes an OGG/Opus stream sent one page per message', async () => {
    const pages = oggPages(ogg);
    expect(pages.length).toBeGreaterThan(2);
    const finals = await session({}, { encoding: 'opus' }, (c) => c.sendMessages(pages, 50, 4));
    expect(wordErrorRate(SENTENCE, finals.map((f) => f.text).join(' ')).wer).toBeLessThanOrEqual(0.3);
  });

  it('recognizes raw Opus packets, one per message', async () => {
    const packets = new OggPacketReader().push(ogg).slice(2); // after OpusHead and OpusTags
    expect(packets.length).toBeGreaterThan(50);
    const finals = await session({}, { encoding: 'opus' }, (c) => c.sendMessages(packets, 20, 4));
    expect(wordErrorRate(SENTENCE, finals.map((f) => f.text).join(' ')).wer).toBeLessThanOrEqual(0.3);
  });

  it('ends with UNSUPPORTED_MEDIA_TYPE when the Opus frames are not Opus', async () => {
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    client.sendConfig({ encoding: 'opus' });
    client.sendAudio(new Uint8Array(4000).fill(0xff));
    expect((await client.closed).code).toBe(4400);
    expect(client.frames.at(-1)?.frame).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });
});

describe('live STT noise reduction', () => {
  it('runs reduce_noise=true without harming clean speech', async () => {
    const clean = fixturesPresent ? fixtureFiles((f) => f.id === 'noisy-clean')[0] : undefined;
    const pcm = clean ? await fixturePcm(clean) : speech;
    const reference = clean?.text ?? SENTENCE;
    const finals = await session({ reduce_noise: 'true' }, { session_id: 'sess_denoised' }, (c) =>
      c.stream(pcm, { speed: 8 }),
    );
    expect(wordErrorRate(reference, finals.map((f) => f.text).join(' ')).wer).toBeLessThanOrEqual(0.3);
    await sink.ended();
    expect(sink.sessions.find((s) => s.info.sessionId === 'sess_denoised')?.info.reduceNoise).toBe(true);
  });

  // pocketsphinx's word error rate on the 10 dB white-noise fixture is ~90% with or without
  // RNNoise in front, so this checks that a noisy denoised stream runs to the end, not its text.
  it.runIf(fixturesPresent)(
    'streams noisy speech through the denoiser to finals and `finished`',
    async () => {
      const noisy = fixtureFiles((f) => f.id === 'noisy-snr-10db')[0];
      if (!noisy) throw new Error('fixture noisy-snr-10db missing');
      const finals = await session({ reduce_noise: 'true' }, {}, async (c) =>
        c.stream(await fixturePcm(noisy), { speed: 8 }),
      );
      expect(finals.length).toBeGreaterThan(0);
    },
  );
});

describe('live STT speaker labels', () => {
  let conversation: { pcm: Int16Array; speakers: string[] };

  beforeAll(async () => {
    const turns = await converse([
      { voice: 'rms', text: 'Good morning, thank you for joining the call.' },
      { voice: 'slt', text: 'Good morning. Can we start with the budget?' },
      { voice: 'rms', text: 'Yes. We need to finish the report by Friday.' },
      { voice: 'slt', text: 'I can send the numbers this afternoon.' },
    ]);
    conversation = { pcm: turns.pcm, speakers: ['0', '1', '0', '1'] };
  });

  it('labels finals "0", "1", ... by voice when diarization is on (the default), never interims', async () => {
    const client = await LiveSttClient.connect(server.url, { api_key: TEST_KEY, format: 'json' });
    client.sendConfig({});
    await client.stream(conversation.pcm, { speed: 8 });
    client.end();
    await client.closed;
    const chunks = chunksOf(client.frames);
    expect(chunks.filter((c) => c.is_final).map((c) => c.speaker)).toEqual(conversation.speakers);
    expect(chunks.filter((c) => !c.is_final).every((c) => c.speaker === undefined)).toBe(true);
  });

  it('sends no speaker with enable_diarization=false, and the config overrides the query', async () => {
    const off = await session({ enable_diarization: 'false' }, {}, (c) =>
      c.stream(conversation.pcm, { speed: 8 }),
    );
    expect(off.length).toBe(conversation.speakers.length);
    expect(off.every((c) => c.speaker === undefined)).toBe(true);
    const on = await session({ enable_diarization: 'false' }, { enable_diarization: true }, (c) =>
      c.stream(conversation.pcm, { speed: 8 }),
    );
    expect(on.map((c) => c.speaker)).toEqual(conversation.speakers);
  });
});
