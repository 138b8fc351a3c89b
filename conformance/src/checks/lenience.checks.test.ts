import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Status } from '../check.js';
import { newRunState, type Target } from '../context.js';
import type { SessionRecording } from '../live-session.js';
import { runChecks } from '../runner.js';
import { type Recorded, replayingFetch } from '../testing/recorded-fetch.js';
import { CHECKS } from './index.js';

// The lenience checks' verdicts on answers written here: what a deployment must accept fails when
// refused, a value past a limit the spec does not rule on passes refused or served (served is noted
// as unlike Parley's choice) and fails on a 5xx. The self-test proves them on the reference server.

const target: Target = {
  baseUrl: 'http://lenient.invalid',
  wsUrl: 'ws://lenient.invalid',
  apiKey: 'KEY',
  audioBaseUrl: 'http://audio.invalid',
  timeoutMs: 5_000,
  seed: 1,
  runId: 'pc-lenient',
  profile: 'full',
};

const answer = (path: string, status: number, body: unknown): Recorded => ({
  method: 'POST',
  path,
  status,
  contentType: 'application/json',
  body: Buffer.from(JSON.stringify(body)).toString('base64'),
});

const invalid = { detail: [{ loc: ['body', 'x'], msg: 'out of range', type: 'less_than_equal' }] };
const denoised = { denoised_audio_url: 'http://files.invalid/dn.m4a?sig=1' };
const transcript = (language: string, text: string) => ({
  text,
  detected_language: language,
  confidence: 0.9,
  utterances: [{ speaker: '0', text, start_ms: 100, end_ms: 2000, confidence: 0.9, language }],
});

