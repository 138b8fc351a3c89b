import { validate } from '@parley/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LiveTestServer,
  memorySink,
  type RealEngines,
  realEngines,
  startLiveTestServer,
  TEST_CALLER,
  TEST_KEY,
} from '../../test-support/live-stt.js';
import { ErrorText, StreamClose, StreamErrorClose } from '../core/contracts.js';
import { PocketsphinxSttEngine } from '../engines/stt/pocketsphinx.adapter.js';
import { LiveSttClient } from './live-stt-client.js';

// A test that failed mid-stream must not leave its session holding a place for the next one.
afterEach(() => LiveSttClient.terminateOpen());

// The protocol's refusals and time limits, as a client sees them: close codes, reasons and the
// error frame (valid against stream-server-frame, in the session's own format).

const LIMITS = { idleTimeoutMs: 800, maxFrameBytes: 4096 };
let engines: RealEngines;
let server: LiveTestServer;

beforeAll(async () => {
  engines = await realEngines();
  server = await startLiveTestServer(engines, { sink: memorySink(), limits: LIMITS });
});

afterAll(async () => {
  await server?.close();
});

const connect = (query: Record<string, string | string[]> = {}, url = server.url) =>
  LiveSttClient.connect(url, { format: 'json', api_key: TEST_KEY, ...query });

/** The session's only frame must be the error frame, then the close with its close code. */
async function expectError(client: LiveSttClient, code: keyof typeof StreamErrorClose) {
  const closed = await client.closed;
  const last = client.frames.at(-1)?.frame;
  expect(last && validate('stream-server-frame', last).ok).toBe(true);
  expect(last).toMatchObject({ error: { code, close_code: StreamErrorClose[code] } });
  expect(closed.code).toBe(StreamErrorClose[code]);
  const message = last && 'error' in last ? last.error.message : '';
  expect(message.startsWith(closed.reason)).toBe(true);
  return message;
}

describe('live STT authentication', () => {
  it('closes with 1008 "Missing authorization" when api_key is absent, after the handshake', async () => {
    const client = await LiveSttClient.connect(server.url, { format: 'json' });
    expect(await client.closed).toEqual({ code: StreamClose.policyViolation, reason: ErrorText.missingAuth });
    expect(client.frames).toEqual([]);
  });

  it('closes with 1008 "Invalid API key" for an unknown key, in either format', async () => {
    for (const format of ['json', '']) {
      const client = await LiveSttClient.connect(server.url, { format, api_key: 'not-a-key' });
      expect(await client.closed).toEqual({
        code: StreamClose.policyViolation,
        reason: ErrorText.invalidKey,
      });
    }
  });

  it('closes with 1011 and no detail when the key lookup itself fails', async () => {
    const broken = await startLiveTestServer(engines, {
      authenticate: () => Promise.reject(new Error('database is down')),
    });
    const client = await connect({}, broken.url);
    expect(await client.closed).toEqual({ code: 1011, reason: 'Internal error' });
    await broken.close();
  });
});

describe('live STT config frame', () => {
  it('refuses a first frame that is not JSON', async () => {
    const client = await connect();
    client.sendConfig('encoding=pcm16');
    expect(await expectError(client, 'BAD_REQUEST')).toContain(ErrorText.invalidJson);
  });

  it('refuses a config that breaks the stream-config schema, naming the field', async () => {
    const client = await connect();
    client.sendConfig({ encoding: 'mp3', volume: 11 });
    const message = await expectError(client, 'VALIDATION_ERROR');
    expect(message).toContain('encoding');
    expect(message).toContain('volume');
  });

  it('refuses audio before the config', async () => {
    const client = await connect();
    client.sendAudio(new Uint8Array(640));
    expect(await expectError(client, 'BAD_REQUEST')).toMatch(/before the config/);
  });

  it('refuses a second config frame', async () => {
    const client = await connect();
    client.sendConfig({});
    await client.waitFor((f) => 'connected' in f);
    client.sendConfig({});
    await expectError(client, 'BAD_REQUEST');
  });

  it('ends with NOT_FOUND when the config names a meeting the sink does not know', async () => {
    const client = await connect();
    client.sendConfig({ meeting_id: 'missing_mtg' });
    expect(await expectError(client, 'NOT_FOUND')).toBe('Meeting not found');
  });

  it('refuses bad query values before any config', async () => {
    const flag = await connect({ enable_diarization: 'maybe' });
    expect(await expectError(flag, 'VALIDATION_ERROR')).toContain('enable_diarization');
    // An unknown format cannot pick an encoding, so its refusal is a JSON text frame.
    const format = await LiveSttClient.connect(server.url, { format: 'xml', api_key: TEST_KEY });
    expect((await format.closed).code).toBe(StreamErrorClose.VALIDATION_ERROR);
    expect(
      format.undecodable.map((u) => (u.isBinary ? 'binary' : JSON.parse(Buffer.from(u.payload).toString()))),
    ).toMatchObject([{ error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('format') } }]);
  });
});

