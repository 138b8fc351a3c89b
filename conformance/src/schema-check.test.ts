import { describe, expect, it } from 'vitest';
import { Verdict } from './check.js';
import { expectValidBody, schemaProblems } from './schema-check.js';

// An answer's extra fields are a deployment's extensions, even where Parley's schema is closed
// (update-transcript-utterance's answer, translate-text's): only what the schema names is judged.

const utterance = { id: 'u1', meeting_id: 'm1', transcript: 'Hello', language: 'en', texts: {} };

describe('answers against closed schemas', () => {
  it('accepts a vendor field at any depth of a closed schema', () => {
    const body = { success: true, x_vendor: 1, utterance: { ...utterance, x_vendor: { region: 'eu' } } };
    expect(schemaProblems('update-transcript-utterance.response', body, 'update')).toEqual([]);
    const read = expectValidBody('update-transcript-utterance.response', body, 'update');
    expect(read.utterance.transcript).toBe('Hello');
  });

  it('still fails a missing field beside a vendor field', () => {
    const { language: _l, ...partial } = utterance;
    const body = { success: true, utterance: { ...partial, x_vendor: 'a' } };
    expect(schemaProblems('update-transcript-utterance.response', body, 'update')).toMatchObject([
      { code: 'MISSING_FIELD', at: { path: 'update $.utterance.language' } },
    ]);
    expect(() => expectValidBody('update-transcript-utterance.response', body, 'update')).toThrow(Verdict);
  });

  it('judges a field the schema names in another branch (not dropped as an extension)', () => {
    const body = {
      success: true,
      source_language: 'en',
      translations: [{ language: 'fr', text: 'Bonjour', error: 'no', x_vendor: 'a' }],
    };
    expect(schemaProblems('translate-text.response', body, 'translate').length).toBeGreaterThan(0);
    const fine = { ...body, translations: [{ language: 'fr', text: 'Bonjour', x_vendor: 'a' }] };
    expect(schemaProblems('translate-text.response', fine, 'translate')).toEqual([]);
  });
});
