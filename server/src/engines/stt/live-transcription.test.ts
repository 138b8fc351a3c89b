import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, converse } from '../audio/test-speech.js';
import { ClassicalDiarizationEngine } from '../diarization/classical-diarization.adapter.js';
import { FvadEngine } from '../vad/fvad.adapter.js';
import { type LiveResult, LiveTranscription, type LiveTranscriptionEngines } from './live-transcription.js';
import { PocketsphinxSttEngine } from './pocketsphinx.adapter.js';
import { wordErrorRate } from './wer.js';

let engines: LiveTranscriptionEngines;
let stt: PocketsphinxSttEngine;
let talk: Conversation;

beforeAll(async () => {
  stt = await PocketsphinxSttEngine.create();
  engines = { stt, vad: await FvadEngine.create(), diarization: new ClassicalDiarizationEngine() };
  talk = await converse([
    { voice: 'rms', text: 'Good morning everyone, let us start the meeting.' },
    { voice: 'slt', text: 'Please share your screen with the team.' },
    { voice: 'rms', text: 'We need to finish the report by Friday.' },
  ]);
}, 30_000);

afterAll(() => stt.close());

/** Feeds audio in 20 ms frames, as a live client does, then ends the stream. */
async function run(pcm: Int16Array, enableDiarization = true): Promise<LiveResult[]> {
  let n = 0;
  const live = await LiveTranscription.open(engines, { enableDiarization, newId: () => `u${n++}` });
  const out: LiveResult[] = [];
  for (let at = 0; at < pcm.length; at += 320) out.push(...(await live.push(pcm.subarray(at, at + 320))));
  out.push(...(await live.finish()));
  await live.close();
  return out;
}

describe('live transcription', () => {
  it('gives interims then one final per utterance, with stable ids, cumulative text and speakers', async () => {
    const results = await run(talk.pcm);
    const finals = results.filter((r) => r.isFinal);
    expect(finals.map((f) => f.id)).toEqual(['u0', 'u1', 'u2']);
    expect(finals.map((f) => f.speaker)).toEqual(['0', '1', '0']);
    finals.forEach((final, i) => {
      expect(wordErrorRate(talk.turns[i]?.text ?? '', final.text).wer).toBeLessThanOrEqual(0.25);
      const interims = results.filter((r) => r.id === final.id && !r.isFinal);
      expect(interims.length).toBeGreaterThanOrEqual(2);
      expect(interims.every((r) => r.speaker === undefined)).toBe(true);
      // Interims precede their final, and no chunk of a later utterance comes before it.
      const finalAt = results.indexOf(final);
      expect(results.slice(0, finalAt).every((r) => r.id <= final.id)).toBe(true);
      const words = interims.map((r) => r.text.split(' ').length);
      expect(words.at(-1)).toBeGreaterThan(words[0] ?? 0);
    });
  }, 60_000);

  it('finalizes an utterance cut off by the end of audio', async () => {
    const turn = talk.turns[0];
    if (!turn) throw new Error('no turn');
    const cut = talk.pcm.subarray(0, Math.round(turn.endMs * 16) - 4000);
    const finals = (await run(cut)).filter((r) => r.isFinal);
    expect(finals).toHaveLength(1);
    expect(finals[0]?.text.split(' ').length).toBeGreaterThanOrEqual(4);
  }, 30_000);

  it('leaves the speaker out when diarization is off', async () => {
    const finals = (
      await run(talk.pcm.subarray(0, Math.round((talk.turns[1]?.endMs ?? 0) * 16)), false)
    ).filter((r) => r.isFinal);
    expect(finals.length).toBe(2);
    expect(finals.every((f) => !('speaker' in f))).toBe(true);
  }, 30_000);

  it('says nothing for silence', async () => {
    expect(await run(new Int16Array(16_000 * 2))).toEqual([]);
  });
});
