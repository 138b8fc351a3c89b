// The route catalog: every HTTP route of the spec with its auth, its body and answer kinds and the
// ids of its request and response schemas (files `schemas/json/<id>.schema.json`). The server serves
// each entry through one pipeline (auth, body, validation, handler, answer), openapi.yaml is built
// from it, the OpenAPI test checks the document lists exactly these, and the conformance kit walks it.
// The lists are `as const`: each entry keeps its literal name and schema ids, from which the server's
// handlers and the kit's calls get their body and answer types (route-spec.ts `RequestType`).

import type { RouteSpec } from './route-spec.js';

const rest = <const Name extends string>(group: RouteSpec['group'], name: Name, summary: string) =>
  ({
    name,
    summary,
    method: 'POST',
    path: `/v1/${name}`,
    auth: 'api-key',
    // An OAuth access token on a meeting route: reads need meetings:read, the rest meetings:write.
    scopes: [name.startsWith('get-') ? 'meetings:read' : 'meetings:write'],
    body: 'json',
    request: `${name}.request`,
    answer: 'json',
    response: `${name}.response`,
    group,
  }) as const satisfies RouteSpec;

export const restRoutes = [
  rest('meetings', 'create-meeting', 'Create a meeting'),
  rest('meetings', 'delete-meeting', 'Delete a meeting'),
  rest('meetings', 'get-meetings', "List the caller's meetings"),
  rest('messages', 'send-meeting-message', 'Send a message to a meeting'),
  rest('messages', 'delete-meeting-message', 'Delete a meeting message'),
  rest('messages', 'get-meeting-messages', 'List the messages of a meeting'),
  rest('ai', 'summarize-meeting', 'Generate an AI summary of a meeting'),
  rest('ai', 'ask-ai-for-meeting', 'Ask the AI about a meeting'),
  rest('cached', 'get-meeting-summary', "Get a meeting's summary"),
  rest('cached', 'get-meeting-transcripts', "Get a meeting's transcripts"),
  rest('participants', 'add-meeting-participants', 'Add participants to a meeting'),
  rest('participants', 'remove-meeting-participants', 'Remove participants from a meeting'),
  rest('participants', 'assign-co-host', 'Assign co-hosts'),
  rest('participants', 'remove-co-host', 'Remove co-hosts'),
  rest('settings', 'get-user-default-meeting-setting', "Get the caller's default meeting settings"),
  rest('settings', 'update-user-default-meeting-setting', "Replace the caller's default meeting settings"),
  rest('transcription', 'get-live-transcription-chunks', 'List live transcription chunks'),
  rest('transcription', 'get-transcript-utterances', 'List finalized transcript utterances'),
  rest('transcription', 'update-transcript-utterance', "Correct an utterance's text"),
  rest('people', 'upload-meeting-to-workspace', "Upload a meeting's summary to the notes workspace"),
  rest('people', 'get-my-people', "List the caller's contacts"),
  rest('speech', 'denoise', 'Reduce the noise of an audio file'),
] as const satisfies readonly RouteSpec[];

/**
 * The scope an OAuth access token needs on the speech routes (stt, tts, translate-text, the live
 * stream): they spend the account's processing like meeting writes do (denoise, a `rest` route, has
 * it already), so no extra consent is asked of a user who granted meetings:write.
 */
const SPEECH_SCOPES = ['meetings:write'] as const;

export const speechRoutes = [
  {
    name: 'stt',
    summary: 'Transcribe an audio file',
    method: 'POST',
    path: '/v1/stt',
    auth: 'query-key',
    scopes: SPEECH_SCOPES,
    body: 'json-or-protobuf',
    request: 'stt.request',
    requestProto: { name: 'parley.v1.SttRequest', file: 'stt.proto' },
    answer: 'json',
    response: 'stt.response',
    // Parley extension: with callback_url, 202 at once and the result POSTed later.
    accepted: 'stt-accepted.response',
    callback: 'stt-callback',
    group: 'speech',
  },
  {
    name: 'tts',
    summary: 'Synthesize speech from text',
    method: 'POST',
    path: '/v1/tts',
    auth: 'query-key',
    scopes: SPEECH_SCOPES,
    body: 'protobuf',
    requestProto: { name: 'parley.v1.SessionTTSRequest', file: 'tts.proto' },
    answer: 'protobuf',
    responseProto: { name: 'parley.v1.SessionTTSResponse', file: 'tts.proto' },
    group: 'speech',
  },
  {
    name: 'translate-text',
    summary: 'Translate text',
    method: 'POST',
    path: '/v1/translate-text',
    auth: 'api-key',
    scopes: SPEECH_SCOPES,
    body: 'json',
    request: 'translate-text.request',
    answer: 'json',
    response: 'translate-text.response',
    group: 'speech',
  },
] as const satisfies readonly RouteSpec[];

/**
 * The automation platform's routes. Every answer is `no-store`: the token endpoint's because RFC 6749
 * §5.1 requires it (the spec's OAuth 2.0 flow), the authorize page's because it holds a session's
 * form, the others' because each is one user's data read with their bearer token (Parley's choice).
 */
