import { VARIANTS, type Variant } from '@parley/conformance/testing/variants';
import { M } from '../src/metric-names.js';

// The load scripts against the deployments the spec allows (the conformance kit's variant catalog):
// each stream or speech variant is either run — through the variant proxy, in front of the fake
// server of known latencies (variants-oracle.test.ts) and of the reference server
// (variants-reference.test.ts); spec-only by the routes and fields the scripts use
// (spec-only.test.ts) — or named with the reason it changes nothing the scripts send, read or time.
// variant-matrix.test.ts fails on a catalog variant in neither list.

export interface StreamEntry {
  id: string;
  formats: readonly ('json' | 'protobuf')[];
  /** What the variant moves, given the fake server's set latencies; the rest must read as set. */
  effect: 'none' | 'connected-later' | 'no-interims' | 'finalize-held';
  /** The parley_ figures the oracle holds to a value under this variant (the README matrix). */
  metrics: readonly string[];
}

/** Every stream figure the oracle reads against a set latency. */
const STREAM_FIGURES = [M.connected, M.firstInterim, M.turnFinal, M.endToFinal, M.endToFinished] as const;

export const STREAM_MATRIX: readonly StreamEntry[] = [
  { id: 'late-connected', formats: ['json', 'protobuf'], effect: 'connected-later', metrics: STREAM_FIGURES },
  { id: 'no-interims', formats: ['json', 'protobuf'], effect: 'no-interims', metrics: STREAM_FIGURES },
  { id: 'slow-finalize', formats: ['json'], effect: 'finalize-held', metrics: STREAM_FIGURES },
  { id: 'proto-other-layout-stream', formats: ['protobuf'], effect: 'none', metrics: STREAM_FIGURES },
  { id: 'chunk-extra-fields', formats: ['json'], effect: 'none', metrics: STREAM_FIGURES },
  { id: 'no-speaker', formats: ['json'], effect: 'none', metrics: STREAM_FIGURES },
  { id: 'interims-revised', formats: ['json'], effect: 'none', metrics: STREAM_FIGURES },
  { id: 'session-id-uuid', formats: ['json'], effect: 'none', metrics: STREAM_FIGURES },
];

/** The TTS script's request and answer in another layout, against the reference server. */
export const TTS_MATRIX = ['proto-other-layout-tts'] as const;

/** The service as the spec shows it, without Parley's extensions: the routes and fields the scripts use (spec-only.test.ts). */
export const SPEC_ONLY_MATRIX = ['spec-only'] as const;

/** Variants the scripts never meet, and why (what they change is nothing a script sends or reads). */
export const NOT_MET: Record<string, string> = {
  'speech-error-plain': 'error bodies only: every script counts a non-200 as failed without reading its body',
  'error-code-names':
    "error bodies' code values only (HTTP answers with a status ≥ 400): no script reads them",
  'denoise-basic': 'denoise.ts reads denoised_audio_url alone, which the basic answer keeps',
  'translate-other-shape': 'no script calls translate-text',
  'translate-targets-truncated': 'no script calls translate-text',
  'denoise-atten-clamped': 'denoise.ts sends no atten_limit_db (clamping changes only values past 0–100)',
  'proto-other-layout-stt': "file-stt.ts sends a JSON body (the spec's), never the protobuf one",
  'stt-diarization-overcounted':
    'more speakers told in a file transcript: file-stt.ts reads that text and utterances are there, never who spoke',
};

/** Whether a catalog variant touches what the scripts do: the stream or the speech routes. */
export const touchesScripts = (variant: { area: string; only: readonly string[] }) =>
  variant.area === 'stream' ||
  variant.area === 'speech' ||
  variant.only.some((check) => check.startsWith('stream.') || check.startsWith('speech.'));

/** The stream and speech variants of `catalog` that the load matrix neither runs nor explains. */
export function uncovered(
  catalog: readonly { id: string; area: string; only: readonly string[] }[],
): string[] {
  const covered = new Set<string>([
    ...STREAM_MATRIX.map((e) => e.id),
    ...TTS_MATRIX,
    ...SPEC_ONLY_MATRIX,
    ...Object.keys(NOT_MET),
  ]);
  return catalog.filter((v) => touchesScripts(v) && !covered.has(v.id)).map((v) => v.id);
}

/** The catalog's variant `id`; a matrix row naming none is an error, not a skip. */
export function variantOf(id: string): Variant {
  const variant = VARIANTS.find((v) => v.id === id);
  if (!variant) throw new Error(`no variant ${id} in the catalog`);
  return variant;
}
