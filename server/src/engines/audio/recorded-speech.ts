import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FfmpegAudioEngine } from './ffmpeg-audio.adapter.js';
import { concatPcm, msToSamples, samplesToMs } from './pcm.js';

// Test and bench support (not a test): real human speech taken from Debian packages, described by
// fixtures/recordings/recordings.json (fixtures/README.md says where each clip comes from). The
// synthetic fixtures flatter the recognizer; these are people reading, on telephone-band audio.

export interface Recording {
  path: string;
  language: string;
  speaker: string;
  text: string;
  duration_s: number;
}

const DIR = fileURLToPath(new URL('../../../../fixtures/recordings/', import.meta.url));
const INDEX = `${DIR}recordings.json`;

export const recordingsPresent = existsSync(INDEX);

export function recordings(filter: (r: Recording) => boolean = () => true): Recording[] {
  if (!recordingsPresent) return [];
  return (JSON.parse(readFileSync(INDEX, 'utf8')) as { recordings: Recording[] }).recordings.filter(filter);
}

export async function recordingPcm(recording: Recording): Promise<Int16Array> {
  return new FfmpegAudioEngine().decode(await readFile(`${DIR}${recording.path}`));
}

export interface RecordedTurn {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * Recordings one after another with `gapMs` of silence between them, as a conversation whose turns
 * are labelled by speaker ("0", "1", ... in order of first appearance) and timed to the sample.
 */
export async function recordedConversation(
  clips: readonly Recording[],
  gapMs = 700,
): Promise<{ pcm: Int16Array; turns: RecordedTurn[] }> {
  const labels = new Map<string, string>();
  const parts: Int16Array[] = [];
  const turns: RecordedTurn[] = [];
  let at = 0;
  for (const clip of clips) {
    if (!labels.has(clip.speaker)) labels.set(clip.speaker, String(labels.size));
    const pcm = await recordingPcm(clip);
    if (parts.length) {
      parts.push(new Int16Array(msToSamples(gapMs)));
      at += msToSamples(gapMs);
    }
    parts.push(pcm);
    turns.push({
      speaker: labels.get(clip.speaker) ?? '0',
      text: clip.text,
      startMs: samplesToMs(at),
      endMs: samplesToMs(at + pcm.length),
    });
    at += pcm.length;
  }
  return { pcm: concatPcm(parts), turns };
}

/** Share of the turns' time covered by utterances with the turn's speaker label (0 to 1). */
export function speakerAccuracy(
  turns: readonly { speaker: string; startMs: number; endMs: number }[],
  utterances: readonly { speaker: string; start_ms: number; end_ms: number }[],
): number {
  let right = 0;
  let total = 0;
  for (const turn of turns) {
    total += turn.endMs - turn.startMs;
    for (const u of utterances) {
      const overlap = Math.min(u.end_ms, turn.endMs) - Math.max(u.start_ms, turn.startMs);
      if (overlap > 0 && u.speaker === turn.speaker) right += overlap;
    }
  }
  return total > 0 ? right / total : 0;
}