describe('live STT limits', () => {
  it('refuses an audio frame over the maximum with close 1009', async () => {
    const client = await connect();
    client.sendConfig({});
    await client.waitFor((f) => 'connected' in f);
    client.sendAudio(new Uint8Array(640));
    client.sendAudio(new Uint8Array(LIMITS.maxFrameBytes + 1));
    expect(await expectError(client, 'PAYLOAD_TOO_LARGE')).toContain(String(LIMITS.maxFrameBytes));
  });

  it('ends an idle session with IDLE_TIMEOUT and close 4408, with or without a config', async () => {
    const waiting = await connect();
    await expectError(waiting, 'IDLE_TIMEOUT');
    const streaming = await connect();
    streaming.sendConfig({});
    await streaming.waitFor((f) => 'connected' in f);
    streaming.sendAudio(new Uint8Array(640));
    expect(await expectError(streaming, 'IDLE_TIMEOUT')).toMatch(/No frame received/);
  });

  it('keeps a session open while frames keep coming', async () => {
    const client = await connect();
    client.sendConfig({});
    await client.waitFor((f) => 'connected' in f);
    await client.stream(new Uint8Array(640 * 40), { speed: 1 });
    client.end();
    expect((await client.closed).code).toBe(StreamClose.normal);
    expect(client.frames.at(-1)?.frame).toEqual({ finished: true });
  });
});

describe('live STT engines', () => {
  it('ends with ENGINE_UNAVAILABLE (4503) when the recognizer cannot run, in protobuf too', async () => {
    const missing = await PocketsphinxSttEngine.create({ modelDir: '/nonexistent/model' });
    const down = await startLiveTestServer({ ...engines, stt: missing });
    const client = await LiveSttClient.connect(down.url, { api_key: TEST_KEY });
    client.sendConfig({});
    expect(await expectError(client, 'ENGINE_UNAVAILABLE')).toMatch(/stt engine unavailable/);
    await down.close();
  });

  it('ends with ENGINE_UNAVAILABLE when no hinted language can be recognized, and accepts one that can', async () => {
    const german = await connect({ language_hints: 'de' });
    german.sendConfig({});
    expect(await expectError(german, 'ENGINE_UNAVAILABLE')).toContain("'de'");
    const mixed = await connect({ language_hints: 'de' });
    mixed.sendConfig({ language_hints: 'fr,en-US' });
    await mixed.waitFor((f) => 'connected' in f);
    mixed.end();
    expect((await mixed.closed).code).toBe(StreamClose.normal);
  });

  it('ends with ENGINE_UNAVAILABLE for reduce_noise=true when no denoiser is configured', async () => {
    const noDenoise = await startLiveTestServer({ ...engines, denoise: undefined });
    const client = await connect({ reduce_noise: 'true' }, noDenoise.url);
    client.sendConfig({});
    expect(await expectError(client, 'ENGINE_UNAVAILABLE')).toMatch(/denoise/);
    await noDenoise.close();
  });
});

describe('live STT capacity', () => {
  it('refuses a session beyond maxSessions with ENGINE_UNAVAILABLE (4503), and takes one again when a slot frees', async () => {
    const small = await startLiveTestServer(engines, { limits: { maxSessions: 1 } });
    const first = await connect({}, small.url);
    first.sendConfig({});
    await first.waitFor((f) => 'connected' in f);
    const second = await connect({}, small.url);
    expect(await expectError(second, 'ENGINE_UNAVAILABLE')).toMatch(/capacity/);
    first.end();
    expect((await first.closed).code).toBe(StreamClose.normal);
    await vi.waitFor(() => expect(small.live.sessions()).toBe(0));
    const third = await connect({}, small.url);
    third.sendConfig({});
    await third.waitFor((f) => 'connected' in f);
    third.close();
    await small.close();
  });
});

describe('live STT share per account and session length', () => {
  it("refuses an account beyond its share (4503) while another account's session is admitted", async () => {
    const other = { ...TEST_CALLER, userId: 'usr_other', accountId: 'acc_other' };
    const shared = await startLiveTestServer(engines, {
      authenticate: async (key) => (key === TEST_KEY ? TEST_CALLER : key === 'other-key' ? other : null),
      limits: { maxSessions: 6, maxSessionsPerAccount: 2 },
    });
    const held = [await connect({}, shared.url), await connect({}, shared.url)];
    for (const client of held) {
      client.sendConfig({});
      await client.waitFor((f) => 'connected' in f);
    }
    const third = await connect({}, shared.url);
    expect(await expectError(third, 'ENGINE_UNAVAILABLE')).toMatch(/share/);
    const stranger = await connect({ api_key: 'other-key' }, shared.url);
    stranger.sendConfig({});
    await stranger.waitFor((f) => 'connected' in f);
    for (const client of [...held, stranger]) client.close();
    await shared.close();
  });

  it('finalizes a session that reaches its maximum length, however busy it keeps', async () => {
    const short = await startLiveTestServer(engines, { limits: { maxSessionMs: 1_500 } });
    const client = await connect({}, short.url);
    client.sendConfig({});
    await client.waitFor((f) => 'connected' in f);
    // Keep sending silence: the idle timeout never fires, the session length does.
    const keepAlive = setInterval(() => client.sendAudio(new Uint8Array(640)), 100);
    const closed = await client.closed;
    clearInterval(keepAlive);
    expect(closed.code).toBe(StreamClose.normal);
    expect(client.frames.some((f) => 'finished' in f.frame)).toBe(true);
    await short.close();
  });
});
