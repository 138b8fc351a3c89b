// Rules of the speech, stream and partner schemas that a reader of the spec would check by hand:
// both forms of the list fields, the limits, the defaults that must (and must not) exist, and the
// agreement between the JSON shapes, constants.ts and the protobuf layout.
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MODELS,
  DocumentCallbackStatus,
  DocumentModel,
  ErrorCodes,
  HOOK_EVENTS,
  Limits,
  OAUTH_TOKEN_TYPE,
  OAuthGrantType,
  OAuthTtl,
  STREAM_ENCODINGS,
  StreamErrorClose,
} from './constants.js';
import { getValidator, getSchema as schema } from './index.js';
import { StreamConfigMessage, SttRequestMessage } from './proto.js';
import type { SchemaDocument } from './schema-files.js';

const valid = (id: string, value: unknown): boolean => getValidator(id)(value);
const prop = (id: string, ...path: string[]): Record<string, unknown> =>
  path.reduce<Record<string, unknown>>(
    (node, key) => (node.properties as Record<string, Record<string, unknown>>)[key] ?? {},
    schema(id),
  );

describe('speech, stream and partner schemas', () => {
  it('accepts language_hints and context_keywords as a list or a comma string, a 4th hint included', () => {
    const url = 'https://a.example/x.wav';
    for (const hints of [['en', 'de', 'fr', 'es'], 'en,de,fr,es', 'en', []]) {
      expect(valid('stt.request', { audio_url: url, language_hints: hints })).toBe(true);
      expect(valid('stream-config', { language_hints: hints })).toBe(true);
    }
    const longKeywords = 'x'.repeat(Limits.contextKeywordsChars + 10);
    expect(valid('stt.request', { audio_url: url, context_keywords: longKeywords })).toBe(true);
    expect(valid('stream-config', { context_keywords: [longKeywords] })).toBe(true);
  });

  it('refuses an 11th target language and the 100,001st character of translate-text', () => {
    const langs = ['de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ja', 'ko', 'zh'];
    expect(valid('translate-text.request', { text: 'Hi', target_languages: langs.slice(0, 10) })).toBe(true);
    expect(valid('translate-text.request', { text: 'Hi', target_languages: langs })).toBe(false);
    const max = 'a'.repeat(Limits.translateTextChars);
    expect(valid('translate-text.request', { text: max, target_languages: ['de'] })).toBe(true);
    expect(valid('translate-text.request', { text: `${max}a`, target_languages: ['de'] })).toBe(false);
  });

  it('fills the spec defaults of the request bodies', () => {
    const stt: Record<string, unknown> = { audio_url: 'https://a.example/x.wav' };
    expect(valid('stt.request', stt)).toBe(true);
    expect(stt.enable_diarization).toBe(true);
    const tr: Record<string, unknown> = { text: 'Hi', target_languages: ['de'] };
    expect(valid('translate-text.request', tr)).toBe(true);
    expect(tr.source_language).toBe('auto');
    const doc: Record<string, unknown> = { prompt: 'Brief' };
    expect(valid('generate-document.request', doc)).toBe(true);
    expect(doc.model).toBe(DocumentModel.DEFAULT);
  });

  it('gives the stream config no enable_diarization default, so the query parameter still decides', () => {
    const config: Record<string, unknown> = {};
    expect(valid('stream-config', config)).toBe(true);
    expect(config).toEqual({ encoding: 'pcm16' });
  });

  it('keeps enums and limits equal to constants.ts', () => {
    expect(prop('generate-document.request', 'model').enum).toEqual([...DOCUMENT_MODELS]);
    expect(prop('stream-config', 'encoding').enum).toEqual([...STREAM_ENCODINGS]);
    expect(prop('partner-hook.request', 'event').enum).toEqual([...HOOK_EVENTS]);
    expect(prop('partner-hook.response', 'event').enum).toEqual([...HOOK_EVENTS]);
    expect(prop('stream-error', 'error', 'code').enum).toEqual(Object.keys(StreamErrorClose));
    expect(prop('oauth-token.request', 'grant_type').enum).toEqual(Object.values(OAuthGrantType));
    expect(prop('oauth-token.response', 'token_type').const).toBe(OAUTH_TOKEN_TYPE);
    const statuses = (schema('generate-document-callback').oneOf as SchemaDocument[]).map(
      (b) => (b.properties as Record<string, { const: string }>).status?.const,
    );
    expect(statuses).toEqual(Object.values(DocumentCallbackStatus));
    const example = schema('oauth-token.response').examples?.[0] as { expires_in: number };
    expect(example.expires_in).toBe(OAuthTtl.accessToken);
  });

  it('reuses ErrorCodes names for stream errors except the stream-only IDLE_TIMEOUT', () => {
    const own = Object.keys(StreamErrorClose).filter((c) => !(c in ErrorCodes));
    expect(own).toEqual(['IDLE_TIMEOUT']);
    for (const ex of schema('stream-error').examples as { error: { code: string; close_code: number } }[]) {
      expect(ex.error.close_code).toBe(StreamErrorClose[ex.error.code as keyof typeof StreamErrorClose]);
    }
  });

  it('tells the two generate-document replies apart', () => {
    const accepted = { success: true, meeting_id: 'mtg_1', message: 'started' };
    expect(valid('generate-document.response', accepted)).toBe(true);
    expect(valid('generate-document-accepted.response', accepted)).toBe(true);
    const done = { ...accepted, document_text: '# Brief' };
    expect(valid('generate-document.response', done)).toBe(true);
    expect(valid('generate-document-accepted.response', done)).toBe(false);
  });

  it('gives the protobuf messages the same fields as the JSON bodies', () => {
    const jsonKeys = (id: string) => Object.keys(schema(id).properties as object).sort();
    expect(Object.keys(SttRequestMessage.fields).sort()).toEqual(jsonKeys('stt.request'));
    expect(Object.keys(StreamConfigMessage.fields).sort()).toEqual(jsonKeys('stream-config'));
  });
});
