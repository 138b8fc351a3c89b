import { StreamClose } from '@parley/schemas/constants';
import WebSocket from 'ws';
import { couldNotJudge, deviate, expect, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';
import { runLiveSession, SESSION_TEXT, type SessionRecording, sessionAudio } from '../../live-session.js';
import { wordCount, wordErrorRate } from '../../wer.js';
import { define } from '../define.js';
import { FINALIZE_BUDGET } from './finalize-budget.js';
import { type Chunk, chunkOf, chunks, FINALS_MAX_WER, judgeSequence } from './stream-sequence.js';

// Live STT: the whole scripted session (JSON and protobuf), the id and cumulative-text rules, no
// final lost when the client waits for `finished`, and timing against the spec's budgets.

/**
 * The run's sessions, recorded once and judged by several checks. At most two run at once (one JSON,
 * one protobuf): more would measure the machine's decoders rather than the protocol. The full
 * profile adds a second JSON wave, so timing percentiles come from three sessions.
 */
function sessions(ctx: CheckContext): Promise<SessionRecording[]> {
  return ctx.shared('live-sessions', async () => {
    const audio = sessionAudio();
    const { wsUrl, apiKey, protoFiles, protoStreamMessage } = ctx.target;
    let n = 0;
    const one = (format: 'json' | 'protobuf') =>
      runLiveSession({
        wsUrl,
        apiKey,
        format,
        audio,
        sessionId: `${ctx.target.runId}-live-${++n}`,
        ...(protoFiles ? { protoFiles } : {}),
        ...(protoStreamMessage ? { protoStreamMessage } : {}),
      });
    const first = await Promise.all([one('json'), one('protobuf')]);
    return ctx.target.profile === 'full' ? [...first, await one('json')] : first;
  });
}

export async function recorded(ctx: CheckContext, format?: 'json' | 'protobuf'): Promise<SessionRecording[]> {
  const all = (await sessions(ctx)).filter((s) => !format || s.format === format);
  ctx.extra.push(...all.map((s) => s.exchange));
  return all;
}

/** Consecutive interims of one utterance where the later holds under half the words of one of four or more. */
export function shrinkingInterims(interims: Chunk[]): [Chunk, Chunk][] {
  const words = interims.map((c) => wordCount(c.text ?? ''));
  return interims.flatMap((after, i): [Chunk, Chunk][] => {
    const before = interims[i - 1];
    const had = words[i - 1] ?? 0;
    return before && had >= 4 && (words[i] ?? 0) * 2 < had ? [[before, after]] : [];
  });
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

export const streamChecks = [
  define({
    id: 'stream.01.bad-key-1008',
    title: 'A live stream with an invalid key is closed with 1008',
    area: 'stream',
    clause: 'Authentication 5; Events/Live 6: authentication failure closes the socket with code 1008',
    spec: 'A live-stream connection with failed authentication is closed with WebSocket close code 1008.',
    level: 'MUST',
    expectsAuthErrors: true,
    async run(ctx) {
      const url = `${ctx.target.wsUrl}/v1/stt/stream?api_key=invalid-${ctx.target.runId}&format=json`;
      ctx.extra.push({ method: 'WS', url, repro: `npx wscat -c '${url}'` });
      const code = await new Promise<number | string>((resolve) => {
        const ws = new WebSocket(url);
        const done = (value: number | string) => {
          clearTimeout(timer);
          resolve(value);
        };
        const timer = setTimeout(() => {
          ws.terminate();
          resolve('no close within 10 s');
        }, 10_000);
        ws.on('open', () => ws.send(JSON.stringify({ encoding: 'pcm16' })));
        ws.on('unexpected-response', (_req, res) => done(`HTTP ${res.statusCode} instead of a WebSocket`));
        ws.on('error', () => undefined);
        ws.on('close', (closeCode) => done(closeCode));
      });
      expect(
        code === StreamClose.policyViolation,
        'CLOSE_CODE',
        `closed with ${code}, expected 1008`,
        at('stream with an invalid key', 'close', StreamClose.policyViolation, code),
      );
    },
  }),
  define({
    id: 'stream.02.json-session',
    title: 'JSON session: {connected} → results → empty frame → finals → {finished:true} → close',
    area: 'stream',
    clause: 'Events/Live speech-to-text 1-5',
    spec: 'Server replies `{connected: true}`. [...] sends their final results, sends a terminal frame, then closes. The terminal frame is `{finished: true}` in JSON mode; `session_id` string (optional, generated when omitted)',
    level: 'MUST',
    // Smoke overlaps the sessions with the other checks to stay quick; full runs them alone, since a
    // busy server finalizing while it answers the REST checks measures contention, not the protocol.
    start: (ctx) => {
      if (ctx.target.profile === 'smoke') void sessions(ctx).catch(() => undefined);
    },
    async run(ctx) {
      for (const s of await recorded(ctx, 'json')) judgeSequence(s);
    },
  }),
  define({
    id: 'stream.03.utterance-ids',
    title: "One id across an utterance's interims and its final; a new id after a final",
    area: 'stream',
    clause: 'Events/Live 4: the id is the same across interim and final results and changes after a final',
    spec: 'The id is the same across the interim and final results of one utterance and changes after a final.',
    level: 'MUST',
    async run(ctx) {
      const all = await recorded(ctx);
      // No result at all says nothing about ids (a session that ended before any).
      if (!all.some((s) => chunks(s).length > 0))
        couldNotJudge('no session sent a result: utterance ids could not be judged');
      for (const s of all) {
        const finalIds = new Set<string | undefined>();
        let current: string | undefined;
        const label = `${s.format} session`;
        for (const [i, chunk] of chunks(s).entries()) {
          const where = at(label, `chunks[${i}].id`, current ?? 'a new id', chunk.id);
          verify(
            !finalIds.has(chunk.id),
            'DUPLICATE',
            `${s.format}: id ${chunk.id} reused after its final`,
            where,
          );
          verify(
            current === undefined || chunk.id === current,
            'VALUE',
            `${s.format}: id changed from ${current} to ${chunk.id} before a final ("${chunk.text}")`,
            where,
          );
          current = chunk.is_final ? undefined : chunk.id;
          if (chunk.is_final) finalIds.add(chunk.id);
        }
        verify(
          current === undefined,
          'MISSING_ITEM',
          `${s.format}: utterance ${current} had interims but no final`,
          at(label, 'chunks', `a final of ${current}`),
        );
      }
    },
  }),
  define({
    id: 'stream.04.cumulative-text',
    title:
      'Interim text is cumulative: each interim holds the utterance so far, and the final the whole of it',
    area: 'stream',
    clause: 'Events/Live 4: text is cumulative',
    spec: 'Text is cumulative: each interim holds all text of the utterance so far.',
    level: 'MUST',
    async run(ctx) {
      // Recognisers revise words, so the rule is judged by size, not by exact prefixes: an utterance's
      // fullest interim holds at least half of its final's words, its final (the utterance whole) at
      // least half of its fullest interim's, and no interim falls to under half of the one before it
      // (a revision changes a word or two; words sent once each, as deltas, fail one of the three).
      let judged = 0;
      for (const s of await recorded(ctx)) {
        const byId = new Map<string | undefined, Chunk[]>();
        for (const chunk of chunks(s)) byId.set(chunk.id, [...(byId.get(chunk.id) ?? []), chunk]);
        for (const [id, list] of byId) {
          const final = list.find((c) => c.is_final);
          const interims = list.filter((c) => !c.is_final);
          // A chunk without text (the frame schema reports it) holds no words.
          const finalWords = wordCount(final?.text ?? '');
          const fullest = Math.max(0, ...interims.map((c) => wordCount(c.text ?? '')));
          if (!final || interims.length === 0 || Math.max(finalWords, fullest) < 4) continue;
          judged++;
          verify(
            fullest * 2 >= finalWords,
            'VALUE',
            `${s.format}: utterance ${id}: fullest interim has ${fullest} words, final "${final.text}" has ${finalWords}`,
            at(
              `${s.format} session`,
              'chunks[*].text',
              `at least ${Math.ceil(finalWords / 2)} words`,
              fullest,
            ),
          );
          verify(
            finalWords * 2 >= fullest,
            'VALUE',
            `${s.format}: utterance ${id}: final "${final.text}" has ${finalWords} words, its fullest interim ${fullest}`,
            at(
              `${s.format} session`,
              'chunks[*].text',
              `at least ${Math.ceil(fullest / 2)} words`,
              finalWords,
            ),
          );
          for (const [before, after] of shrinkingInterims(interims))
            verify(
              false,
              'VALUE',
              `${s.format}: utterance ${id}: interim "${after.text}" follows "${before.text}" with under half its words`,
              at(
                `${s.format} session`,
                'chunks[*].text',
                `at least ${Math.ceil(wordCount(before.text ?? '') / 2)} words`,
                wordCount(after.text ?? ''),
              ),
            );
        }
      }
      if (judged === 0)
        couldNotJudge('no utterance had both interims and a final, with four words or more in one of them');
      return `${judged} utterances`;
    },
  }),
  define({
    id: 'stream.05.no-final-lost',
    title: 'A client that waits for finished gets every final: the finals hold the whole audio',
    area: 'stream',
    clause:
      'Events/Live 5: the server finalizes pending utterances and sends their finals before the terminal frame',
    spec: 'The server finalizes pending utterances, sends their final results, sends a terminal frame, then closes.',
    level: 'MUST',
    async run(ctx) {
      for (const s of await recorded(ctx)) {
        const finalIds = new Set(
          chunks(s)
            .filter((c) => c.is_final)
            .map((c) => c.id),
        );
        const lost = [...new Set(chunks(s).map((c) => c.id))].filter((id) => !finalIds.has(id));
        for (const id of lost)
          deviate(
            'MISSING_ITEM',
            `${s.format}: utterance ${id} had interims but its final never came`,
            at(`${s.format} session`, 'chunks', `a final of ${id}`),
          );
        const text = chunks(s)
          .filter((c) => c.is_final)
          .map((c) => c.text)
          .join(' ');
        const wer = wordErrorRate(SESSION_TEXT, text);
        ctx.metrics[`${s.format}_wer`] = Number(wer.toFixed(3));
        verify(
          wer <= FINALS_MAX_WER,
          'ACCURACY',
          `${s.format}: finals "${text}" miss most of "${SESSION_TEXT}" (WER ${wer.toFixed(2)})`,
          at(
            `${s.format} session`,
            'chunks[*].text',
            `WER at most ${FINALS_MAX_WER}`,
            Number(wer.toFixed(2)),
          ),
        );
      }
    },
  }),
  define({
    id: 'stream.06.protobuf-session',
    title: 'Protobuf session: binary frames, terminal disconnect_reason=SESSION_ENDED',
    area: 'stream',
    clause: 'Live speech-to-text: format omitted gives protobuf frames; Events/Live 5 terminal frame',
    spec: '`format`: `json` gives JSON text frames; omitted gives protobuf binary frames. The terminal frame is [...] a message with `disconnect_reason=SESSION_ENDED` in protobuf mode.',
    level: 'MUST',
    async run(ctx) {
      for (const s of await recorded(ctx, 'protobuf')) judgeSequence(s);
    },
  }),
  define({
    id: 'stream.07.timing',
    title: 'Timing: finalize within about 5 s (p95), reported with connect and first-interim latency',
    area: 'stream',
    clause: 'Limits: finalize time after end-of-audio frame about 5 seconds',
    spec: 'Finalizing takes about 5 seconds. (Limits: finalize time after end-of-audio frame about 5 seconds)',
    level: 'SHOULD',
    async run(ctx) {
      const all = (await recorded(ctx)).filter(
        (s) => s.finishedMs !== undefined && s.emptyFrameMs !== undefined,
      );
      expect(
        all.length > 0,
        'MISSING_ITEM',
        'no session finished',
        at('sessions', 'frames', 'a terminal frame'),
      );
      const firstInterim = all.map(
        (s) => (s.frames.find((f) => chunkOf(f))?.atMs ?? Number.NaN) - (s.firstAudioMs ?? 0),
      );
      const lastFinal = all.map(
        (s) => (s.frames.findLast((f) => chunkOf(f)?.is_final)?.atMs ?? Number.NaN) - (s.emptyFrameMs ?? 0),
      );
      const finish = all.map((s) => (s.finishedMs ?? 0) - (s.emptyFrameMs ?? 0));
      const connect = all.map((s) => s.connectMs ?? Number.NaN);
      for (const [name, values] of Object.entries({
        connect,
        first_interim: firstInterim,
        last_final: lastFinal,
        finished: finish,
      })) {
        ctx.metrics[`${name}_p50_ms`] = percentile(values, 50);
        ctx.metrics[`${name}_p95_ms`] = percentile(values, 95);
      }
      const budget = FINALIZE_BUDGET.nonStrictMs;
      verify(
        percentile(finish, 95) <= budget,
        'TIMING',
        `empty frame → finished p95 ${percentile(finish, 95)} ms exceeds ${budget} ms`,
        at('sessions', 'finished_p95_ms', `at most ${budget}`, percentile(finish, 95)),
      );
      return `finished p95 ${percentile(finish, 95)} ms`;
    },
  }),
];
