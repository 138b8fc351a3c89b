import { describe, expect, it } from 'vitest';
import { Limits } from '../core/contracts.js';
import { keepContextKeywords, keepLanguageHints } from '../engines/stt/recognition-hints.js';
import { StreamFailure } from './stream-failure.js';
import { parseStreamQuery, readConfigFrame, sessionSettings } from './stream-params.js';

const query = (text: string) => parseStreamQuery(new URLSearchParams(text));
const newId = () => 'sess_generated';

describe('stream query parameters', () => {
  it('reads format, reduce_noise, language_hints and enable_diarization', () => {
    expect(query('format=json&reduce_noise=true&language_hints=en,de&enable_diarization=false')).toEqual({
      format: 'json',
      reduceNoise: true,
      languageHints: ['en', 'de'],
      enableDiarization: false,
    });
    expect(query('')).toEqual({
      format: 'protobuf',
      reduceNoise: false,
      languageHints: undefined,
      enableDiarization: undefined,
    });
  });

  it('keeps at most 3 language hints from comma lists and repeated parameters, dropping the rest', () => {
    expect(query('language_hints=en&language_hints=de,fr&language_hints=es').languageHints).toEqual([
      'en',
      'de',
      'fr',
    ]);
    expect(keepLanguageHints(['en', 'EN', ' de ', '', 'fr', 'es'])).toEqual(['en', 'de', 'fr']);
    expect(keepLanguageHints(undefined)).toEqual([]);
  });

  it('refuses flag values that are neither true nor false, and unknown formats', () => {
    expect(() => query('reduce_noise=maybe')).toThrow(StreamFailure);
    expect(() => query('format=xml')).toThrow(/format/);
  });
});

describe('stream config frame', () => {
  it('refuses text that is not JSON, and JSON that breaks the schema', () => {
    expect(() => readConfigFrame('{')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
    expect(() => readConfigFrame('{"encoding":"wav"}')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR' }),
    );
    expect(() => readConfigFrame('[]')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it('lets the config override the query, then the query the defaults', () => {
    const q = query('language_hints=de&enable_diarization=false&reduce_noise=true');
    expect(sessionSettings(q, readConfigFrame('{}'), newId)).toMatchObject({
      sessionId: 'sess_generated',
      encoding: 'pcm16',
      languageHints: ['de'],
      enableDiarization: false,
      reduceNoise: true,
    });
    const config = readConfigFrame(
      '{"session_id":"s1","language_hints":"en","enable_diarization":true,"encoding":"opus"}',
    );
    expect(sessionSettings(q, config, newId)).toMatchObject({
      sessionId: 's1',
      encoding: 'opus',
      languageHints: ['en'],
      enableDiarization: true,
    });
    expect(sessionSettings(query(''), readConfigFrame('{}'), newId)).toMatchObject({
      enableDiarization: true,
      languageHints: [],
    });
  });

  it('keeps context keywords up to 2000 characters in total, dropping the rest', () => {
    const word = 'x'.repeat(300);
    const kept = keepContextKeywords(Array.from({ length: 10 }, () => word));
    expect(kept).toHaveLength(Math.floor(Limits.contextKeywordsChars / 300));
    expect(keepContextKeywords('Parley, standup ,OKR')).toEqual(['Parley', 'standup', 'OKR']);
    const config = readConfigFrame(JSON.stringify({ context_keywords: 'y'.repeat(2500) }));
    expect(sessionSettings(query(''), config, newId).contextKeywords).toEqual([]);
  });
});
