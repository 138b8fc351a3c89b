import { join } from 'node:path';
import { ErrorText } from '@parley/schemas/constants';
import { protoDir } from '@parley/schemas/paths';
import { loadProtoRoot, PROTO_CONTENT_TYPE, PROTO_FILES } from '@parley/schemas/proto';
import { parseBuffer } from 'music-metadata';
import speechErrors from '../../cases/speech-errors.json' with { type: 'json' };
import { expect, fail, skip } from '../check.js';
import type { CheckContext } from '../context.js';
import { expectErrorBody, expectSchema, expectStatus } from '../schema-check.js';
import { wordErrorRate } from '../wer.js';
import { define } from './define.js';

// Speech: file STT of a fixture with known text, the error table row by row, TTS protobuf both ways
// with its OGG/Opus file parsed by music-metadata, signed URL tampering, denoise's M4A/AAC, translate.

const STT_LANGUAGES =
  'en zh hi es ar fr pt ru id de ja vi it ko th af sq az eu be bn bs bg ca hr cs da nl et fi gl el gu he hu kn kk lv lt mk ms ml mr no fa pl pa ro sr sk sl sw sv tl ta te tr uk ur cy'.split(
    ' ',
  );
const FIXTURE = {
  path: 'en/rms-01.wav',
  text: 'Good morning everyone, let us start the meeting.',
  seconds: 3.5,
};
const TTS_TEXT = 'The quarterly review starts at nine tomorrow morning.';

const q = (ctx: CheckContext) => `api_key=${encodeURIComponent(ctx.target.apiKey)}`;

function proto(ctx: CheckContext) {
  const root = loadProtoRoot(ctx.target.protoFiles ?? PROTO_FILES.map((f) => join(protoDir, f)));
  return {
    request: root.lookupType('parley.v1.SessionTTSRequest'),
    response: root.lookupType('parley.v1.SessionTTSResponse'),
  };
}

