import { PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import protobuf from 'protobufjs';
import { expectAnswer } from '../../answer.js';
import { expect, skip, verify } from '../../check.js';
import { at } from '../../json-path.js';
import { partnerBearer } from '../../partner-oauth.js';
import { expectErrorBody, expectStatus, expectValidationBody, verifyStatus } from '../../schema-check.js';
import { define } from '../define.js';
import { q } from '../speech/speech-inputs.js';

// Routes judged as far as the kit's inputs reach: what needs no input is judged without one (a
// protobuf body of a layout the kit does not know is still not an unsupported media type), and
// what the spec leaves ambiguous (the bearer credential on meeting routes) is a SHOULD: a miss is
// NON_STRICT naming the sentence, never a failure.

/** Field 2047, a string: valid protobuf in any layout, and a field no layout of the spec's is likely to use. */
const UNKNOWN_LAYOUT_BODY = protobuf.Writer.create()
  .uint32((2047 << 3) | 2)
  .string('parley-conformance')
  .finish();

export const routeInputsChecks = [
  define({
    id: 'speech.15.stt-protobuf-media-type',
    title: 'File STT does not refuse a protobuf body as an unsupported media type (415), whatever its layout',
    area: 'speech',
    clause: 'File speech-to-text: a protobuf body with application/x-protobuf is also accepted',
    spec: 'Body is JSON (a protobuf body with `application/x-protobuf` is also accepted; its layout: not shown).',
    level: 'MUST',
    async run(ctx) {
      // The layout is not shown, so the kit cannot send a body the deployment reads (speech.09 does,
      // with --proto). What it can judge without one: the media type is accepted, so the answer to
      // a protobuf body is never 415; a 400 for a message lacking audio_url is the body's.
      const what = 'stt protobuf body of an unknown layout';
      const reply = await ctx.http.send(`/v1/stt?${q(ctx)}`, {
        method: 'POST',
        headers: { 'content-type': PROTO_CONTENT_TYPE },
        body: UNKNOWN_LAYOUT_BODY,
      });
      expect(
        reply.status !== 415,
        'STATUS',
        `${what}: 415, application/x-protobuf refused as an unsupported media type (${reply.text.slice(0, 160)})`,
        at(what, 'status', 'not 415', reply.status),
      );
      return `answered ${reply.status} (not 415)`;
    },
  }),
  define({
    id: 'rest.31.meeting-bearer',
    title:
      'Meeting routes take the bearer credential the machine-readable description allows (a miss is noted, never failed)',
    area: 'rest',
    clause:
      'Authentication 2: the machine-readable description also allows Authorization: Bearer <ACCESS_TOKEN> on these endpoints (S-authentication-03)',
    spec: 'The machine-readable description also allows an HTTP bearer credential (`Authorization: Bearer <ACCESS_TOKEN>`) as an alternative on these endpoints.',
    level: 'SHOULD',
    async run(ctx) {
      // The spec's <ACCESS_TOKEN> is the one the OAuth flow issues (Authentication 4); whether a
      // deployment must take it on the meeting routes is ambiguous ("also allows"): a SHOULD.
      const token = await partnerBearer(ctx);
      const what = 'get-meetings with Authorization: Bearer <ACCESS_TOKEN>';
      const reply = await ctx.http.send('/v1/get-meetings', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: {},
      });
      const taken = verify(
        reply.status === 200,
        'STATUS',
        `S-authentication-03 ("also allows an HTTP bearer credential"): ${what} answered ${reply.status}, not 200 ${reply.text.slice(0, 160)}`,
        at(what, 'status', 200, reply.status),
      );
      if (taken) expectAnswer(reply, 'get-meetings', what);
      return taken ? 'the bearer credential taken on get-meetings' : undefined;
    },
  }),
  define({
    id: 'rest.30.workspace-upload',
    title:
      'upload-meeting-to-workspace: the page URL for a meeting of the connected user; an unknown meeting a 404; user_id and meeting_id required',
    area: 'rest',
    clause:
      'Workspace upload and people: POST /v1/upload-meeting-to-workspace {success, workspace_page_url}; Errors 2: 404 for an unknown meeting',
    spec: "POST /v1/upload-meeting-to-workspace | user_id string (required; used to look up the user's stored access token for the external workspace); meeting_id string (required) | {success, workspace_page_url string} / 404 resource not found (unknown meeting or message id)",
    level: 'MUST',
    async run(ctx) {
      // The user's workspace connection is kept by the deployment with a product outside the spec:
      // only a user it holds one for can be uploaded for (--workspace-user, the key's own user).
      const userId = ctx.target.workspaceUser;
      if (!userId)
        return skip(
          "needs a user whose notes-workspace connection the deployment holds: --workspace-user ID (the key's user)",
          ['--workspace-user'],
        );
      const what = 'upload-meeting-to-workspace';
      const { meeting } = await ctx.createMeeting('workspace upload');
      const reply = await ctx.call('upload-meeting-to-workspace', {
        user_id: userId,
        meeting_id: meeting.id,
      });
      expectStatus(reply, 200, what);
      const answer = expectAnswer(reply, 'upload-meeting-to-workspace', what);
      // A field named a page URL: an absolute http(s) URL a person can open.
      const url = URL.canParse(answer.workspace_page_url) ? new URL(answer.workspace_page_url) : undefined;
      verify(
        url?.protocol === 'https:' || url?.protocol === 'http:',
        'VALUE',
        `${what}: workspace_page_url ${JSON.stringify(answer.workspace_page_url)} is not an http(s) URL`,
        at(what, '$.workspace_page_url', 'an absolute http(s) URL', answer.workspace_page_url),
      );
      const unknown = await ctx.call('upload-meeting-to-workspace', {
        user_id: userId,
        meeting_id: `${ctx.target.runId}-no-such-meeting`,
      });
      const gone = `${what} of an unknown meeting`;
      if (verifyStatus(unknown, 404, gone)) expectErrorBody(unknown, gone, 'NOT_FOUND');
      // Both fields are required: a body without one is malformed input, an error (400 with the
      // generic body, or the declared 422 with the validation body), never an upload of a default.
      for (const [field, body] of [
        ['user_id', { meeting_id: meeting.id }],
        ['meeting_id', { user_id: userId }],
      ] as const) {
        const without = `${what} without ${field}`;
        const reply = await ctx.callRaw('upload-meeting-to-workspace', body);
        if (reply.status === 422) expectValidationBody(reply, without);
        else if (verifyStatus(reply, 400, without)) expectErrorBody(reply, without);
      }
      return 'a page URL for the meeting; an unknown meeting 404 NOT_FOUND; user_id and meeting_id required';
    },
  }),
];
