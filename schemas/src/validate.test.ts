// The validators API: defaults, the FastAPI-style detail a client receives, and the 422 body.
import { describe, expect, it } from 'vitest';
import type { GetMeetingsRequest } from './generated/types.js';
import { detailOf, getSchema, getValidator, schemaIds, validate, validationErrorBody } from './index.js';
import { readAntiExamples } from './schema-files.js';

const detailOfBad = (id: string, data: unknown) => {
  const result = validate(id, data);
  if (result.ok) throw new Error(`${id} accepted ${JSON.stringify(data)}`);
  return result.detail;
};

describe('validate', () => {
  it('fills request defaults into the data it returns', () => {
    const body = {};
    const result = validate<GetMeetingsRequest>('get-meetings.request', body);
    expect(result).toEqual({ ok: true, value: { limit: 50 } });
    expect(result.ok && result.value).toBe(body);
    const created = validate('create-meeting.request', {});
    expect(created.ok && created.value).toEqual({ participant_ids: [], title: '' });
    const settings = validate('update-user-default-meeting-setting.request', { view_language: 'ja' });
    expect(settings.ok && settings.value).toEqual({
      original_languages: [],
      view_language: 'ja',
      translation_languages: [],
      contextual_keywords: [],
    });
  });

  it('reports a missing field at its own loc with the object as input', () => {
    expect(detailOfBad('delete-meeting.request', {})).toEqual([
      { loc: ['body', 'meeting_id'], msg: 'Field required', type: 'missing', input: {} },
    ]);
  });

  it('reports every problem at once, with pydantic types and ctx', () => {
    const detail = detailOfBad('get-meetings.request', { limit: 80, last_updated_at: 'yesterday', page: 2 });
    expect(detail.map((d) => [d.loc.join('.'), d.type])).toEqual([
      ['body.page', 'extra_forbidden'],
      ['body.last_updated_at', 'datetime_parsing'],
      ['body.limit', 'less_than_equal'],
    ]);
    expect(detail[2]).toMatchObject({
      msg: 'Input should be less than or equal to 50',
      input: 80,
      ctx: { le: 50 },
    });
  });

  it('maps type errors by the expected type and gives array indexes as numbers', () => {
    const detail = detailOfBad('create-meeting.request', { participant_ids: ['usr_1', 7], title: null });
    expect(detail).toEqual([
      {
        loc: ['body', 'participant_ids', 1],
        msg: 'Input should be a valid string',
        type: 'string_type',
        input: 7,
      },
      { loc: ['body', 'title'], msg: 'Input should be a valid string', type: 'string_type', input: null },
    ]);
    expect(detailOfBad('get-my-people.request', { limit: 2.5 })[0]?.type).toBe('int_from_float');
    expect(
      detailOfBad('summarize-meeting.request', { meeting_id: 'm', send_email_to_participants: 'yes' })[0]
        ?.type,
    ).toBe('bool_type');
    expect(detailOfBad('get-meetings.request', [])).toEqual([
      { loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type', input: [] },
    ]);
  });

  it('names list and string bounds like pydantic', () => {
    const [tooShort] = detailOfBad('assign-co-host.request', { meeting_id: 'm', user_ids: [] });
    expect(tooShort).toMatchObject({
      type: 'too_short',
      ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
    });
    const [empty] = detailOfBad('delete-meeting.request', { meeting_id: '' });
    expect(empty).toMatchObject({ type: 'string_too_short', msg: 'String should have at least 1 character' });
    const [pattern] = detailOfBad('create-meeting.request', { participant_ids: ['em:dana'] });
    expect(pattern).toMatchObject({ loc: ['body', 'participant_ids', 0], type: 'string_pattern_mismatch' });
    const [atten] = detailOfBad('denoise.request', {
      audio_url: 'https://a.example/a.wav',
      atten_limit_db: -3,
    });
    expect(atten).toMatchObject({ type: 'greater_than_equal', ctx: { ge: 0 } });
  });

  it('reports a union by the branch the input was aiming at', () => {
    expect(
      detailOfBad('stt.request', { audio_url: 'https://a.example/a.wav', language_hints: ['en', 4] }),
    ).toEqual([
      {
        loc: ['body', 'language_hints', 1],
        msg: 'Input should be a valid string',
        type: 'string_type',
        input: 4,
      },
    ]);
    const [kind] = detailOfBad('stt.request', { audio_url: 'https://a.example/a.wav', language_hints: 5 });
    expect(kind).toMatchObject({
      loc: ['body', 'language_hints'],
      msg: 'Input should be a valid list or a valid string',
    });
  });

  it('follows union branches that live in other files', () => {
    const detail = detailOfBad('stream-server-frame', { chunk: { id: 'c1', session_id: 's1', text: 'hi' } });
    expect(detail).toEqual([
      {
        loc: ['body', 'chunk', 'is_final'],
        msg: 'Field required',
        type: 'missing',
        input: { id: 'c1', session_id: 's1', text: 'hi' },
      },
    ]);
  });

  it('reports conditional requirements without the if/then noise', () => {
    const meeting = getSchema('meeting').examples?.[0] as Record<string, unknown>;
    expect(detailOfBad('meeting', { ...meeting, status: 'EMS_ENDED' })).toEqual([
      {
        loc: ['body', 'end_at'],
        msg: 'Field required',
        type: 'missing',
        input: { ...meeting, status: 'EMS_ENDED' },
      },
    ]);
  });

  it('gives a detail that is itself a valid 422 body for every anti-example', () => {
    for (const id of schemaIds()) {
      for (const anti of readAntiExamples(id)) {
        const detail = detailOfBad(id, structuredClone(anti.value));
        expect(detail.length, `${id}: ${anti.why}`).toBeGreaterThan(0);
        expect(validate('validation-error', validationErrorBody(detail)).ok, `${id}: ${anti.why}`).toBe(true);
      }
    }
  });

  it('uses another loc prefix when asked', () => {
    const result = validate('delete-meeting.request', {}, { locPrefix: ['query'] });
    expect(!result.ok && result.detail[0]?.loc).toEqual(['query', 'meeting_id']);
  });

  it('maps the errors of a validator obtained directly', () => {
    const validator = getValidator('delete-meeting.request');
    expect(validator({ meeting_id: 3 })).toBe(false);
    expect(detailOf('delete-meeting.request', validator.errors ?? [], { meeting_id: 3 })[0]?.type).toBe(
      'string_type',
    );
  });

  it('throws on an unknown schema id', () => {
    expect(() => getSchema('no-such-thing')).toThrow(/unknown schema id/);
    expect(() => validate('no-such-thing', {})).toThrow(/unknown schema id/);
  });
});
