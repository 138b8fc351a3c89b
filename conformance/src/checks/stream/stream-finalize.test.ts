import { readFileSync } from 'node:fs';
import OpusScript from 'opusscript';
import { describe, expect, it } from 'vitest';
import { newRunState, type Target } from '../../context.js';
import { fixturePcm, type SessionRecording } from '../../live-session.js';
import { runChecks } from '../../runner.js';
import { CHECKS } from '../index.js';
import {
  FINALIZE_WAVES,
  type FinalizePlan,
  type FinalizeSession,
  finalizeAudio,
} from './stream-finalize.checks.js';
import { cutAudio, opusPackets, speechWindows } from './stream-finalize-audio.js';
import { pendingAtEmptyFrame } from './stream-finalize-judge.js';
import { chunkOf } from './stream-sequence.js';

// stream.08 on the reference server's recorded finalize sessions (npm run record -w conformance):
// the reference really had the cut utterance pending at each empty frame; as recorded the check
// passes; each way of finalizing wrongly fails it; nothing pending is could-not-judge, never PASS.

type Recorded = FinalizePlan & { recording: SessionRecording };
const recorded = JSON.parse(
  readFileSync(new URL('../../../test-data/finalize-sessions.json', import.meta.url), 'utf8'),
) as Recorded[];
const ID = 'stream.08.finalize-pending';
const target: Target = {
  baseUrl: 'http://recorded.invalid',
  wsUrl: 'ws://recorded.invalid',
  apiKey: 'KEY',
  timeoutMs: 5_000,
  seed: 1,
  runId: 'pc-recorded',
  profile: 'full',
};

async function judge(edit: (s: SessionRecording) => void = () => undefined, on: Target = target) {
  const sessions: FinalizeSession[] = structuredClone(recorded).map((s) => {
    edit(s.recording);
    return { ...s, audio: finalizeAudio(s.cut) };
  });
  const state = newRunState();
  state.memo.set('finalize-sessions', Promise.resolve(sessions));
  const check = CHECKS.find((c) => c.id === ID);
  if (!check) throw new Error(`no check ${ID}`);
  const [result] = await runChecks(on, [check], undefined, state);
  return result;
}

const isFinal = (s: SessionRecording, i: number) => chunkOf(s.frames[i] ?? { atMs: 0, data: {} })?.is_final;
const finishedAt = (s: SessionRecording) => s.frames.findIndex((f) => f.data.finished === true);

const FACTORS = ['format', 'encoding', 'cut'] as const;
/** Each factor's levels, and each pair of factors' pairs of levels, that the plans cover. */
const covered = (plans: readonly FinalizePlan[]) => ({
  levels: FACTORS.map((f) => new Set(plans.map((p) => p[f])).size),
  pairs: FACTORS.flatMap((f, i) =>
    FACTORS.slice(i + 1).map((g) => new Set(plans.map((p) => `${p[f]}/${p[g]}`)).size),
  ),
});

describe('the sessions of each profile', () => {
  it('smoke: two sessions with every format, encoding and cut; full: four where every pair of them meets', () => {
    const smoke = FINALIZE_WAVES.smoke.flat();
    expect(smoke).toHaveLength(2);
    expect(covered(smoke).levels).toEqual([2, 2, 2]);
    const full = FINALIZE_WAVES.full.flat();
    expect(full).toHaveLength(4);
    expect(covered(full).pairs).toEqual([4, 4, 4]);
    // Every wave one JSON and one protobuf session, like the other live sessions.
    for (const wave of Object.values(FINALIZE_WAVES).flat())
      expect(wave.map((p) => p.format).sort()).toEqual(['json', 'protobuf']);
  });
  it('the recording holds the full profile’s plans', () => {
    const plan = ({ format, encoding, cut }: FinalizePlan) => `${format} ${encoding} ${cut}`;
    expect(recorded.map(plan)).toEqual(FINALIZE_WAVES.full.flat().map(plan));
  });
});

describe('the reference server had something to finalize', () => {
  for (const s of recorded) {
    it(`${s.format} ${s.encoding} ${s.cut}: no final before the empty frame, the cut utterance's after it`, () => {
      const r = s.recording;
      const before = r.framesBeforeEmpty ?? -1;
      expect(before).toBeGreaterThan(0);
      expect(r.frames.slice(0, before).filter((f) => chunkOf(f)?.is_final)).toEqual([]);
      // Pending: an utterance with interims and no final yet, or (no result yet at all) the speech.
      const pending = pendingAtEmptyFrame(r);
      expect(pending?.kind).toMatch(/^(utterances|speech)$/);
      const finals = r.frames
        .slice(before)
        .map(chunkOf)
        .filter((c) => c?.is_final);
      expect(finals.length).toBeGreaterThan(0);
      if (pending?.kind === 'utterances') expect(finals.map((c) => c?.id)).toEqual(pending.ids);
    });
  }
});

