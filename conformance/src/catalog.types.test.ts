import type { GetMeetingsRequest, GetMeetingsResponse, PartnerMeResponse } from '@parley/schemas/types';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { expectAnswer } from './answer.js';
import type { AnswerOf, CallRouteName, RequestOf } from './catalog.js';
import { isCallRoute } from './catalog.js';
import type { CheckContext } from './context.js';
import type { Reply } from './http-client.js';

/** A JSON 200 as the HTTP client hands it over. */
const jsonReply = (text: string): Reply => ({
  status: 200,
  headers: new Headers({ 'content-type': 'application/json' }),
  body: JSON.parse(text),
  text,
  bytes: new TextEncoder().encode(text),
});

// The kit's calls and answers typed by the catalog, proved by `tsc` (npm run typecheck covers test
// files): each `@ts-expect-error` is a misuse the compiler must refuse; if `ctx.call` or
// `expectAnswer` loosen enough to accept one (a `name: string`, an `unknown` body or answer), the
// directive is unused and the type check fails.

describe('the catalog types the kit', () => {
  it('names a route its request (defaulted fields optional) and its answer', () => {
    expectTypeOf<RequestOf<'get-meetings'>>().toEqualTypeOf<GetMeetingsRequest>();
    expectTypeOf<AnswerOf<'get-meetings'>>().toEqualTypeOf<GetMeetingsResponse>();
    expectTypeOf<AnswerOf<'partner-me'>>().toEqualTypeOf<PartnerMeResponse>();
    expectTypeOf<'create-meeting'>().toMatchTypeOf<CallRouteName>();
    // Not POST /v1/<name> with JSON: the partner interface, and stt (its key goes in the query).
    expectTypeOf<'partner-me'>().not.toMatchTypeOf<CallRouteName>();
    expectTypeOf<'stt'>().not.toMatchTypeOf<CallRouteName>();
  });

  it('knows the meeting REST routes at run time as in the types', () => {
    expect(isCallRoute('get-meetings')).toBe(true);
    expect(isCallRoute('partner-me')).toBe(false);
    expect(isCallRoute('get-meeting')).toBe(false);
  });

  it('types an answer only once the validator passed it', () => {
    const body = { success: true, meetings: [], has_more: false };
    const reply = jsonReply(JSON.stringify(body));
    const answer = expectAnswer(reply, 'get-meetings');
    expectTypeOf(answer).toEqualTypeOf<GetMeetingsResponse>();
    expect(answer).toEqual(body);
    const broken = jsonReply('{"meetings":1}');
    expect(() => expectAnswer(broken, 'get-meetings')).toThrow(/does not match get-meetings.response/);
  });
});

/** Misuses the compiler refuses; never run (they are only wrong in their types). */
export async function refusedByTheCompiler(ctx: CheckContext): Promise<void> {
  // @ts-expect-error: no route of this name in the catalog
  await ctx.call('get-meeting', {});
  // @ts-expect-error: the partner interface is no meeting REST route
  await ctx.call('partner-me', {});
  // @ts-expect-error: get-meetings' request has no `offset`
  await ctx.call('get-meetings', { offset: 10 });
  // @ts-expect-error: limit is an integer, not a string
  await ctx.call('get-meetings', { limit: '10' });
  // @ts-expect-error: create-meeting's body is required
  await ctx.call('create-meeting');
  const reply = await ctx.call('get-meetings', { limit: 1 });
  // @ts-expect-error: get-meetings answers no `total`
  expectAnswer(reply, 'get-meetings').total;
  // @ts-expect-error: no answer of this name in the catalog
  expectAnswer(reply, 'get-meeting');
  // @ts-expect-error: the answer is typed, not any: a meeting id is no number
  const id: number = expectAnswer(reply, 'get-meetings').meetings[0]?.id ?? 0;
  void id;
}
