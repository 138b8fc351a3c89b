import { couldNotJudge } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { runLiveSession, type SessionRecording } from '../../live-session.js';
import { define } from '../define.js';
import { type Cut, type CutAudio, cutAudio, opusPackets } from './stream-finalize-audio.js';
import { judgeFinalize, judgeWords } from './stream-finalize-judge.js';

// Finalizing with something to finalize: sessions whose audio stops inside an utterance (cut inside
// its speech, or right at its end with no trailing silence), so the empty frame finds it pending.
// Smoke: JSON with pcm16 cut inside, protobuf with Opus ending with the speech (each format, each
// encoding and each cut once). Full: four sessions where every pair of the three factors meets
// (format × encoding, format × cut, encoding × cut): JSON/pcm16/inside, protobuf/Opus/inside,
// JSON/Opus/end, protobuf/pcm16/end. Four sessions of two-level factors cover every pair only as
// such an array, and smoke's pair (complements, for every level in two) is in no such array, so full
// does not repeat it. A wave is one JSON and one protobuf session at once, like the other live sessions.

export interface FinalizePlan {
  format: 'json' | 'protobuf';
  encoding: 'pcm16' | 'opus';
  cut: Cut;
}

export interface FinalizeSession extends FinalizePlan {
  audio: CutAudio;
  recording: SessionRecording;
}

export const FINALIZE_WAVES: Record<'smoke' | 'full', FinalizePlan[][]> = {
  smoke: [
    [
      { format: 'json', encoding: 'pcm16', cut: 'inside' },
      { format: 'protobuf', encoding: 'opus', cut: 'end' },
    ],
  ],
  full: [
    [
      { format: 'json', encoding: 'pcm16', cut: 'inside' },
      { format: 'protobuf', encoding: 'opus', cut: 'inside' },
    ],
    [
      { format: 'json', encoding: 'opus', cut: 'end' },
      { format: 'protobuf', encoding: 'pcm16', cut: 'end' },
    ],
  ],
};

/** The audio of each cut: one sentence, so no pause inside it can end the utterance early. */
export const finalizeAudio = (cut: Cut): CutAudio =>
  cut === 'inside'
    ? cutAudio('en/rms-01.wav', 'inside')
    : cutAudio('en/rms-02.wav', 'end', 'Can you hear me clearly now?');

/** The answer name a session's deviations carry: fixed per plan, never data of the run. */
export const sessionLabel = (p: FinalizePlan): string =>
  `${p.format} ${p.encoding} session ${p.cut === 'inside' ? 'cut inside speech' : 'ending with speech'}`;

/**
 * Runs the waves, as many at once as there are keys (one account each): a deployment may cap one
 * account's sessions, so no account streams more than one wave at a time.
 */
export async function runFinalizeSessions(
  target: Pick<CheckContext['target'], 'wsUrl' | 'protoFiles' | 'protoStreamMessage' | 'runId'>,
  keys: readonly string[],
  waves: FinalizePlan[][],
): Promise<FinalizeSession[]> {
  const { wsUrl, protoFiles, protoStreamMessage, runId } = target;
  let n = 0;
  const numbered = waves.map((wave) => wave.map((plan) => ({ plan, sessionId: `${runId}-finalize-${++n}` })));
  const one = async ({ plan, sessionId }: { plan: FinalizePlan; sessionId: string }, apiKey: string) => {
    const audio = finalizeAudio(plan.cut);
    const recording = await runLiveSession({
      wsUrl,
      apiKey,
      format: plan.format,
      audio: audio.pcm,
      encoding: plan.encoding,
      ...(plan.encoding === 'opus' ? { packets: opusPackets(audio.pcm) } : {}),
      repro: audio.source,
      sessionId,
      ...(protoFiles ? { protoFiles } : {}),
      ...(protoStreamMessage ? { protoStreamMessage } : {}),
    });
    return { ...plan, audio, recording };
  };
  const done: FinalizeSession[] = [];
  for (let round = 0; round < numbered.length; round += keys.length) {
    const batch = numbered.slice(round, round + keys.length);
    const results = await Promise.all(
      batch.map((wave, i) => Promise.all(wave.map((session) => one(session, keys[i] as string)))),
    );
    done.push(...results.flat());
  }
  return done;
}