describe(`${ID} on the recorded sessions`, () => {
  it('passes as recorded', async () => {
    const result = await judge();
    expect(result?.status, result?.message).toBe('PASS');
    expect(result?.message).toMatch(/^4 of 4 sessions/);
  });
  it('fails when the pending final is dropped at finalize', async () => {
    const result = await judge((s) => {
      s.frames = s.frames.filter((_, i) => i < (s.framesBeforeEmpty ?? 0) || !isFinal(s, i));
    });
    expect(result?.status).toBe('FAIL');
    expect(result?.deviations?.map((d) => d.code)).toContain('MISSING_ITEM');
  });
  it('fails when the terminal frame answers the empty frame at once (before the pending final)', async () => {
    const result = await judge((s) => {
      const [terminal] = s.frames.splice(finishedAt(s), 1);
      if (terminal) s.frames.splice(s.framesBeforeEmpty ?? 0, 0, terminal);
    });
    expect(result?.status).toBe('FAIL');
    expect(result?.deviations?.map((d) => d.code)).toContain('SEQUENCE');
  });
  it('fails when the socket closes after the pending final without the terminal frame', async () => {
    const result = await judge((s) => {
      s.frames.splice(finishedAt(s), 1);
    });
    expect(result?.status).toBe('FAIL');
    expect(result?.deviations?.map((d) => d.code)).toContain('MISSING_ITEM');
  });
  it('fails in one format alone: JSON answered at once, protobuf as recorded', async () => {
    const result = await judge((s) => {
      if (s.format !== 'json') return;
      s.frames = [...s.frames.slice(0, s.framesBeforeEmpty), { atMs: 0, data: { finished: true } }];
    });
    expect(result?.status).toBe('FAIL');
  });
  it('could not judge when every final came before the empty frame (nothing pending)', async () => {
    const result = await judge((s) => {
      s.framesBeforeEmpty = finishedAt(s);
    });
    expect(result?.status).toBe('COULD_NOT_JUDGE');
  });
  it('without interims (a deployment may send none) judges the speech as pending', async () => {
    const noInterims = (s: SessionRecording) => {
      const before = s.frames.slice(0, s.framesBeforeEmpty).filter((f) => chunkOf(f)?.is_final !== false);
      s.frames = [
        ...before,
        ...s.frames.slice(s.framesBeforeEmpty).filter((f) => chunkOf(f)?.is_final !== false),
      ];
      s.framesBeforeEmpty = before.length;
    };
    expect((await judge(noInterims))?.status).toBe('PASS');
    const dropped = await judge((s) => {
      noInterims(s);
      s.frames = s.frames.filter((f) => !chunkOf(f)?.is_final);
    });
    expect(dropped?.status).toBe('FAIL');
  });
  it('a session refused beside the others runs again alone (with a second account), and a refusal then stands', async () => {
    const refuse = (s: SessionRecording) => {
      if (s.format === 'json') s.frames = [];
    };
    const alone = await judge(refuse);
    expect(alone?.status).toBe('FAIL');
    expect(alone?.evidence.some((e) => e.repro.includes('-again-finalize'))).toBe(false);
    // Nothing listens on port 1: the run again is refused too, and fails the check.
    const again = await judge(refuse, { ...target, secondApiKey: 'KEY2', wsUrl: 'ws://127.0.0.1:1' });
    expect(again?.status).toBe('FAIL');
    expect(again?.evidence.some((e) => e.repro.includes('-again-finalize'))).toBe(true);
  });
  it('fails when the finals of a whole sentence miss its words', async () => {
    const result = await judge((s) => {
      for (const f of s.frames) if (chunkOf(f)?.is_final) (f.data.chunk as { text: string }).text = 'banana';
    });
    expect(result?.deviations?.map((d) => d.code)).toContain('ACCURACY');
  });
});

describe('the finalize audio', () => {
  it('cut inside: ends in a window of speech, well before the sentence ends', () => {
    const whole = speechWindows(cutAudio('en/rms-01.wav', 'end').pcm);
    const cut = speechWindows(finalizeAudio('inside').pcm);
    expect(cut.at(-1)).toBe(true);
    expect(cut.length).toBeLessThan(whole.length * 0.75);
  });
  it('ending with its speech: the last window is speech, no trailing silence', () => {
    const windows = speechWindows(finalizeAudio('end').pcm);
    expect(windows.at(-1)).toBe(true);
    expect(windows.indexOf(true)).toBeLessThanOrEqual(5);
  });
  it('a reproduction streams the same cut of the fixture', () => {
    const audio = finalizeAudio('inside');
    const samples = fixturePcm(`${audio.source.file}`).subarray(audio.source.from, audio.source.to);
    expect(samples.equals(audio.pcm)).toBe(true);
    const repro = recorded.find((s) => s.cut === 'inside')?.recording.exchange.repro ?? '';
    expect(repro).toContain(`a=a.subarray(${audio.source.from},${audio.source.to})`);
  });
  it('Opus: one packet per 20 ms that decodes back to the audio length', () => {
    const { pcm } = finalizeAudio('end');
    const packets = opusPackets(pcm);
    expect(packets.length).toBe(Math.ceil(pcm.length / 640));
    const decoder = new OpusScript(16_000, 1);
    try {
      const decoded = packets.reduce((n, p) => n + decoder.decode(p).length, 0);
      expect(decoded).toBe(packets.length * 640);
    } finally {
      decoder.delete();
    }
  });
});
