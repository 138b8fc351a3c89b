import { describe, expect, it } from 'vitest';
import type { Answer } from '../../call.js';
import { newRunState, type Target } from '../../context.js';
import { runChecks } from '../../runner.js';
import { CHECKS } from '../index.js';

// speech.20 and speech.21 on the reference server's answer for the two-speaker conversation fixture
// (as it answered with enable_diarization left out and true): as answered both pass; the omitted
// field read as false, a partial text and a confidence that is no average each fail; a deployment
// that tells no two voices apart even with true leaves the default unjudged, never PASS or FAIL.

const TURNS: [string, number, number, string][] = [
  ['0', 310, 3210, 'good morning sent you for joining the call'],
  ['1', 3950, 6210, 'good morning can we start with the budget'],
  ['0', 7010, 10130, 'yes we need to finish that report by friday'],
  ['1', 10730, 12880, 'i can send the number is this afternoon'],
  ['0', 13800, 16300, 'great please share them with the whole team'],
  ['1', 17010, 19020, 'i will let us meet again on monday'],
];
const answered = (): Answer<'stt'> => ({
  text: TURNS.map((t) => t[3]).join(' '),
  detected_language: 'en',
  confidence: 0.5,
  utterances: TURNS.map(([speaker, start_ms, end_ms, text]) => ({
    speaker,
    start_ms,
    end_ms,
    text,
    confidence: 0.5,
    language: 'en',
  })),
});
const oneSpeaker = (a: Answer<'stt'>): Answer<'stt'> => ({
  ...a,
  utterances: a.utterances.map((u) => ({ ...u, speaker: '0' })),
});

const target: Target = {
  baseUrl: 'http://recorded.invalid',
  wsUrl: 'ws://recorded.invalid',
  apiKey: 'KEY',
  timeoutMs: 5_000,
  seed: 1,
  runId: 'pc-recorded',
  profile: 'full',
};

async function judge(id: string, omitted: Answer<'stt'>, explicit: Answer<'stt'> = answered()) {
  const state = newRunState();
  state.memo.set('stt-conversation-omitted', Promise.resolve(omitted));
  state.memo.set('stt-conversation-true', Promise.resolve(explicit));
  const check = CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id}`);
  const [result] = await runChecks(target, [check], undefined, state);
  return result?.status;
}

describe('file STT of the two-speaker conversation', () => {
  it('as the reference answered, both pass', async () => {
    expect(await judge('speech.20.stt-diarization-default', answered())).toBe('PASS');
    expect(await judge('speech.21.stt-full-transcript', answered())).toBe('PASS');
  });
  it('speech.20 fails when enable_diarization left out gives one speaker where true gives two', async () => {
    expect(await judge('speech.20.stt-diarization-default', oneSpeaker(answered()))).toBe('FAIL');
  });
  it('speech.20 passes imperfect diarization that still tells voices apart (three for two)', async () => {
    const three = answered();
    (three.utterances[4] as { speaker: string }).speaker = '2';
    expect(await judge('speech.20.stt-diarization-default', three)).toBe('PASS');
  });
  it('speech.20 could not judge when true tells no two voices apart either', async () => {
    const one = oneSpeaker(answered());
    expect(await judge('speech.20.stt-diarization-default', one, one)).toBe('COULD_NOT_JUDGE');
  });
  it('speech.21 fails on a text that is the first utterance only', async () => {
    const part = { ...answered(), text: TURNS[0]?.[3] ?? '' };
    expect(await judge('speech.21.stt-full-transcript', part)).toBe('FAIL');
  });
  it('speech.21 fails on a confidence that is no average of the utterances', async () => {
    expect(await judge('speech.21.stt-full-transcript', { ...answered(), confidence: 0.99 })).toBe('FAIL');
  });
});
