import { verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at, pick, pickString } from '../../json-path.js';
import { fixturePcm, runLiveSession, type SessionRecording } from '../../live-session.js';
import { wordErrorRate } from '../../wer.js';
import { define } from '../define.js';
import { LONG_KEYWORDS, SHORT_FIXTURE } from '../speech/lenience-stt.checks.js';
import { chunks, judgeSequence } from './stream-sequence.js';

// The rules of lenience of the live stream's query and config frame: four hints in the query (comma-
// separated and repeated), four in the config, keywords past 2,000 characters (a list and a comma-
// separated string), reduce_noise, no session_id and no encoding (pcm16, the audio sent, is the
// default). Every one must be accepted, the extras dropped, and the session must then run as the
// spec's sequence with a generated session_id; with diarization off, no chunk carries a speaker, and
// each session turns it off from one place only (the query's `enable_diarization=false`, the config's
// `enable_diarization: false`), so a deployment that reads one of them and not the other is seen. Two
// JSON sessions of one short sentence (2.3 s) stream side by side, in real time: full profile only.

/** The first finals must hold most of the sentence, as stream.05 asks of the run's sessions. */
const MAX_WER = 0.6;
const FOUR_HINTS = ['en', 'de', 'fr', 'es'];

const SESSIONS = [
  {
    label:
      'json session, 4 comma-separated query hints, reduce_noise, keyword list, diarization off by query',
    query: `language_hints=${FOUR_HINTS.join(',')}&reduce_noise=true&enable_diarization=false`,
    config: { context_keywords: LONG_KEYWORDS },
    diarization: false,
  },
  {
    label:
      'json session, 4 repeated query hints, 4 config hints, comma-separated keywords, diarization off by config',
    query: FOUR_HINTS.map((hint) => `language_hints=${hint}`).join('&'),
    config: {
      language_hints: FOUR_HINTS,
      context_keywords: LONG_KEYWORDS.join(', '),
      enable_diarization: false,
    },
    diarization: false,
  },
] as const;

/**
 * The two sessions, once per run. With a second account's key they stream on it from the start of the
 * run, while the other areas' checks run (in real time they take seconds of wall clock and little
 * CPU), so the run's account never streams more than its own two sessions at once (a deployment may
 * cap one account's sessions); without one, when the check runs, after the others.
 */
function run(ctx: CheckContext): Promise<SessionRecording[]> {
  return ctx.shared('lenience-sessions', () => {
    const { wsUrl, apiKey, secondApiKey } = ctx.target;
    const audio = fixturePcm(SHORT_FIXTURE.path);
    return Promise.all(
      SESSIONS.map(({ query, config }) =>
        // No session_id in the config: the deployment generates one.
        runLiveSession({
          wsUrl,
          apiKey: secondApiKey ?? apiKey,
          format: 'json',
          audio,
          sessionId: '',
          query,
          config: { ...config },
        }),
      ),
    );
  });
}

export const lenienceStreamChecks = [
  define({
    id: 'stream.20.hints-keywords-defaults',
    title:
      'Live stream: 4 hints (query comma-separated or repeated, config), reduce_noise, keywords past 2000 characters accepted; session_id generated; no speaker with diarization off (by the query, by the config)',
    area: 'stream',
    clause: 'Live speech-to-text: query language_hints; Events/Live 1: the config frame',
    spec: '`encoding` string (`pcm16` default, or `opus`); reduce_noise | string | no | `true` enables real-time noise reduction; language_hints | string | no | comma-separated or repeated parameter; at most 3, extras dropped; enable_diarization | string | no | `false` disables [...] `session_id` string (optional, generated when omitted); `language_hints` (optional, up to 3, overrides the query parameter); `enable_diarization` boolean [...]; `context_keywords` (optional, up to 2000 characters in total). `speaker` ("0", "1", ...) is present only when diarization is on',
    level: 'MUST',
    full: true,
    start: (ctx) => {
      if (ctx.target.secondApiKey) void run(ctx).catch(() => undefined);
    },
    async run(ctx) {
      const recordings = await run(ctx);
      ctx.extra.push(...recordings.map((s) => s.exchange));
      const ids: string[] = [];
      for (const [i, s] of recordings.entries()) {
        const label = SESSIONS[i]?.label ?? `session ${i}`;
        const first = s.frames
          .map((f) => pickString(f.data, 'chunk.session_id'))
          .find((id) => id !== undefined);
        // The spec's sequence, every chunk carrying the one id the session was given.
        judgeSequence({ ...s, sessionId: first ?? '' }, label);
        if (chunks(s).length > 0)
          verify(
            Boolean(first),
            'MISSING_FIELD',
            `${label}: no session_id generated for a config without one (the chunks carry ${JSON.stringify(first)})`,
            at(label, 'frames[*].chunk.session_id', 'a generated id', first),
          );
        if (first) ids.push(first);
        const text = chunks(s)
          .filter((c) => c.is_final)
          .map((c) => c.text)
          .join(' ');
        const wer = wordErrorRate(SHORT_FIXTURE.text, text);
        ctx.metrics[`session_${i + 1}_wer`] = Number(wer.toFixed(3));
        // `speaker` is "present only when diarization is on": off, no chunk may carry one.
        if (SESSIONS[i]?.diarization === false)
          for (const [n, frame] of s.frames.entries()) {
            const speaker = pick(frame.data, 'chunk.speaker');
            verify(
              speaker === undefined,
              'UNEXPECTED_ITEM',
              `${label}: a chunk carries speaker ${JSON.stringify(speaker)} with diarization off`,
              at(label, `frames[${n}].chunk.speaker`, 'absent', speaker),
            );
          }
        verify(
          wer <= MAX_WER,
          'ACCURACY',
          `${label}: finals "${text}" miss most of "${SHORT_FIXTURE.text}" (WER ${wer.toFixed(2)}): the hints kept are the first three`,
          at(label, 'chunks[*].text', `WER at most ${MAX_WER}`, Number(wer.toFixed(2))),
        );
      }
      return `generated session ids: ${ids.join(', ')}`;
    },
  }),
];
