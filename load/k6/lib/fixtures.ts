import { open as openShared } from 'k6/experimental/fs';
import { type FrameSet, fixtureFrames } from '../../src/audio-frames.js';
import type { Turn } from '../../src/turn-latency.js';
import { AUDIO_DIR, SCHEMA_DIR } from './paths.js';

// Fixture audio, read once through k6/experimental/fs (one copy shared by every VU; `open(path, 'b')`
// would copy the file into each VU), framed once per VU. The manifest gives each file's turns.

interface ManifestEntry {
  path: string;
  turns?: Turn[];
}

export async function loadFixture(path: string): Promise<{ frames: FrameSet; turns: Turn[] }> {
  const manifest = JSON.parse(open(`${AUDIO_DIR}manifest.json`)) as {
    files: ManifestEntry[];
  };
  const entry = manifest.files.find((f) => f.path === path);
  if (!entry) throw new Error(`FIXTURE ${path} is not in fixtures/audio/manifest.json`);
  const file = await openShared(`${AUDIO_DIR}${path}`);
  const { size } = await file.stat();
  const bytes = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const read = await file.read(bytes.subarray(at));
    if (!read) break;
    at += read;
  }
  return { frames: fixtureFrames(path, bytes), turns: entry.turns ?? [] };
}

/** A JSON Schema of schemas/json/, read at init (for the fields it requires). */
export function schema(id: string): unknown {
  return JSON.parse(open(`${SCHEMA_DIR}${id}.schema.json`));
}
