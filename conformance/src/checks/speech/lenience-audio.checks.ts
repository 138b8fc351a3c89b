import { PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import { expectAnswer } from '../../answer.js';
import { attempt, send } from '../../call.js';
import { choice, deviate, skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import type { Reply } from '../../http-client.js';
import { at, pick } from '../../json-path.js';
import { choiceSchema, expectStatus, verifyStatus } from '../../schema-check.js';
import { define } from '../define.js';
import { SHORT_FIXTURE } from './lenience-stt.checks.js';
import { audioSource, decodeTts, proto, q } from './speech-inputs.js';

// The rules of lenience and limits of denoise, translate-text and text-to-speech: the ends of a
// range accepted, a value past them refused with a clear error or served (the spec gives the range,
// not what happens past it: refusing is Parley's choice), ten targets and 100,000 characters
// served, text in any language without a language field. Engine work: full profile only.

/** Ten targets from the spec's language list that translation engines commonly carry. */
const TEN_TARGETS = ['fr', 'es', 'ca', 'pt', 'it', 'gl', 'ro', 'de', 'nl', 'sv'];
const TEXT_LIMIT = 100_000;
/** Text in a language of the spec's text-to-speech list other than English (one: each costs a synthesis). */
const TTS_TEXTS: Record<string, string> = { fr: 'Bonjour à tous, la réunion commence maintenant.' };

/**
 * A request past a limit whose overstepping the spec does not rule on: a 4xx refusal (Parley's
 * choice, with its error body) or a 200 (served, clamped or truncated) are both fair; a 5xx or
 * anything else is not (a value of the client's is never the server's failure).
 */
function judgePastLimit(reply: Reply, what: string, served: () => void): void {
  const { status } = reply;
  if (status >= 400 && status < 500) {
    choiceSchema(status === 422 ? 'validation-error' : 'api-error', reply, what);
    return;
  }
  if (status === 200) {
    choice(false, 'STATUS', `${what}: served (200), not refused`, at(what, 'status', '400 or 422', 200));
    served();
    return;
  }
  deviate(
    'STATUS',
    `${what}: a value past the limit is the client's: a 4xx refusal or a 200, not ${status} ${reply.text.slice(0, 200)}`,
    at(what, 'status', '4xx or 200', status),
  );
}

/**
 * translate-text requests, sent once per run under `key` as soon as the run starts: translation
 * engines run beside the server (the reference server's are processes of their own), so the seconds
 * they take overlap the first checks (measured: the full run 1 to 1.5 s shorter than with them in
 * line, the first checks slower). The check that judges them adds their exchanges to its evidence.
 * Authentication is not shown: the key goes as the header and as api_key.
 */
export function translations(
  ctx: CheckContext,
  key: string,
  bodies: Record<string, unknown>[],
): Promise<Reply[]> {
  const sent = ctx.shared(key, async () => {
    const replies: Reply[] = [];
    for (const body of bodies) {
      replies.push(
        await ctx.http.send(`/v1/translate-text?${q(ctx)}`, {
          headers: { 'X-API-Key': ctx.target.apiKey },
          body,
        }),
      );
    }
    return { replies, exchanges: ctx.http.exchanges.slice(-bodies.length) };
  });
  return sent.then(({ replies, exchanges }) => {
    ctx.extra.push(...exchanges.filter((e) => !ctx.http.exchanges.includes(e)));
    return replies;
  });
}

export const GREETING = 'Good morning';
const TARGET_BODIES = [
  { text: GREETING, target_languages: TEN_TARGETS },
  // The eleventh a name, as the spec allows ("language codes or names").
  { text: GREETING, target_languages: [...TEN_TARGETS, 'Japanese'] },
];
const LONG_SENTENCE = 'The budget was approved. ';
const LONG_BODIES = [
  {
    text: LONG_SENTENCE.repeat(Math.ceil(TEXT_LIMIT / LONG_SENTENCE.length)).slice(0, TEXT_LIMIT),
    target_languages: ['es'],
  },
];

/** Parley's answer has one translation per target: a choice, as the answer's shape is not shown. */
function noteCount(reply: Reply, what: string, count: number): void {
  const translations = pick(reply.body, 'translations');
  if (Array.isArray(translations))
    choice(
      translations.length === count,
      'COUNT',
      `${what}: ${translations.length} translations for ${count} targets`,
      at(what, '$.translations', count, translations.length),
    );
}

export const lenienceAudioChecks = [
  define({
    id: 'speech.10.denoise-atten-range',
    title: 'Denoise accepts atten_limit_db 0 and 100; past them (−1, 101) a 4xx or a 200, never a 5xx',
    area: 'speech',
    clause: 'Audio: denoise atten_limit_db; Limits: atten_limit_db 0 to 100',
    spec: 'atten_limit_db number (optional; 0 to 100; 0 means the server default, higher is stronger)',
    choices: 'atten_limit_db past 0–100 refused (400/422) rather than clamped',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const audioUrl = audioSource(ctx, SHORT_FIXTURE.path);
      for (const db of [0, 100]) {
        const what = `denoise atten_limit_db ${db}`;
        const result = await attempt(ctx, 'denoise', { audio_url: audioUrl, atten_limit_db: db }, { what });
        verify(
          result.ok,
          'STATUS',
          `${what}: within the spec's range, expected 200, got ${result.reply.status} ${result.reply.text.slice(0, 200)}`,
          at(what, 'status', 200, result.reply.status),
        );
        // "0 means the server default": the limit applied is the default's, not none at all (the
        // extended answer reports it; the basic one does not).
        const applied = result.ok ? result.answer.applied_atten_db : undefined;
        if (db === 0 && typeof applied === 'number')
          verify(
            applied > 0,
            'VALUE',
            `${what}: applied_atten_db is ${applied}: 0 asks for the server default, and no attenuation is no default`,
            at(what, '$.applied_atten_db', 'the default limit, above 0', applied),
          );
      }
      for (const db of [-1, 101]) {
        const what = `denoise atten_limit_db ${db}`;
        const reply = await send(ctx, 'denoise', { audio_url: audioUrl, atten_limit_db: db }, { what });
        judgePastLimit(reply, what, () => expectAnswer(reply, 'denoise', what));
      }
    },
  }),
  define({
    id: 'speech.11.translate-targets',
    title: 'translate-text serves 10 targets; 11 are refused (4xx) or served, never a 5xx',
    area: 'speech',
    clause: 'Text translation: target_languages; Limits: target_languages 10',
    spec: 'target_languages | string[] | yes | language codes or names; up to 10',
    choices:
      'an 11th target refused (422) rather than translated or dropped; one translation per target in Parley\'s answer ("not shown")',
    level: 'MUST',
    full: true,
    start: (ctx) => void translations(ctx, 'translate-targets', TARGET_BODIES).catch(() => undefined),
    async run(ctx) {
      const [ten, eleven] = await translations(ctx, 'translate-targets', TARGET_BODIES);
      if (!ten || !eleven) return;
      const what = 'translate-text 10 targets';
      if (ten.status === 503) skip('the deployment has no translation engine (503)');
      expectStatus(ten, 200, what);
      noteCount(ten, what, TEN_TARGETS.length);
      judgePastLimit(eleven, 'translate-text 11 targets', () => undefined);
    },
  }),
  define({
    id: 'speech.12.translate-text-length',
    title: 'translate-text serves a text of 100,000 characters',
    area: 'speech',
    clause: 'Text translation: text; Limits: text length 100,000 characters by default',
    spec: 'text | string | yes | up to 100,000 characters by default',
    level: 'MUST',
    full: true,
    start: (ctx) => void translations(ctx, 'translate-long-text', LONG_BODIES).catch(() => undefined),
    async run(ctx) {
      const [reply] = await translations(ctx, 'translate-long-text', LONG_BODIES);
      if (!reply) return;
      const what = 'translate-text 100,000 characters';
      if (reply.status === 503) skip('the deployment has no translation engine (503)');
      expectStatus(reply, 200, what);
      return `${TEXT_LIMIT} characters`;
    },
  }),
  define({
    id: 'speech.13.tts-language-detected',
    title: 'TTS speaks French text with no language field (the language detected automatically)',
    area: 'speech',
    clause: 'Text-to-speech: text, language detected automatically',
    spec: 'text | string | yes | language detected automatically; Text-to-speech: [...] over 57 languages with automatic language detection.',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const { request } = proto(ctx);
      for (const [language, text] of Object.entries(TTS_TEXTS)) {
        const what = `tts ${language}`;
        const body = request
          .encode(request.fromObject({ session_id: ctx.target.runId, message_id: `tts-${language}`, text }))
          .finish();
        const reply = await ctx.http.send(`/v1/tts?${q(ctx)}`, {
          method: 'POST',
          headers: { 'content-type': PROTO_CONTENT_TYPE },
          body,
        });
        if (!verifyStatus(reply, 200, what)) continue;
        const { audio_url: audioUrl, error } = decodeTts(ctx, reply.bytes, what);
        if (!audioUrl) {
          deviate(
            'MISSING_FIELD',
            `${what}: no audio_url (error: ${error || 'none'})`,
            at(what, '$.audio_url', 'a signed URL', error || undefined),
          );
          continue;
        }
        const file = await ctx.http.send(audioUrl);
        verify(
          file.status === 200 && file.bytes.length > 0,
          'STATUS',
          `GET ${what} audio_url: ${file.status}, ${file.bytes.length} bytes`,
          at(`GET ${what} audio_url`, 'status', 200, file.status),
        );
      }
    },
  }),
];