async function judge(id: string, answers: Recorded[], more: Partial<Target> = {}) {
  const check = CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  vi.stubGlobal('fetch', replayingFetch(answers));
  const [result] = await runChecks({ ...target, ...more }, [check]);
  return { status: result?.status as Status, message: result?.message ?? '', needs: result?.needs };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('speech.10.denoise-atten-range', () => {
  const run = (zero: number, hundred: number, minus: [number, unknown], over: [number, unknown]) =>
    judge('speech.10.denoise-atten-range', [
      answer('/v1/denoise', zero, zero === 200 ? denoised : invalid),
      answer('/v1/denoise', hundred, hundred === 200 ? denoised : invalid),
      answer('/v1/denoise', ...minus),
      answer('/v1/denoise', ...over),
    ]);
  it('passes with both ends served and both past them refused', async () => {
    expect((await run(200, 200, [422, invalid], [422, invalid])).status).toBe('PASS');
  });
  it('only notes values past the range that are clamped and served', async () => {
    expect((await run(200, 200, [200, denoised], [200, denoised])).status).toBe('NON_STRICT');
  });
  it('fails when an end of the range is refused', async () => {
    expect((await run(200, 422, [422, invalid], [422, invalid])).status).toBe('FAIL');
  });
  it('fails on a 5xx past the range', async () => {
    const result = await run(200, 200, [500, { error: 'boom' }], [422, invalid]);
    expect(result.status).toBe('FAIL');
    expect(result.message).toContain('not 500');
  });
});

describe('speech.11.translate-targets', () => {
  const served = {
    success: true,
    translations: Array.from({ length: 10 }, (_, i) => ({ language: `l${i}`, text: 'Bonjour' })),
  };
  const run = (ten: number, eleven: number) =>
    judge('speech.11.translate-targets', [
      answer('/v1/translate-text', ten, ten === 200 ? served : invalid),
      answer('/v1/translate-text', eleven, eleven === 200 ? served : invalid),
    ]);
  it('passes when 10 are served and 11 refused', async () => {
    expect((await run(200, 422)).status).toBe('PASS');
  });
  it('only notes 11 targets served', async () => {
    expect((await run(200, 200)).status).toBe('NON_STRICT');
  });
  it('fails when 10 are refused', async () => {
    expect((await run(422, 422)).status).toBe('FAIL');
  });
  it('fails on a 5xx for 11', async () => {
    expect((await run(200, 502)).status).toBe('FAIL');
  });
});

describe('speech.07.stt-language-hints', () => {
  const base = transcript('en', 'can you hear me clearly now');
  const run = (four: [number, unknown], legacy = 200) =>
    judge('speech.07.stt-language-hints', [
      answer('/v1/stt', 200, base),
      answer('/v1/stt', ...four),
      answer('/v1/stt', legacy, legacy === 200 ? base : invalid),
    ]);
  it('passes when the fourth hint changes nothing', async () => {
    expect((await run([200, base])).status).toBe('PASS');
  });
  it('fails when a fourth hint is refused', async () => {
    expect((await run([422, invalid])).status).toBe('FAIL');
  });
  it('fails when the answer shows the dropped hint was used', async () => {
    const result = await run([200, transcript('es', 'puedes oirme claramente ahora')]);
    expect(result.status).toBe('FAIL');
    expect(result.message).toContain('as if the fourth hint were absent');
  });
  it('fails when the legacy single hint is refused', async () => {
    expect((await run([200, base], 422)).status).toBe('FAIL');
  });
});

describe('speech.09.stt-protobuf-body', () => {
  it('is skipped without --proto, naming the flag', async () => {
    const result = await judge('speech.09.stt-protobuf-body', []);
    expect(result.status).toBe('SKIPPED');
    expect(result.needs).toEqual(['--proto']);
  });
});

describe('stream.20.hints-keywords-defaults', () => {
  /** A session as the spec runs it: connected, an interim and a final of the sentence, finished, closed. */
  const session = (sessionId: string, speaker?: string): SessionRecording => {
    const chunk = (text: string, isFinal: boolean) => ({
      chunk: { id: 'u1', session_id: sessionId, text, is_final: isFinal, ...(speaker ? { speaker } : {}) },
    });
    return {
      format: 'json',
      sessionId: '',
      frames: [
        { atMs: 10, data: { connected: true } },
        { atMs: 900, data: chunk('can you', false) },
        { atMs: 2600, data: chunk('can you hear me clearly now', true) },
        { atMs: 2700, data: { finished: true } },
      ],
      problems: [],
      closeCode: 1000,
      closeReason: '',
      exchange: { method: 'WS', url: 'ws://lenient.invalid/v1/stt/stream', repro: '' },
    };
  };
  async function judgeSessions(sessions: SessionRecording[]) {
    const state = newRunState();
    state.memo.set('lenience-sessions', Promise.resolve(sessions));
    const check = CHECKS.find((c) => c.id === 'stream.20.hints-keywords-defaults');
    if (!check) throw new Error('no check stream.20');
    const [result] = await runChecks(target, [check], undefined, state);
    return { status: result?.status, message: result?.message ?? '' };
  }
  it('passes with a generated id, the sentence, and no speaker with diarization off', async () => {
    expect((await judgeSessions([session('sess_1'), session('sess_2')])).status).toBe('PASS');
  });
  it('fails when the chunks carry no generated session_id', async () => {
    const result = await judgeSessions([session(''), session('sess_2')]);
    expect(result.status).toBe('FAIL');
  });
  it('fails when a chunk carries a speaker with diarization off by the query or by the config', async () => {
    for (const sessions of [
      [session('sess_1', '0'), session('sess_2')],
      [session('sess_1'), session('sess_2', '0')],
    ]) {
      const result = await judgeSessions(sessions);
      expect(result.status).toBe('FAIL');
      expect(result.message).toContain('with diarization off');
    }
  });
  it('fails when the deployment refuses the session', async () => {
    const refused = session('sess_1');
    refused.frames = [{ atMs: 10, data: { error: { code: 'VALIDATION_ERROR', message: 'too many hints' } } }];
    refused.closeCode = 4400;
    const result = await judgeSessions([refused, session('sess_2')]);
    expect(result.status).toBe('FAIL');
  });
});
