// bench:speech's part on real recordings (fixtures/recordings: people reading telephone prompts in
// en, es, fr, it, from Debian's Asterisk sound packages): what the local file STT answers for each
// language without a hint — the language it names, the confidence, and how often it is a confident
// wrong language (the aim: never) — English WER next to the synthetic fixtures', and diarization of
// one real speaker (one label wanted) and two alternating real speakers (≥ 85 % of speech time right).

import {
  type Recording,
  recordedConversation,
  recordingPcm,
  recordings,
  speakerAccuracy,
} from '../src/engines/audio/recorded-speech.js';
import { ClassicalDiarizationEngine } from '../src/engines/diarization/classical-diarization.adapter.js';
import {
  FILE_VAD_OPTIONS,
  transcribeFile,
  UNCHECKED_LANGUAGE_CONFIDENCE,
} from '../src/engines/recognition/file-transcription.js';
import { PocketsphinxSttEngine } from '../src/engines/stt/pocketsphinx.adapter.js';
import { corpusWer } from '../src/engines/stt/wer.js';
import { FvadEngine } from '../src/engines/vad/fvad.adapter.js';

export interface LanguageRow {
  language: string;
  clips: number;
  /** Languages the answers named, with counts ("en ×5"). */
  named: string;
  meanConfidence: number;
  /** Answers naming another language than the spoken one with confidence above "unsure". */
  confidentWrong: number;
  /** Word error rate against the transcript (meaningful for English only). */
  wer: number;
}

export interface RealSpeechResult {
  languages: LanguageRow[];
  /** Speaker labels given to one real speaker's five clips in a row. */
  oneSpeakerLabels: number;
  /** Share of speech time with the right label, two real speakers alternating (0 to 1). */
  twoSpeakerAccuracy: number;
  twoSpeakerLabels: number;
}

export async function measureRealSpeech(clipsPerLanguage = 5): Promise<RealSpeechResult> {
  const stt = await PocketsphinxSttEngine.create({ maxDecoders: 2 });
  const engines = { stt, vad: await FvadEngine.create(), diarization: new ClassicalDiarizationEngine() };
  try {
    // Speakers need no transcript: VAD segments and the classical diarization, as file STT runs them.
    const speakersOf = async (clips: readonly Recording[]) => {
      const talk = await recordedConversation(clips, 700);
      const segments = engines.vad.segments(talk.pcm, FILE_VAD_OPTIONS);
      const labelled = engines.diarization.diarize(talk.pcm, segments).map((s) => ({
        speaker: s.speaker,
        start_ms: s.startMs,
        end_ms: s.endMs,
      }));
      return {
        accuracy: speakerAccuracy(talk.turns, labelled),
        labels: new Set(labelled.map((u) => u.speaker)).size,
      };
    };
    const allison = recordings((r) => r.language === 'en');
    const carlo = recordings((r) => r.language === 'it');
    const alternating = [allison[0], carlo[0], allison[1], carlo[1], allison[2], carlo[2]].filter(
      (r): r is Recording => r !== undefined,
    );
    const one = await speakersOf(allison);
    const two = await speakersOf(alternating);
    console.log(
      `\n  speakers: one real speaker → ${one.labels} label(s); two alternating → ${(two.accuracy * 100).toFixed(0)} % right, ${two.labels} labels`,
    );
    const languages: LanguageRow[] = [];
    for (const language of ['en', 'es', 'fr', 'it']) {
      const clips = recordings((r) => r.language === language).slice(0, clipsPerLanguage);
      const named = new Map<string, number>();
      let confidence = 0;
      let confidentWrong = 0;
      const pairs: { reference: string; hypothesis: string }[] = [];
      for (const clip of clips) {
        const result = await transcribeFile(await recordingPcm(clip), engines, { enableDiarization: false });
        named.set(result.detected_language, (named.get(result.detected_language) ?? 0) + 1);
        confidence += result.confidence;
        if (result.detected_language !== language && result.confidence > UNCHECKED_LANGUAGE_CONFIDENCE)
          confidentWrong++;
        pairs.push({ reference: clip.text, hypothesis: result.text });
      }
      const row = {
        language,
        clips: clips.length,
        named: [...named].map(([code, n]) => `${code || '(none)'} ×${n}`).join(', '),
        meanConfidence: confidence / Math.max(1, clips.length),
        confidentWrong,
        wer: corpusWer(pairs).wer,
      };
      languages.push(row);
      // Printed as it comes: on a busy machine the whole part takes minutes.
      console.log(
        `\n  ${language}: ${row.named}, mean confidence ${row.meanConfidence.toFixed(2)}, WER ${(row.wer * 100).toFixed(1)} %`,
      );
    }
    return {
      languages,
      oneSpeakerLabels: one.labels,
      twoSpeakerAccuracy: two.accuracy,
      twoSpeakerLabels: two.labels,
    };
  } finally {
    await stt.close();
  }
}
