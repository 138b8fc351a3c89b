import { VARIANTS } from '@parley/conformance/testing/variants';
import { describe, expect, it } from 'vitest';
import {
  NOT_MET,
  SPEC_ONLY_MATRIX,
  STREAM_MATRIX,
  TTS_MATRIX,
  uncovered,
} from '../test-support/variant-matrix.js';

// The load matrix follows the conformance kit's catalog of allowed variants: a stream or speech
// variant added there fails here until the matrix runs it (variants-oracle.test.ts,
// variants-reference.test.ts) or says why the scripts never meet it.

describe('the load matrix of allowed variants', () => {
  it('runs or explains every stream and speech variant of the catalog', () => {
    expect(uncovered(VARIANTS)).toEqual([]);
  });

  it('names only variants the catalog has', () => {
    const ids = new Set(VARIANTS.map((v) => v.id));
    const named = [
      ...STREAM_MATRIX.map((e) => e.id),
      ...TTS_MATRIX,
      ...SPEC_ONLY_MATRIX,
      ...Object.keys(NOT_MET),
    ];
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('fails on a stream or speech variant added without a row', () => {
    const added = [
      { id: 'frames-in-batches', area: 'stream', only: ['stream.02.json-session'] },
      { id: 'tts-ssml', area: 'speech', only: ['speech.03.tts-ogg-opus'] },
      { id: 'a-rest-one-on-stt', area: 'rest', only: ['speech.09.stt-protobuf-body'] },
      { id: 'meetings-other-order', area: 'rest', only: ['rest.03.get-meetings-newest-first'] },
    ];
    expect(uncovered([...VARIANTS, ...added])).toEqual([
      'frames-in-batches',
      'tts-ssml',
      'a-rest-one-on-stt',
    ]);
  });
});
