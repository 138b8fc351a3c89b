import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { meetingIdOf, retryAfterSeconds, SERVER_ERROR_RETRY_SECONDS } from '../service.client.js';
import { appTester, bundleWith, caught, op, service } from './app.test-support.js';

const poll = () => appTester(op.trigger('meeting_ended'), bundleWith());
const details = (id: string) =>
  appTester(op.search('find_meeting'), bundleWith({ inputData: { meeting_id: id } }));
const generate = (id: string) =>
  appTester(op.create('generate_document'), bundleWith({ inputData: { meeting_id: id, prompt: 'Brief' } }));
const summarize = (id: string) =>
  appTester(op.create('summarize_meeting'), bundleWith({ inputData: { meeting_id: id } }));

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

describe('error mapping (one place: service.client.ts mapErrors)', () => {
  it('turns a 401 into RefreshAuthError so Zapier refreshes the token', async () => {
    service()
      .get('/api/partner/triggers/meeting-ended')
      .reply(401, { success: false, error: 'Invalid access token', code: 'UNAUTHORIZED' });
    expect((await caught(poll())).name).toBe('RefreshAuthError');
  });

  it('asks to reconnect on a 403 insufficient_scope (challenge header)', async () => {
    service()
      .post('/api/partner/meetings/mtg_1/generate-document')
      .reply(
        403,
        { success: false, error: 'The token lacks documents:write', code: 'FORBIDDEN' },
        { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="documents:write"' },
      );
    const error = await caught(generate('mtg_1'));
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.message).toMatch(/Reconnect your Parley account/);
  });

  it('asks to reconnect on a 403 whose body names insufficient_scope', async () => {
    service()
      .post('/v1/summarize-meeting')
      .reply(403, { success: false, error: 'insufficient_scope', code: 'INSUFFICIENT_SCOPE' });
    expect((await caught(summarize('mtg_1'))).name).toBe('ExpiredAuthError');
  });

  it('passes the text of any other 403 through', async () => {
    service()
      .get('/api/partner/triggers/meeting-ended')
      .reply(403, { success: false, error: 'Account suspended' });
    const error = await caught(poll());
    expect(error.name).toBe('AppError');
    expect(error.detail).toMatchObject({ message: 'Account suspended', status: 403 });
  });

  it('names the meeting of a 404 taken from the path', async () => {
    service()
      .post('/api/partner/meetings/mtg_gone/generate-document')
      .reply(404, { success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
    const error = await caught(generate('mtg_gone'));
    expect(error.detail).toMatchObject({ code: 'meeting_not_found', status: 404 });
    expect(error.detail.message).toContain('Meeting not found');
    expect(error.detail.message).toContain('"mtg_gone"');
  });

  it('names the meeting of a 404 taken from a meeting REST body', async () => {
    service()
      .post('/v1/summarize-meeting')
      .reply(404, { success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
    expect((await caught(summarize('mtg_other'))).detail.message).toContain('"mtg_other"');
  });

  it('keeps the service text of a 404 that is not about a meeting', async () => {
    service()
      .get('/api/partner/triggers/meeting-ended')
      .reply(404, { success: false, error: 'No such route' });
    expect((await caught(poll())).detail).toMatchObject({ message: 'No such route', status: 404 });
  });

  it('turns a 429 into ThrottledError with the Retry-After seconds', async () => {
    service()
      .get('/api/partner/triggers/meeting-ended')
      .reply(
        429,
        { success: false, error: 'Too many requests', code: 'LIMIT_EXCEEDED' },
        { 'Retry-After': '17' },
      );
    const error = await caught(poll());
    expect(error.name).toBe('ThrottledError');
    expect(error.detail.delay).toBe(17);
    expect(error.detail.message).toContain('Too many requests');
  });

  it('throttles a 429 without Retry-After with no delay, leaving the default to Zapier', async () => {
    service().get('/api/partner/triggers/meeting-ended').reply(429, { success: false, error: 'Slow down' });
    const error = await caught(poll());
    expect(error.name).toBe('ThrottledError');
    expect(error.detail.delay ?? null).toBeNull();
  });

  it('shows the body text of a 400 and of a 422', async () => {
    service()
      .post('/v1/summarize-meeting')
      .reply(400, { success: false, error: 'Invalid JSON', code: 'BAD_REQUEST' });
    expect((await caught(summarize('mtg_1'))).detail).toMatchObject({
      message: 'Invalid JSON',
      code: 'BAD_REQUEST',
      status: 400,
    });
    service()
      .post('/v1/summarize-meeting')
      .reply(422, { success: false, error: 'meeting_id: String should have at least 1 character' });
    expect((await caught(summarize('mtg_1'))).detail.message).toBe(
      'meeting_id: String should have at least 1 character',
    );
  });

  it('falls back to the raw text of a body that is not JSON', async () => {
    service().get('/api/partner/triggers/meeting-ended').reply(400, 'plain words from a proxy');
    expect((await caught(poll())).detail.message).toBe('plain words from a proxy');
  });

  it('makes every 5xx a retryable ThrottledError', async () => {
    service().get('/api/partner/meetings/mtg_1').reply(500, { success: false, error: 'Internal error' });
    const error = await caught(details('mtg_1'));
    expect(error.name).toBe('ThrottledError');
    expect(error.detail.delay).toBe(SERVER_ERROR_RETRY_SECONDS);
    expect(error.detail.message).toContain('HTTP 500');
    service()
      .get('/api/partner/triggers/meeting-ended')
      .reply(503, { success: false, error: 'Engine unavailable' }, { 'Retry-After': '5' });
    expect((await caught(poll())).detail).toMatchObject({ delay: 5 });
  });
});

describe('errors in words', () => {
  const transcribe = (audioUrl: string) =>
    appTester(op.create('transcribe_audio'), bundleWith({ inputData: { audio_url: audioUrl } }));

  it('turns a 422 detail into sentences that name each field', async () => {
    service()
      .post('/v1/summarize-meeting')
      .reply(422, {
        detail: [
          { loc: ['body', 'meeting_id'], msg: 'Field required', type: 'missing', input: {} },
          {
            loc: ['body', 'user_prompt'],
            msg: 'String should have at most 2000 characters',
            type: 'string_too_long',
            input: 'x',
          },
          { loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type', input: 1 },
        ],
      });
    const error = await caught(summarize('mtg_1'));
    expect(error.name).toBe('AppError');
    expect(error.detail.message).toBe(
      'Parley refused the input. The field "meeting_id" is required. ' +
        'The field "user_prompt" is not accepted: string should have at most 2000 characters. ' +
        'The request is not accepted: input should be a valid dictionary.',
    );
    expect(error.detail.status).toBe(422);
  });

  it('halts, not retries, when a link the user gave answered a client error (dead audio URL)', async () => {
    service()
      .post('/v1/stt')
      .reply(502, { success: false, error: 'Audio URL answered HTTP 404', code: 'UPSTREAM_FAILED' });
    const error = await caught(transcribe('https://files.example/gone.wav'));
    expect(error.name).toBe('HaltedError');
    // Core's appTester appends its own "What happened" lines to the message.
    expect(error.message).toContain(
      'Parley could not use the link in this step: Audio URL answered HTTP 404. ' +
        'Check that the URL is right and publicly reachable; retrying will not help.',
    );
  });

  it('still retries a 502 whose upstream failed on its side (HTTP 503)', async () => {
    service()
      .post('/v1/stt')
      .reply(502, { success: false, error: 'Audio URL answered HTTP 503', code: 'UPSTREAM_FAILED' });
    expect((await caught(transcribe('https://files.example/busy.wav'))).name).toBe('ThrottledError');
  });
});

describe('error helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2024-05-02T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 02 May 2024 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Thu, 02 May 2024 09:00:00 GMT', now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });

  it('finds the meeting id in a path, a JSON body or a string body', () => {
    expect(meetingIdOf({ url: 'https://x.test/api/partner/meetings/mtg%201/generate-document' })).toBe(
      'mtg 1',
    );
    expect(meetingIdOf({ url: 'https://x.test/v1/summarize-meeting', body: { meeting_id: 'mtg_2' } })).toBe(
      'mtg_2',
    );
    expect(meetingIdOf({ url: 'https://x.test/v1/x', body: '{"meeting_id":"mtg_3"}' })).toBe('mtg_3');
    expect(meetingIdOf({ url: 'https://x.test/v1/x', body: 'not json' })).toBeUndefined();
    expect(meetingIdOf({ url: 'not a url', body: { meeting_id: 'mtg_4' } })).toBe('mtg_4');
  });
});
