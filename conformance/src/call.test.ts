import type { GetMeetingsResponse, SttResponse } from '@parley/schemas/types';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type Answer, attempt, call, send, type TypedRouteName } from './call.js';
import { Verdict } from './check.js';
import { CheckContext, newRunState, type Target } from './context.js';

// call() and attempt() against canned answers: the answer typed once the validator passed it, a
// wrong status or a schema break ending the check, the key where the route's auth puts it. The
// type-level half: misuses the compiler refuses (refusedByTheCompiler, never run).

const target: Target = {
  baseUrl: 'http://call.invalid',
  wsUrl: 'ws://call.invalid',
  apiKey: 'KEY',
  timeoutMs: 5_000,
  seed: 1,
  runId: 'pc-call',
  profile: 'smoke',
};

const ctx = () => new CheckContext(target, 'rest.99.call', newRunState());

/** Answers every request with `body` and `status`, keeping what was asked. */
function answering(status: number, body: unknown) {
  const asked: { url: string; headers: Record<string, string>; body: string }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    asked.push({
      url: input,
      headers: init.headers as Record<string, string>,
      body: String(init.body),
    });
    return Response.json(body, { status });
  });
  return asked;
}

const verdictOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Verdict);
  return error as Verdict;
};

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('answers a 200 typed by the route once its schema passed', async () => {
    const body = { success: true, meetings: [], has_more: false };
    const asked = answering(200, body);
    const answer = await call(ctx(), 'get-meetings', { limit: 2 });
    expectTypeOf(answer).toEqualTypeOf<GetMeetingsResponse>();
    expect(answer).toEqual(body);
    expect(asked[0]).toMatchObject({
      url: 'http://call.invalid/v1/get-meetings',
      headers: { 'X-API-Key': 'KEY' },
      body: '{"limit":2}',
    });
  });

  it('ends the check on another status, named by `what`', async () => {
    answering(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    const verdict = await verdictOf(call(ctx(), 'get-meetings', {}, { what: 'listing' }));
    expect(verdict.found[0]).toMatchObject({ code: 'STATUS', path: 'listing status', expected: 200 });
  });

  it('ends the check on a body that breaks the schema', async () => {
    answering(200, { success: true, meetings: 'none', has_more: false });
    const verdict = await verdictOf(call(ctx(), 'get-meetings', {}));
    expect(verdict.found[0]).toMatchObject({ code: 'TYPE', path: 'get-meetings $.meetings' });
  });

  it('puts the key in the query on a query-key route, and sends another or none when asked', async () => {
    const asked = answering(200, { text: '', detected_language: 'en', confidence: 1, utterances: [] });
    const answer = await call(ctx(), 'stt', { audio_url: 'http://a.invalid/x.wav' }, { key: 'K 2' });
    expectTypeOf(answer).toEqualTypeOf<SttResponse>();
    expect(asked[0]?.url).toBe('http://call.invalid/v1/stt?api_key=K%202');
    expect(asked[0]?.headers).toEqual({ 'content-type': 'application/json' });
    await send(ctx(), 'get-my-people', {}, { key: null });
    expect(asked[1]?.headers).toEqual({ 'content-type': 'application/json' });
  });
});

describe('attempt', () => {
  it('hands back a refusal for the check to judge', async () => {
    answering(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    const got = await attempt(ctx(), 'get-meeting-messages', { meeting_id: 'm' });
    expect(got.ok).toBe(false);
    expect(got.reply.status).toBe(404);
  });

  it('types a 200 as call does, and ends the check on one that breaks the schema', async () => {
    answering(200, { success: true, messages: [], has_more: false });
    const got = await attempt(ctx(), 'get-meeting-messages', { meeting_id: 'm' });
    if (!got.ok) throw new Error('a 200 is an answer');
    expectTypeOf(got.answer).toEqualTypeOf<Answer<'get-meeting-messages'>>();
    expect(got.answer.messages).toEqual([]);
    answering(200, { success: true, has_more: false });
    const verdict = await verdictOf(attempt(ctx(), 'get-meeting-messages', { meeting_id: 'm' }));
    expect(verdict.found[0]).toMatchObject({ code: 'MISSING_FIELD' });
  });
});

/** Misuses the compiler refuses; never run (they are only wrong in their types). */
export async function refusedByTheCompiler(c: CheckContext): Promise<void> {
  expectTypeOf<'translate-text'>().toMatchTypeOf<TypedRouteName>();
  // @ts-expect-error: the partner interface takes a bearer, not the run's key
  await call(c, 'partner-me', {});
  // @ts-expect-error: tts answers protobuf, not JSON
  await call(c, 'tts', {});
  // @ts-expect-error: get-meetings' request has no `offset`
  await call(c, 'get-meetings', { offset: 1 });
  const answer = await call(c, 'get-meetings', {});
  // @ts-expect-error: get-meetings answers no `total`
  answer.total;
  // @ts-expect-error: a meeting id is no number
  const id: number = answer.meetings[0]?.id ?? 0;
  void id;
}
