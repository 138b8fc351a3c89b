import { ErrorText } from '@parley/schemas/constants';
import { parseBuffer } from 'music-metadata';
import speechErrors from '../../../cases/speech-errors.json' with { type: 'json' };
import { expectAnswer } from '../../answer.js';
import { choice, couldNotJudge, expect, fail, skip, verify } from '../../check.js';
import { at } from '../../json-path.js';
import { choiceSchema, expectErrorText, expectStatus, verifyStatus } from '../../schema-check.js';
import { wordErrorRate } from '../../wer.js';
import { define } from '../define.js';
import { audioSource, decodeTts, proto, q, TTS_TEXT, tts } from './speech-inputs.js';

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
/** How far the last utterance's end_ms may be from the fixture's duration (silence trimmed, padding). */
const END_TOLERANCE_MS = 1_500;

export const speechChecks = [
  define({
    id: 'speech.01.stt-fixture',
    title: 'File STT of a known fixture: schema, ordered utterances, speakers "0".., a spec language',
    area: 'speech',
    clause: 'File speech-to-text result; Supported language codes',
    spec: 'File speech-to-text result: utterances[].speaker "0", "1", "2", ...; utterances[].start_ms, utterances[].end_ms integer milliseconds; detected_language: Speech-to-text (60 codes)',
    level: 'MUST',
    // Decoding a file takes seconds of CPU: kept out of the smoke profile's 10 s.
    full: true,
    async run(ctx) {
      const reply = await ctx.http.send(`/v1/stt?${q(ctx)}`, {
        body: { audio_url: audioSource(ctx, FIXTURE.path) },
      });
      expectStatus(reply, 200, 'stt');
      const body = expectAnswer(reply, 'stt');
      verify(
        STT_LANGUAGES.includes(body.detected_language),
        'VALUE',
        `detected_language "${body.detected_language}" is not in the spec's list`,
        at('stt', '$.detected_language', 'a code of the spec', body.detected_language),
      );
      const utterances = body.utterances;
      let previous = -1;
      for (const [i, u] of utterances.entries()) {
        verify(
          u.start_ms < u.end_ms,
          'VALUE',
          `utterance ${i}: start_ms ${u.start_ms} is not before end_ms ${u.end_ms}`,
          at('stt', `$.utterances[${i}].end_ms`, `more than ${u.start_ms}`, u.end_ms),
        );
        verify(
          u.start_ms >= previous,
          'ORDER',
          `utterance ${i} starts before utterance ${i - 1}`,
          at('stt', `$.utterances[${i}].start_ms`, `at least ${previous}`, u.start_ms),
        );
        verify(
          /^(0|[1-9]\d*)$/.test(u.speaker),
          'VALUE',
          `utterance ${i}: speaker "${u.speaker}" is not "0", "1", ...`,
          at('stt', `$.utterances[${i}].speaker`, '"0", "1", ...', u.speaker),
        );
        previous = u.start_ms;
      }
      // Milliseconds, not seconds: the last utterance ends near the end of the fixture's audio.
      const lastEnd = utterances.at(-1)?.end_ms;
      if (lastEnd === undefined)
        return fail(
          'MISSING_ITEM',
          'no utterance for a fixture that holds speech',
          at('stt', '$.utterances'),
        );
      verify(
        Math.abs(lastEnd - FIXTURE.seconds * 1000) <= END_TOLERANCE_MS,
        'ACCURACY',
        `last utterance ends at end_ms ${lastEnd}; the audio lasts ${FIXTURE.seconds * 1000} ms (±${END_TOLERANCE_MS})`,
        at('stt', '$.utterances[-1].end_ms', `${FIXTURE.seconds * 1000} ± ${END_TOLERANCE_MS}`, lastEnd),
      );
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
    spec: 'Speech-to-text and text-to-speech errors: | Status | Error text | Condition |',
    choices: 'the generic error body {success:false, error, code} on these routes',
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
        if (!verifyStatus(reply, row.status, row.name)) continue;
        const text = ErrorText[row.text as keyof typeof ErrorText];
        // TTS may say it in its own response's `error` field (Errors: "also through the response field error").
        const type = reply.headers.get('content-type') ?? '';
        if (tts && type.includes('protobuf')) {
          const said = decodeTts(ctx, reply.bytes, row.name).error;
          verify(
            said === text,
            'VALUE',
            `${row.name}: error is ${JSON.stringify(said)}, expected "${text}"`,
            at(row.name, '$.error', text, said),
          );
        } else expectErrorText(reply, row.name, text);
      }
      return `${speechErrors.rows.length} rows`;
    },
  }),
  define({
    id: 'speech.03.tts-ogg-opus',
    title: 'TTS (protobuf in and out) gives a URL serving mono OGG/Opus of a plausible duration',
    area: 'speech',
    clause: 'Text-to-speech: audio_url, OGG/Opus single channel',
    spec: 'Request and response are protobuf (`application/x-protobuf`), messages named SessionTTSRequest and SessionTTSResponse. audio_url: signed download URL, OGG/Opus single channel; error: set on failure, then audio_url is empty',
    level: 'MUST',
    async run(ctx) {
      const { audioUrl, error } = await tts(ctx);
      // "set on failure, then audio_url is empty": an answer with audio is no failure.
      verify(
        error === '',
        'VALUE',
        `tts answered an audio_url with error "${error}" (error is set on failure only)`,
        at('tts', '$.error', 'empty', error),
      );
      const file = await ctx.http.send(audioUrl);
      expectStatus(file, 200, 'GET audio_url');
      const meta = await parseBuffer(file.bytes, {
        mimeType: file.headers.get('content-type') ?? undefined,
      }).catch((e: Error) =>
        fail('DECODE', `the TTS file does not parse: ${e.message}`, at('GET audio_url', '$', 'OGG/Opus')),
      );
      const media = 'GET audio_url';
      verify(
        meta.format.container === 'Ogg',
        'MEDIA',
        `container is ${meta.format.container}, expected Ogg`,
        at(media, 'container', 'Ogg', meta.format.container),
      );
      verify(
        /opus/i.test(meta.format.codec ?? ''),
        'MEDIA',
        `codec is ${meta.format.codec}, expected Opus`,
        at(media, 'codec', 'Opus', meta.format.codec),
      );
      verify(
        meta.format.numberOfChannels === 1,
        'MEDIA',
        `${meta.format.numberOfChannels} channels, expected 1`,
        at(media, 'channels', 1, meta.format.numberOfChannels),
      );
      const seconds = meta.format.duration ?? 0;
      ctx.metrics.duration_s = Number(seconds.toFixed(2));
      // ~8 words: between 1 and 15 seconds of speech at any sane rate.
      verify(
        seconds >= 1 && seconds <= 15,
        'MEDIA',
        `duration ${seconds.toFixed(2)} s for "${TTS_TEXT}"`,
        at(media, 'duration', '1-15 s', seconds),
      );
    },
  }),
  define({
    id: 'speech.04.signed-url-tamper',
    title: 'Signed file URLs refuse a tampered signature or expiry',
    area: 'speech',
    clause: 'Text-to-speech/Denoise: signed download URL',
    spec: 'audio_url: signed download URL [...] valid several days',
    level: 'MUST',
    async run(ctx) {
      const { audioUrl } = await tts(ctx);
      const url = new URL(audioUrl);
      expectStatus(await ctx.http.send(url.toString()), 200, 'the URL as given');
      // The spec names no parameter: the signature is the parameter that looks like one (or the
      // longest value), the expiry the one named like an expiry; without a query, the last path part.
      const names = [...url.searchParams.keys()];
      const signatureName =
        names.find((n) => /sig|signature|token|hmac|hash/i.test(n)) ??
        [...names].sort(
          (a, b) => (url.searchParams.get(b)?.length ?? 0) - (url.searchParams.get(a)?.length ?? 0),
        )[0];
      const flip = (value: string) => `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
      const tampered = new URL(url);
      if (signatureName)
        tampered.searchParams.set(signatureName, flip(url.searchParams.get(signatureName) ?? ''));
      else if (url.pathname.length > 1) tampered.pathname = flip(url.pathname);
      else couldNotJudge(`the file URL ${audioUrl} has nothing that could be its signature`);
      const bad = await ctx.http.send(tampered.toString());
      verify(
        bad.status >= 400 && bad.status < 500,
        'SECURITY',
        `tampered ${signatureName ?? 'path'}: ${bad.status}, expected a 4xx`,
        at('tampered signature', 'status', '4xx', bad.status),
      );
      const expiresName = names.find((n) => /expir|^exp$|deadline|valid/i.test(n));
      const expires = expiresName ? url.searchParams.get(expiresName) : null;
      if (expiresName && expires && /^\d+$/.test(expires)) {
        const later = new URL(url);
        later.searchParams.set(expiresName, String(Number(expires) + 3600));
        const reply = await ctx.http.send(later.toString());
        verify(
          reply.status >= 400 && reply.status < 500,
          'SECURITY',
          `extended ${expiresName}: ${reply.status}, expected a 4xx`,
          at('extended expiry', 'status', '4xx', reply.status),
        );
      }
    },
  }),
  define({
    id: 'speech.05.denoise-m4a',
    title: 'Denoise gives a URL serving M4A/AAC that decodes',
    area: 'speech',
    clause: 'Audio: denoise response, denoised_audio_url of an M4A (AAC) file',
    spec: 'denoised_audio_url string (signed URL of an M4A/AAC file, valid about 1 hour)',
    choices:
      'the extended fields applied_atten_db and frame_lsnr_db (the basic version returns only denoised_audio_url)',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const reply = await ctx.call('denoise', { audio_url: audioSource(ctx, 'noisy/snr-10db.wav') });
      expectStatus(reply, 200, 'denoise');
      const file = await ctx.http.send(expectAnswer(reply, 'denoise').denoised_audio_url);
      expectStatus(file, 200, 'GET denoised_audio_url');
      const media = 'GET denoised_audio_url';
      const meta = await parseBuffer(file.bytes, { mimeType: 'audio/mp4' }).catch((e: Error) =>
        fail('DECODE', `does not parse: ${e.message}`, at(media, '$', 'M4A/AAC')),
      );
      verify(
        /mp4|m4a|isom/i.test(meta.format.container ?? ''),
        'MEDIA',
        `container is ${meta.format.container}, expected MPEG-4`,
        at(media, 'container', 'MPEG-4', meta.format.container),
      );
      verify(
        /aac/i.test(meta.format.codec ?? ''),
        'MEDIA',
        `codec is ${meta.format.codec}, expected AAC`,
        at(media, 'codec', 'AAC', meta.format.codec),
      );
      verify(
        (meta.format.duration ?? 0) > 0.5,
        'MEDIA',
        `duration ${meta.format.duration}`,
        at(media, 'duration', 'more than 0.5 s', meta.format.duration),
      );
    },
  }),
  define({
    id: 'speech.06.translate-text',
    title: 'translate-text answers one translation per target',
    area: 'speech',
    clause: 'Text translation',
    spec: '`POST {base_url}/v1/translate-text`. Translates plain text [...] A 200 is the success status.',
    choices:
      'the answer\'s body: JSON {success, source_language, translations[]} (the spec: "Response body of translate-text: not shown")',
    level: 'MUST',
    full: true,
    async run(ctx) {
      // Its authentication scheme is not shown: the key goes both as the header and as api_key.
      const reply = await ctx.http.send(`/v1/translate-text?${q(ctx)}`, {
        headers: { 'X-API-Key': ctx.target.apiKey },
        body: {
          text: 'Good morning',
          // Two targets so "one translation per target" means something; French and Spanish are the
          // pairs every engine we know of carries (the reference server's Apertium has no German).
          target_languages: ['fr', 'es'],
        },
      });
      if (reply.status === 503) skip('the deployment has no translation engine (503)');
      expectStatus(reply, 200, 'translate-text');
      // "Response body of translate-text: not shown": Parley's shape is a choice, never a failure.
      expect(
        reply.bytes.length > 0,
        'DECODE',
        'translate-text: an empty answer',
        at('translate-text', '$', 'a body'),
      );
      choice(
        /\bjson\b/i.test(reply.headers.get('content-type') ?? ''),
        'CONTENT_TYPE',
        'translate-text: the answer is not JSON',
        at('translate-text', 'header content-type', 'application/json', reply.headers.get('content-type')),
      );
      choiceSchema('translate-text.response', reply, 'translate-text');
    },
  }),
];
