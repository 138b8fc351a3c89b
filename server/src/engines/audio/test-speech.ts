import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FfmpegAudioEngine } from './ffmpeg-audio.adapter.js';
import { concatPcm, msToSamples } from './pcm.js';
import { withTempDir } from './temp-dir.js';

// Test support (not a test): English speech with a known transcript, made on the spot with flite,
// which pocketsphinx recognizes well. Used by the audio, VAD, STT and diarization tests.

const run = promisify(execFile);

export type FliteVoice = 'slt' | 'rms' | 'awb' | 'kal16';

export async function speak(text: string, voice: FliteVoice = 'slt'): Promise<Int16Array> {
  return withTempDir(async (dir) => {
    const file = join(dir, 'speech.wav');
    await run('flite', ['-voice', voice, '-t', text, '-o', file]);
    return new FfmpegAudioEngine().decode(await readFile(file));
  });
}

export function silence(ms: number): Int16Array {
  return new Int16Array(msToSamples(ms));
}

export interface Turn {
  voice: FliteVoice;
  text: string;
}

export interface Conversation {
  pcm: Int16Array;
  /** Where each turn's audio sits, in ms (including flite's own leading/trailing quiet). */
  turns: { voice: FliteVoice; text: string; startMs: number; endMs: number }[];
}

/** Turns spoken one after another with `gapMs` of silence between them. */
export async function converse(turns: readonly Turn[], gapMs = 700): Promise<Conversation> {
  const parts: Int16Array[] = [silence(300)];
  const placed: Conversation['turns'] = [];
  let at = 300;
  for (const turn of turns) {
    const pcm = await speak(turn.text, turn.voice);
    const ms = (pcm.length * 1000) / 16_000;
    placed.push({ ...turn, startMs: at, endMs: at + ms });
    parts.push(pcm, silence(gapMs));
    at += ms + gapMs;
  }
  return { pcm: concatPcm(parts), turns: placed };
}

export const ENGLISH_SENTENCES = [
  'Good morning everyone, let us start the meeting.',
  'Please share your screen with the team.',
  'We need to finish the report by Friday.',
  'I will send the notes after the call.',
  'Let us talk about the budget for next year.',
  'Thank you all for joining today.',
  'The next meeting is on Monday at ten.',
] as const;