/**
 * The run's finalize sessions, once. With a second account's key its account streams the first
 * wave: in smoke from the start, beside the other live sessions; in full (after the other sessions,
 * which run alone) beside the second wave on the run's key. Without it, wave after wave, and in
 * smoke after the other sessions.
 */
function finalizeSessions(ctx: CheckContext): Promise<FinalizeSession[]> {
  return ctx.shared('finalize-sessions', () => {
    const { profile, secondApiKey, apiKey } = ctx.target;
    const keys = secondApiKey ? [secondApiKey, apiKey] : [apiKey];
    return runFinalizeSessions(ctx.target, keys, FINALIZE_WAVES[profile]);
  });
}

/**
 * Sessions refused while other sessions streamed (no `{connected}`: the spec sets no limit on
 * sessions at once, so a deployment may have one) run once more when the check runs, the other
 * live sessions done, on the run's key, a wave at a time. A refusal then stands.
 */
async function againIfRefused(ctx: CheckContext, sessions: FinalizeSession[]): Promise<FinalizeSession[]> {
  const refused = sessions.filter((s) => !s.recording.frames.some((f) => f.data.connected === true));
  if (!ctx.target.secondApiKey || refused.length === 0) return sessions;
  const plans = refused.map(({ format, encoding, cut }) => ({ format, encoding, cut }));
  const waves = plans.map((_, i) => plans.slice(i, i + 2)).filter((_, i) => i % 2 === 0);
  const again = await runFinalizeSessions(
    { ...ctx.target, runId: `${ctx.target.runId}-again` },
    [ctx.target.apiKey],
    waves,
  );
  return sessions.map((s) => (refused.includes(s) ? (again.shift() ?? s) : s));
}

export const streamFinalizeChecks = [
  define({
    id: 'stream.08.finalize-pending',
    title:
      'The empty frame with an utterance pending: its final, then the terminal frame, then the close (JSON and protobuf, pcm16 and Opus)',
    area: 'stream',
    clause:
      'Events/Live 5: the server finalizes pending utterances, sends their final results, sends a terminal frame, then closes; Events/Live 1, 3: encoding pcm16 or opus',
    spec: 'End of audio: the client sends an empty binary frame (0 bytes) and keeps the socket open. The server finalizes pending utterances, sends their final results, sends a terminal frame, then closes. / `encoding` string (`pcm16` default, or `opus`); `opus`: 16 kHz, mono, raw Opus packets or an OGG/Opus container, one Opus frame per message.',
    level: 'MUST',
    start: (ctx) => {
      if (ctx.target.profile === 'smoke' && ctx.target.secondApiKey)
        void finalizeSessions(ctx).catch(() => undefined);
    },
    async run(ctx) {
      const first = await finalizeSessions(ctx);
      const sessions = await againIfRefused(ctx, first);
      const rerun = sessions.filter((s, i) => s !== first[i]).length;
      ctx.extra.push(...sessions.map((s) => s.recording.exchange));
      const unjudged: string[] = [];
      for (const s of sessions) {
        const label = sessionLabel(s);
        if (!judgeFinalize(s.recording, label)) unjudged.push(label);
        if (s.audio.text) judgeWords(s.recording, s.audio.text, label);
      }
      const judged = sessions.length - unjudged.length;
      if (judged === 0)
        couldNotJudge(
          `nothing was pending at the empty frame: every utterance of ${unjudged.join(', ')} was final before it, so finalizing could not be judged`,
        );
      const again = rerun ? `; ${rerun} refused beside the other sessions, run again alone` : '';
      return `${judged} of ${sessions.length} sessions had an utterance pending at the empty frame${unjudged.length ? ` (not: ${unjudged.join(', ')})` : ''}${again}`;
    },
  }),
];
