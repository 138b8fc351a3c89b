import type { SttUtterance } from '@parley/schemas/types';
import { msToSamples } from '../audio/pcm.js';
import type { DiarizationEngine, DiarizedSegment } from '../diarization/diarization.engine.js';
import { singleSpeaker } from '../diarization/diarization.engine.js';
import { profileFor } from '../diarization/speaker-profile.js';
import { primaryLanguage, type SttEngine, type SttOptions, type SttResult } from '../stt/stt.engine.js';
import { fillHighBand } from '../stt/telephone-band-fill.js';
import type { SpeechSegment, VadEngine, VadOptions } from '../vad/vad.engine.js';

// File speech-to-text (POST /v1/stt): decoded 16 kHz PCM → speech segments → text per segment →
// speakers → the spec's "File speech-to-text result". Local engines get one call per VAD segment;
// an upstream engine gets the whole file once and its own segments are diarized (or its speakers kept).

export interface FileTranscriptionEngines {
  stt: SttEngine;
  vad: VadEngine;
  diarization: DiarizationEngine;
}

export interface FileTranscriptionOptions extends SttOptions {
  /** Default true; false labels every utterance speaker "0". */
  enableDiarization?: boolean;
  vad?: VadOptions;
}

/** An utterance with the field names of the spec's response. */
export type FileUtterance = SttUtterance;

/**
 * Highest confidence an answer gets when its language was never checked: a recognizer with models
 * for some languages only (the local one hears English alone) cannot tell from the audio whether the
 * speech is in one of them, so without a hint naming one of its languages it turns Spanish into
 * English words as readily as it transcribes English. Measured on real telephone prompts
 * (bench:speech): word confidences of Spanish, French and Italian speech overlap English's, so no
 * threshold on them separates the two; the answer says "unsure" (below one half) instead.
 */
export const UNCHECKED_LANGUAGE_CONFIDENCE = 0.5;

export interface FileTranscriptionResult {
  text: string;
  /** Code of the language with the most speech; '' when nothing was recognized. */
  detected_language: string;
  /** Mean utterance confidence, 0 when there are none. */
  confidence: number;
  utterances: FileUtterance[];
}

/**
 * Speaker turns in meetings are often separated by under half a second, so files are cut at 350 ms
 * of silence (the live endpointer waits longer before declaring an utterance over).
 */
export const FILE_VAD_OPTIONS: VadOptions = { minSilenceMs: 350 };

interface Recognized {
  speaker: string;
  result: SttResult;
  offsetMs: number;
  segment: SpeechSegment;
}

export async function transcribeFile(
  pcm16k: Int16Array,
  engines: FileTranscriptionEngines,
  options: FileTranscriptionOptions = {},
): Promise<FileTranscriptionResult> {
  const diarize = options.enableDiarization ?? true;
  const recognized = engines.stt.wholeFile
    ? await wholeFile(pcm16k, engines, options, diarize)
    : await perSegment(pcm16k, engines, options, diarize);
  const cap = languageChecked(engines.stt, options.languageHints) ? 1 : UNCHECKED_LANGUAGE_CONFIDENCE;
  const utterances: FileUtterance[] = recognized
    .filter((r) => r.result.text.length > 0)
    .map(({ speaker, result, offsetMs, segment }) => ({
      speaker,
      text: result.text,
      start_ms: Math.round((result.segments[0]?.startMs ?? segment.startMs - offsetMs) + offsetMs),
      end_ms: Math.round((result.segments.at(-1)?.endMs ?? segment.endMs - offsetMs) + offsetMs),
      confidence: Math.min(cap, result.confidence),
      language: result.language,
    }));
  return {
    text: utterances.map((u) => u.text).join(' '),
    detected_language: dominantLanguage(utterances),
    confidence: utterances.length ? utterances.reduce((s, u) => s + u.confidence, 0) / utterances.length : 0,
    utterances,
  };
}

async function perSegment(
  pcm: Int16Array,
  engines: FileTranscriptionEngines,
  options: FileTranscriptionOptions,
  diarize: boolean,
): Promise<Recognized[]> {
  const segments = engines.vad.segments(pcm, { ...FILE_VAD_OPTIONS, ...options.vad });
  const labelled = diarize ? engines.diarization.diarize(pcm, segments) : singleSpeaker(segments);
  // Telephone-band audio gets the upper band the local model expects (stt/telephone-band-fill.ts).
  const telephone = profileFor(pcm).name === 'telephone';
  const clips = labelled.map((segment) => {
    const clip = pcm.subarray(msToSamples(segment.startMs), msToSamples(segment.endMs));
    return telephone ? fillHighBand(clip) : clip;
  });
  const results = await engines.stt.transcribeMany(clips, options);
  return labelled.map((segment, i) => ({
    speaker: segment.speaker,
    result: results[i] ?? { text: '', confidence: 0, language: '', segments: [] },
    offsetMs: segment.startMs,
    segment,
  }));
}

async function wholeFile(
  pcm: Int16Array,
  engines: FileTranscriptionEngines,
  options: FileTranscriptionOptions,
  diarize: boolean,
): Promise<Recognized[]> {
  const whole = await engines.stt.transcribe(pcm, options);
  const segments = whole.segments.filter((s) => s.text.length > 0);
  let labelled: DiarizedSegment[];
  if (!diarize) labelled = singleSpeaker(segments);
  else if (segments.every((s) => s.speaker !== undefined))
    labelled = relabel(segments.map((s) => ({ ...s, speaker: s.speaker ?? '' })));
  else labelled = engines.diarization.diarize(pcm, segments);
  return labelled.map((segment) => {
    const source = segments.find((s) => s.startMs === segment.startMs && s.endMs === segment.endMs);
    const result: SttResult = {
      text: source?.text ?? '',
      confidence: source?.confidence ?? 0,
      language: whole.language,
      segments: source ? [source] : [],
    };
    return { speaker: segment.speaker, result, offsetMs: 0, segment };
  });
}

/**
 * Whether the transcript's language is known rather than assumed: the engine takes any language
 * (an upstream that detects it), or the caller named one the engine has. Hints naming none of its
 * languages never get here (the service answers 503 naming the language and PARLEY_STT_URL).
 */
export function languageChecked(stt: Pick<SttEngine, 'languages'>, hints: readonly string[] = []): boolean {
  if (stt.languages === 'any') return true;
  const languages = stt.languages;
  return hints.some((hint) => languages.includes(primaryLanguage(hint)));
}

/** Upstream labels (`SPEAKER_01`, ...) → "0", "1", ... in order of first appearance. */
function relabel(segments: DiarizedSegment[]): DiarizedSegment[] {
  const order = new Map<string, string>();
  return segments.map((s) => {
    if (!order.has(s.speaker)) order.set(s.speaker, String(order.size));
    return { ...s, speaker: order.get(s.speaker) ?? '0' };
  });
}

function dominantLanguage(utterances: readonly FileUtterance[]): string {
  const time = new Map<string, number>();
  for (const u of utterances) time.set(u.language, (time.get(u.language) ?? 0) + (u.end_ms - u.start_ms));
  return [...time.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}
