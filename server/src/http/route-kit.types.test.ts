import type { SessionTtsRequestData } from '@parley/schemas/proto';
import type { GetMeetingsResponse, PartnerMeResponse, SttRequest } from '@parley/schemas/types';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Caller } from '../core/caller.js';
import type { JsonText } from '../core/json-text.js';
import { JsonReply, Reply } from './reply.js';
import type { AudioBody } from './request-body.js';
import { type AnswerOf, type BodyOf, createRouteKit, type Route, type RouteKit } from './route-kit.js';

// The kit's types, proved by `tsc` (npm run typecheck covers test files): a route's name types its
// handler's body and answer. Each `@ts-expect-error` is a misuse the compiler must refuse; if the
// kit's types loosen enough to accept one (a `name: string`, an `unknown` body), the directive is
// unused and the type check fails.

const caller: Caller = { userId: 'usr_1', accountId: 'acc_1', email: 'a@example.com', name: 'A' };
const kitForTest = (): RouteKit =>
  createRouteKit({
    auth: {
      'api-key': async () => caller,
      'partner-bearer': async () => caller,
      admin: async () => undefined,
    },
    bodyLimitBytes: 1_000_000,
    partnerSegment: 'partner',
  });

describe('route kit types', () => {
  it('type a handler from its route: the validated request (defaults filled in) and the response', () => {
    // The schema's default makes `limit` present once the body is valid.
    expectTypeOf<BodyOf<Route<'get-meetings'>>['limit']>().toEqualTypeOf<number>();
    expectTypeOf<BodyOf<Route<'stt'>>>().toMatchTypeOf<SttRequest>();
    expectTypeOf<BodyOf<Route<'tts'>>>().toEqualTypeOf<SessionTtsRequestData>();
    expectTypeOf<BodyOf<Route<'playground-upload'>>>().toEqualTypeOf<AudioBody>();
    expectTypeOf<BodyOf<Route<'partner-me'>>>().toEqualTypeOf<undefined>();
    expectTypeOf<AnswerOf<Route<'get-meetings'>>>().toEqualTypeOf<
      GetMeetingsResponse | JsonText<GetMeetingsResponse> | JsonReply<GetMeetingsResponse>
    >();
    expectTypeOf<JsonReply<PartnerMeResponse>>().toMatchTypeOf<AnswerOf<Route<'partner-me'>>>();
  });

  it('refuses a route name the catalog does not hold, at run time as in the types', () => {
    const kit = kitForTest();
    // @ts-expect-error: no route of this name in the catalog
    expect(() => kit.mount('get-meeting', async () => ({}))).toThrow('no route named get-meeting');
    // @ts-expect-error: health is public, so only mountPublic takes it
    expect(() => kit.mount('health', async () => ({}))).toThrow('use mountPublic');
    // @ts-expect-error: create-meeting has an API caller, so only mount takes it
    expect(() => kit.mountPublic('create-meeting', async () => ({}))).toThrow('use mount');
  });
});

/** Misuses the compiler refuses; never run (the answers are only wrong in their types). */
export function refusedByTheCompiler(kit: RouteKit): void {
  // @ts-expect-error: create-meeting's answer must be a CreateMeetingResponse
  kit.mount('create-meeting', async () => ({ success: true }));
  // @ts-expect-error: create-meeting's body has no `limit`
  kit.mount('create-meeting', async (body, who) => ({ success: true, meeting: { id: body.limit, who } }));
  // @ts-expect-error: a JSON route answers its shape, not any Reply
  kit.mount('partner-me', async () => new Reply(200, '{}', {}));
  // @ts-expect-error: a JsonReply of another shape
  kit.mount('partner-me', async () => new JsonReply({ user_id: 1 }, {}));
  // @ts-expect-error: tts's body is the decoded message, which has no meeting_id
  kit.mount('tts', async (body) => Reply.text(body.meeting_id, 'text/plain'));
  // @ts-expect-error: the live stream is an upgrade route
  kit.mount('stt-stream', async () => new Reply(200, '', {}));
  // @ts-expect-error: only the WebSocket route takes an upgrade handler
  kit.mountUpgrade('health', () => undefined);
}