/** One TTS call per run, shared by the OGG and signed-URL checks. */
function tts(ctx: CheckContext): Promise<{ audioUrl: string }> {
  return ctx.shared('tts', async () => {
    const { request, response } = proto(ctx);
    const body = request
      .encode(request.fromObject({ session_id: ctx.target.runId, message_id: 'tts-1', text: TTS_TEXT }))
      .finish();
    const reply = await ctx.http.send(`/v1/tts?${q(ctx)}`, {
      method: 'POST',
      headers: { 'content-type': PROTO_CONTENT_TYPE },
      body,
    });
    if (reply.status !== 200) throw new Error(`tts answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    const decoded = response.toObject(response.decode(reply.bytes)) as { audio_url?: string; error?: string };
    if (!decoded.audio_url) throw new Error(`tts answered no audio_url (error: ${decoded.error ?? 'none'})`);
    return { audioUrl: decoded.audio_url };
  });
}

function audioSource(ctx: CheckContext, path: string): string {
  const url = ctx.audioUrl(path);
  if (!url) skip('needs --audio-base-url (where fixtures/audio is served for the deployment to fetch)');
  return url as string;
}

export const speechChecks = [
  define({
    id: 'speech.01.stt-fixture',
    title: 'File STT of a known fixture: schema, ordered utterances, speakers "0".., a spec language',
    area: 'speech',
    clause: 'File speech-to-text result; Supported language codes',
    level: 'MUST',
    // Decoding a file takes seconds of CPU: kept out of the smoke profile's 10 s.
    full: true,
    async run(ctx) {
      const reply = await ctx.http.send(`/v1/stt?${q(ctx)}`, {
        body: { audio_url: audioSource(ctx, FIXTURE.path) },
      });
      expectStatus(reply, 200, 'stt');
      expectSchema('stt.response', reply, 'stt');
      const body = reply.body as {
        text: string;
        detected_language: string;
        utterances: { speaker: string; start_ms: number; end_ms: number }[];
      };
      expect(
        STT_LANGUAGES.includes(body.detected_language),
        `detected_language "${body.detected_language}" is not in the spec's list`,
      );
      let previous = -1;
      for (const [i, u] of body.utterances.entries()) {
        expect(
          u.start_ms < u.end_ms,
          `utterance ${i}: start_ms ${u.start_ms} is not before end_ms ${u.end_ms}`,
        );
        expect(u.start_ms >= previous, `utterance ${i} starts before utterance ${i - 1}`);
        expect(
          /^(0|[1-9]\d*)$/.test(u.speaker),
          `utterance ${i}: speaker "${u.speaker}" is not "0", "1", ...`,
        );
        previous = u.start_ms;
      }
      const wer = wordErrorRate(FIXTURE.text, body.text);
      ctx.metrics.wer = Number(wer.toFixed(3));
      return `WER ${wer.toFixed(2)} against "${FIXTURE.text}"`;
    },
  }),
  define({
    id: 'speech.02.error-table',
    title: 'The speech error table row by row (cases/speech-errors.json)',
    area: 'speech',
    clause: 'Errors: speech-to-text and text-to-speech errors table',
    level: 'MUST',
    async run(ctx) {
      for (const row of speechErrors.rows) {
        const key =
          row.key === 'valid'
            ? ctx.target.apiKey
            : row.key === 'invalid'
              ? `invalid-${ctx.target.runId}`
              : undefined;
        const query = key ? `?api_key=${encodeURIComponent(key)}` : '';
        const { request } = proto(ctx);
        const tts = 'tts' in row ? row.tts : undefined;
        const reply = await ctx.http.send(`${row.path}${query}`, {
          method: 'POST',
          headers: { 'content-type': row.contentType },
          body: tts ? request.encode(request.fromObject(tts)).finish() : (row.body ?? ''),
        });
        expect(reply.status === row.status, `${row.name}: ${reply.status}, expected ${row.status}`);
        expectErrorBody(reply, row.name, undefined, ErrorText[row.text as keyof typeof ErrorText]);
      }
      return `${speechErrors.rows.length} rows`;
    },
  }),
  define({
    id: 'speech.03.tts-ogg-opus',
    title: 'TTS (protobuf in and out) gives a URL serving mono OGG/Opus of a plausible duration',
    area: 'speech',
    clause: 'Text-to-speech: audio_url, OGG/Opus single channel',
    level: 'MUST',
    async run(ctx) {
      const { audioUrl } = await tts(ctx);
      const file = await ctx.http.send(audioUrl);
      expectStatus(file, 200, 'GET audio_url');
      const meta = await parseBuffer(file.bytes, {
        mimeType: file.headers.get('content-type') ?? undefined,
      }).catch((e: Error) => fail(`the TTS file does not parse: ${e.message}`));
      expect(meta.format.container === 'Ogg', `container is ${meta.format.container}, expected Ogg`);
      expect(/opus/i.test(meta.format.codec ?? ''), `codec is ${meta.format.codec}, expected Opus`);
      expect(meta.format.numberOfChannels === 1, `${meta.format.numberOfChannels} channels, expected 1`);
      const seconds = meta.format.duration ?? 0;
      ctx.metrics.duration_s = Number(seconds.toFixed(2));
      // ~8 words: between 1 and 15 seconds of speech at any sane rate.
      expect(seconds >= 1 && seconds <= 15, `duration ${seconds.toFixed(2)} s for "${TTS_TEXT}"`);
    },
  }),
  define({
    id: 'speech.04.signed-url-tamper',
    title: 'Signed file URLs refuse a tampered signature or expiry',
    area: 'speech',
    clause: 'Text-to-speech/Denoise: signed download URL',
    level: 'MUST',
    async run(ctx) {
      const { audioUrl } = await tts(ctx);
      const url = new URL(audioUrl);
      expectStatus(await ctx.http.send(url.toString()), 200, 'the URL as given');
      const signature = url.searchParams.get('signature') ?? '';
      const expires = url.searchParams.get('expires');
      const tampered = new URL(url);
      const lastChar = signature.slice(-1);
      tampered.searchParams.set('signature', `${signature.slice(0, -1)}${lastChar === 'A' ? 'B' : 'A'}`);
      const bad = await ctx.http.send(tampered.toString());
      expect(bad.status >= 400 && bad.status < 500, `tampered signature: ${bad.status}, expected a 4xx`);
      if (expires) {
        const later = new URL(url);
        later.searchParams.set('expires', String(Number(expires) + 3600));
        const reply = await ctx.http.send(later.toString());
        expect(reply.status >= 400 && reply.status < 500, `extended expiry: ${reply.status}, expected a 4xx`);
      }
    },
  }),
  define({
    id: 'speech.05.denoise-m4a',
    title: 'Denoise gives a URL serving M4A/AAC that decodes',
    area: 'speech',
    clause: 'Audio: denoise response, denoised_audio_url of an M4A (AAC) file',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const reply = await ctx.call('denoise', { audio_url: audioSource(ctx, 'noisy/snr-10db.wav') });
      if (reply.status === 400) {
        fail(`denoise: 400 ${reply.text.slice(0, 200)}`);
      }
      expectStatus(reply, 200, 'denoise');
      expectSchema('denoise.response', reply, 'denoise');
      const file = await ctx.http.send((reply.body as { denoised_audio_url: string }).denoised_audio_url);
      expectStatus(file, 200, 'GET denoised_audio_url');
      const meta = await parseBuffer(file.bytes, { mimeType: 'audio/mp4' }).catch((e: Error) =>
        fail(`does not parse: ${e.message}`),
      );
      expect(
        /mp4|m4a|isom/i.test(meta.format.container ?? ''),
        `container is ${meta.format.container}, expected MPEG-4`,
      );
      expect(/aac/i.test(meta.format.codec ?? ''), `codec is ${meta.format.codec}, expected AAC`);
      expect((meta.format.duration ?? 0) > 0.5, `duration ${meta.format.duration}`);
    },
  }),
  define({
    id: 'speech.06.translate-text',
    title: 'translate-text answers one translation per target',
    area: 'speech',
    clause: 'Text translation',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const reply = await ctx.call('translate-text', {
        text: 'Good morning',
        // Two targets so "one translation per target" means something; French and Spanish are the
        // pairs every engine we know of carries (the reference server's Apertium has no German).
        target_languages: ['fr', 'es'],
      });
      if (reply.status === 503) skip('the deployment has no translation engine (503)');
      expectStatus(reply, 200, 'translate-text');
      expectSchema('translate-text.response', reply, 'translate-text');
    },
  }),
];
