import { loadProtoRoot, PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import type protobuf from 'protobufjs';
import { expectAnswer } from '../../answer.js';
import { type Attempt, attempt } from '../../call.js';
import { choice, expect, skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';
import { findType } from '../../proto-layout.js';
import { expectStatus } from '../../schema-check.js';
import { wordErrorRate } from '../../wer.js';
import { define } from '../define.js';
import { audioSource, q } from './speech-inputs.js';

// The rules of lenience of file speech-to-text: what a deployment must still accept (a fourth
// language hint, the comma-separated and legacy forms, keywords past 2,000 characters, a protobuf
// body) and, where it shows, answer as if the extras were absent. Each call decodes a short
// fixture (about half a second of CPU on the reference server): full profile only.

/** The shortest fixture (2.3 s) with its known text: a lenience call needs an answer, not a long one. */
export const SHORT_FIXTURE = { path: 'en/rms-02.wav', text: 'Can you hear me clearly now?' };
/** Three hints the spec's language list holds, the fixture's own first. */
const HINTS = ['en', 'de', 'fr'];
/**
 * Two transcripts of one file under the same kept hints may still differ a little where the engine
 * is not deterministic; a recogniser that used the dropped hint would differ in language or text.
 */
const SAME_TEXT_WER = 0.2;

/** 125 keywords of 2,250 characters in all (2,498 comma-separated): past the 2,000 the spec keeps. */
export const LONG_KEYWORDS = Array.from(
  { length: 125 },
  (_, i) => `Parley keyword ${String(i).padStart(3, '0')}`,
);

/** The file STT request message of a deployment's .proto files (the spec names none: Parley's name). */
function sttRequestType(files: readonly string[]): protobuf.Type | undefined {
  try {
    return findType(loadProtoRoot(files), 'SttRequest');
  } catch {
    return undefined;
  }
}

/** The transcript of `other` matches `base`'s: same detected language, text within SAME_TEXT_WER. */
function verifySameAnswer(
  base: { detected_language: string; text: string },
  other: { detected_language: string; text: string },
  what: string,
  absent: string,
): void {
  verify(
    other.detected_language === base.detected_language,
    'VALUE',
    `${what}: detected_language "${other.detected_language}", but "${base.detected_language}" as if ${absent} were absent`,
    at(what, '$.detected_language', base.detected_language, other.detected_language),
  );
  const wer = wordErrorRate(base.text, other.text);
  verify(
    wer <= SAME_TEXT_WER,
    'VALUE',
    `${what}: text "${other.text}" differs from "${base.text}" (WER ${wer.toFixed(2)}) as if ${absent} were absent`,
    at(what, '$.text', base.text, other.text),
  );
}

/** A request the spec says must be served: a 200 (the attempt validated its body), or a deviation. */
function verifyServed(
  result: Attempt<'stt'>,
  what: string,
  rule: string,
): result is Attempt<'stt'> & { ok: true } {
  return verify(
    result.ok,
    'STATUS',
    `${what}: ${rule}: expected 200, got ${result.reply.status} ${result.reply.text.slice(0, 200)}`,
    at(what, 'status', 200, result.reply.status),
  );
}

/** The plain request's answer (three hints, the array form): what the lenient forms must match. */
async function baseAnswer(ctx: CheckContext, audioUrl: string) {
  const base = await attempt(
    ctx,
    'stt',
    { audio_url: audioUrl, language_hints: HINTS },
    { what: 'stt 3 hints' },
  );
  if (!base.ok && base.reply.status === 503)
    skip(`the deployment cannot transcribe ${HINTS.join(', ')} (503)`);
  expectStatus(base.reply, 200, 'stt 3 hints');
  return expectAnswer(base.reply, 'stt', 'stt 3 hints');
}

export const lenienceSttChecks = [
  define({
    id: 'speech.07.stt-language-hints',
    title:
      'File STT keeps 3 hints and drops a 4th (answering as without it); comma and legacy forms accepted',
    area: 'speech',
    clause: 'File speech-to-text: language_hints',
    spec: 'language_hints | string[] or comma-separated string | no | at most 3 kept, extras dropped; omit for automatic detection; legacy single-string `language_hint` also accepted',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const audioUrl = audioSource(ctx, SHORT_FIXTURE.path);
      const base = await baseAnswer(ctx, audioUrl);
      // The fourth hint last, in the comma form: kept are the first three, the base's.
      const what = 'stt 4 hints comma-separated';
      const four = await attempt(
        ctx,
        'stt',
        { audio_url: audioUrl, language_hints: [...HINTS, 'es'].join(',') },
        { what },
      );
      if (verifyServed(four, what, 'a fourth hint is dropped, not refused'))
        verifySameAnswer(base, four.answer, what, 'the fourth hint');
      const legacy = await attempt(
        ctx,
        'stt',
        { audio_url: audioUrl, language_hint: 'en' },
        { what: 'stt language_hint' },
      );
      verifyServed(legacy, 'stt language_hint', 'the legacy single hint is accepted');
      return `3 hints: "${base.text}" (${base.detected_language})`;
    },
  }),
  define({
    id: 'speech.08.stt-context-keywords',
    title:
      'File STT accepts context_keywords past 2000 characters (extras dropped), as a list and comma-separated',
    area: 'speech',
    clause: 'File speech-to-text: context_keywords',
    spec: 'context_keywords | string[] or comma-separated string | no | bias words and names; at most 2000 characters in total, extras dropped',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const audioUrl = audioSource(ctx, SHORT_FIXTURE.path);
      const total = LONG_KEYWORDS.join('').length;
      for (const [form, keywords] of [
        ['list', LONG_KEYWORDS],
        ['comma-separated', LONG_KEYWORDS.join(', ')],
      ] as const) {
        const what = `stt keywords ${form}`;
        const reply = await attempt(
          ctx,
          'stt',
          { audio_url: audioUrl, context_keywords: keywords },
          { what },
        );
        verifyServed(reply, what, `${total} characters of keywords are cut to 2000, not refused`);
      }
      return `${LONG_KEYWORDS.length} keywords, ${total} characters`;
    },
  }),
  define({
    id: 'speech.09.stt-protobuf-body',
    title: 'File STT accepts a protobuf body (application/x-protobuf) in the layout --proto gives',
    area: 'speech',
    clause: 'File speech-to-text: body',
    spec: 'Body is JSON (a protobuf body with `application/x-protobuf` is also accepted; its layout: not shown).',
    choices: 'the answer to a protobuf body is JSON (its encoding is not shown)',
    level: 'MUST',
    full: true,
    async run(ctx) {
      // The layout is not shown: only a deployment's own .proto can say what to send.
      const files = ctx.target.protoFiles;
      if (!files) return skip("the protobuf body's layout is not shown: needs --proto", ['--proto']);
      const type = sttRequestType(files);
      if (!type) return skip('the --proto files declare no SttRequest message', ['--proto']);
      const audioUrl = audioSource(ctx, SHORT_FIXTURE.path);
      const body = type.encode(type.fromObject({ audio_url: audioUrl, language_hints: HINTS })).finish();
      const what = 'stt protobuf body';
      const reply = await ctx.http.send(`/v1/stt?${q(ctx)}`, {
        method: 'POST',
        headers: { 'content-type': PROTO_CONTENT_TYPE },
        body,
      });
      expectStatus(reply, 200, what);
      expect(reply.bytes.length > 0, 'DECODE', `${what}: an empty answer`, at(what, '$', 'a result'));
      // The answer's encoding for a protobuf request is not shown either: JSON is Parley's.
      const json = /\bjson\b/i.test(reply.headers.get('content-type') ?? '');
      choice(
        json,
        'CONTENT_TYPE',
        `${what}: the answer is not JSON`,
        at(what, 'header content-type', 'application/json'),
      );
      // JSON or not is the deployment's; JSON must be the File speech-to-text result.
      if (json) expectAnswer(reply, 'stt', what);
    },
  }),
];