export const partnerRoutes = [
  {
    name: 'partner-authorize',
    summary: 'Start the OAuth authorization-code flow',
    method: 'GET',
    path: '/oauth/partner/authorize',
    auth: 'session',
    body: 'none',
    answer: 'html',
    cacheControl: 'no-store',
    group: 'oauth',
  },
  {
    name: 'partner-token',
    summary: 'Exchange an authorization code or a refresh token for tokens',
    method: 'POST',
    path: '/api/oauth/partner/token',
    auth: 'none',
    body: 'form-or-json',
    request: 'oauth-token.request',
    answer: 'json',
    response: 'oauth-token.response',
    cacheControl: 'no-store',
    group: 'oauth',
  },
  {
    name: 'partner-me',
    summary: 'Test the connection',
    method: 'GET',
    path: '/api/partner/me',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'none',
    answer: 'json',
    response: 'partner-me.response',
    cacheControl: 'no-store',
    group: 'partner',
  },
  {
    name: 'trigger-meeting-ended',
    summary: 'Poll for ended meetings',
    method: 'GET',
    path: '/api/partner/triggers/meeting-ended',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'none',
    answer: 'json',
    response: 'trigger-meeting-ended.response',
    trigger: { orderedBy: 'end_at' },
    cacheControl: 'no-store',
    group: 'partner',
  },
  {
    name: 'trigger-summary-ready',
    summary: 'Poll for summaries that became ready',
    method: 'GET',
    path: '/api/partner/triggers/summary-ready',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'none',
    answer: 'json',
    response: 'trigger-summary-ready.response',
    trigger: { orderedBy: 'created_at' },
    cacheControl: 'no-store',
    group: 'partner',
  },
  {
    name: 'trigger-contact-discovered',
    summary: 'Poll for discovered contacts',
    method: 'GET',
    path: '/api/partner/triggers/contact-discovered',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'none',
    answer: 'json',
    response: 'trigger-contact-discovered.response',
    trigger: { orderedBy: 'created_at' },
    cacheControl: 'no-store',
    group: 'partner',
  },
  {
    name: 'trigger-followup-email-ready',
    summary: 'Poll for follow-up e-mails that became ready',
    method: 'GET',
    path: '/api/partner/triggers/followup-email-ready',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'none',
    answer: 'json',
    response: 'trigger-followup-email-ready.response',
    trigger: { orderedBy: 'created_at' },
    cacheControl: 'no-store',
    group: 'partner',
  },
  {
    name: 'partner-meeting',
    summary: 'Get a meeting with its latest summary',
    method: 'GET',
    path: '/api/partner/meetings/:id',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'none',
    answer: 'json',
    response: 'partner-meeting.response',
    cacheControl: 'no-store',
    group: 'partner',
  },
  {
    name: 'generate-document',
    summary: 'Generate a document from a meeting',
    method: 'POST',
    path: '/api/partner/meetings/:id/generate-document',
    auth: 'partner-bearer',
    scopes: ['documents:write'],
    body: 'json',
    request: 'generate-document.request',
    answer: 'json',
    response: 'generate-document.response',
    callback: 'generate-document-callback',
    cacheControl: 'no-store',
    group: 'partner',
  },
] as const satisfies readonly RouteSpec[];

export const opsRoutes = [
  {
    name: 'health',
    summary: 'Health of the service and its engines',
    method: 'GET',
    path: '/health',
    auth: 'none',
    body: 'none',
    answer: 'json',
    response: 'health.response',
    group: 'ops',
  },
] as const satisfies readonly RouteSpec[];

export const LIVE_STT_PATH = '/v1/stt/stream';

/**
 * The live stream: a GET upgraded to a WebSocket, described by asyncapi.yaml rather than
 * openapi.yaml (so not in `allRoutes`); its errors after the handshake are close codes.
 */
export const streamRoutes = [
  {
    name: 'stt-stream',
    summary: 'Live speech-to-text over a WebSocket',
    method: 'GET',
    path: LIVE_STT_PATH,
    auth: 'query-key',
    scopes: SPEECH_SCOPES,
    body: 'none',
    answer: 'websocket',
    group: 'speech',
  },
] as const satisfies readonly RouteSpec[];

export const allRoutes = [
  ...restRoutes,
  ...speechRoutes,
  ...partnerRoutes,
  ...opsRoutes,
] as const satisfies readonly RouteSpec[];

/** A polling trigger's route: the catalog entry with its `trigger` facts. */
export type TriggerRoute = RouteSpec & { trigger: NonNullable<RouteSpec['trigger']> };

/** The automation platform's polling triggers, in catalog order: every list of triggers is this one. */
const partnerSpecs: readonly RouteSpec[] = partnerRoutes;
export const triggerRoutes: readonly TriggerRoute[] = partnerSpecs.filter(
  (route): route is TriggerRoute => route.trigger !== undefined,
);
