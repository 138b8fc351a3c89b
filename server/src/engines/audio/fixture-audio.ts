import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FfmpegAudioEngine } from './ffmpeg-audio.adapter.js';

// Test support (not a test): the shared audio fixtures with known transcripts and speaker turns,
// described by fixtures/audio/manifest.json (written by fixtures/generate.ts).

export interface FixtureTurn {
  speaker: string;
  text: string;
  start_s: number;
  end_s: number;
}

export interface FixtureFile {
  id: string;
  path: string;
  format: string;
  language: string;
  text: string;
  speakers: number;
  voice: string;
  duration_s: number;
  turns: FixtureTurn[];
  purpose: string[];
}

const DIR = fileURLToPath(new URL('../../../../fixtures/audio/', import.meta.url));
const MANIFEST = `${DIR}manifest.json`;

export const fixturesPresent = existsSync(MANIFEST);

export function fixtureFiles(filter: (file: FixtureFile) => boolean = () => true): FixtureFile[] {
  if (!fixturesPresent) return [];
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { files: FixtureFile[] };
  return manifest.files.filter(filter);
}

/** Where a fixture's audio is on disk. */
export function fixturePath(file: FixtureFile): string {
  return `${DIR}${file.path}`;
}

export function fixtureBytes(file: FixtureFile): Promise<Buffer> {
  return readFile(fixturePath(file));
}

export async function fixturePcm(file: FixtureFile): Promise<Int16Array> {
  return new FfmpegAudioEngine().decode(await fixtureBytes(file));
}

/**
 * The English sentences (3 flite voices × 10) in two parts, so that the tests decode each once: the
 * STT route's word error rate is read on sentences 1-4 of each voice (stt.routes.test.ts), the
 * engine's on sentences 5-10 (pocketsphinx.adapter.test.ts; 144 words).
 */
export function englishSentences(part: 'route' | 'engine'): FixtureFile[] {
  const forRoute = (file: FixtureFile) => /^en\/(rms|slt|awb)-0[1-4]\./.test(file.path);
  return fixtureFiles((f) => f.path.startsWith('en/') && forRoute(f) === (part === 'route'));
}
