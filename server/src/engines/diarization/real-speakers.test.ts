import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureFiles, fixturePcm } from '../audio/fixture-audio.js';
import {
  type Recording,
  recordedConversation,
  recordings,
  speakerAccuracy,
} from '../audio/recorded-speech.js';
import { FILE_VAD_OPTIONS } from '../recognition/file-transcription.js';
import { FvadEngine } from '../vad/fvad.adapter.js';
import { ClassicalDiarizationEngine } from './classical-diarization.adapter.js';
import { profileFor } from './speaker-profile.js';

// Speakers on real people's speech (fixtures/recordings: Allison Smith in English and Spanish,
// June Wallack, Carlo Flora; telephone-band Asterisk prompts), built into conversations as
// bench:speech builds them: one speaker stays one label, two alternating speakers get at least
// 85 % of the speech time right.

const engine = new ClassicalDiarizationEngine();
let vad: FvadEngine;
const byLanguage = (language: string) => recordings((r) => r.language === language);
const [allison, allisonEs, june, carlo] = ['en', 'es', 'fr', 'it'].map(byLanguage) as Recording[][];
const alternate = (a: Recording[], b: Recording[], turns: number[]) =>
  turns.flatMap((i) => [a[i], b[i]]).filter((r): r is Recording => r !== undefined);

async function speakersOf(clips: Recording[]) {
  const talk = await recordedConversation(clips, 700);
  const labelled = engine.diarize(talk.pcm, vad.segments(talk.pcm, FILE_VAD_OPTIONS));
  const utterances = labelled.map((s) => ({ speaker: s.speaker, start_ms: s.startMs, end_ms: s.endMs }));
  return {
    accuracy: speakerAccuracy(talk.turns, utterances),
    labels: new Set(labelled.map((s) => s.speaker)).size,
  };
}

beforeAll(async () => {
  vad = await FvadEngine.create();
});

describe('speakers in real recordings', () => {
  it.each([
    ['Allison, English', () => allison],
    [
      'Allison, English then Spanish',
      () => [...(allison?.slice(0, 3) ?? []), ...(allisonEs?.slice(0, 3) ?? [])],
    ],
    ['June', () => june],
    ['Carlo', () => carlo],
  ])('keeps one speaker as one label: %s', async (_, clips) => {
    const { labels } = await speakersOf(clips() ?? []);
    expect(labels).toBe(1);
  });

  it.each([
    ['Allison and Carlo (the bench pair)', () => alternate(allison ?? [], carlo ?? [], [0, 1, 2])],
    ['Allison and Carlo, later clips', () => alternate(allison ?? [], carlo ?? [], [2, 3, 4])],
    ['Allison and June (two women)', () => alternate(allison ?? [], june ?? [], [0, 1, 2])],
    ['June and Carlo', () => alternate(june ?? [], carlo ?? [], [0, 1, 2])],
  ])('gets two alternating speakers at least 85 in 100 of the speech time right: %s', async (_, clips) => {
    const { accuracy, labels } = await speakersOf(clips());
    expect(labels).toBe(2);
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
  });

  it('reads the recordings as telephone-band and the flite fixtures as wideband', async () => {
    const talk = await recordedConversation(alternate(allison ?? [], carlo ?? [], [0]), 700);
    expect(profileFor(talk.pcm).name).toBe('telephone');
    const [flite] = fixtureFiles((f) => f.purpose.includes('diarization'));
    expect(flite).toBeDefined();
    if (flite) expect(profileFor(await fixturePcm(flite)).name).toBe('wideband');
  });
});
