// The route catalog: every HTTP route of the spec with its auth and the ids of its request and
// response schemas (files `schemas/json/<id>.schema.json`). The server mounts routes from it, the
// OpenAPI test checks the document lists exactly these, and the conformance kit walks it.

export type Auth = 'api-key' | 'query-key' | 'partner-bearer' | 'none';

export interface RouteSpec {
  /** Stable name, also the operationId in openapi.yaml. */
  name: string;
  /** One-line summary, shown in openapi.yaml and in conformance reports. */
  summary: string;
  method: 'GET' | 'POST';
  /** Express-style path; `:id` for path parameters. Partner paths use the default segment. */
  path: string;
  auth: Auth;
  /** Schema id of the JSON request body; undefined when the route takes none (or not JSON). */
  request?: string;
  /** The spec lets the client omit the body; a missing body then counts as `{}`. */
  optionalBody?: boolean;
  /** Schema id of the 200 JSON body. */
  response?: string;
  group:
    | 'meetings'
    | 'messages'
    | 'ai'
    | 'cached'
    | 'participants'
    | 'settings'
    | 'transcription'
    | 'people'
    | 'speech'
    | 'partner'
    | 'oauth'
    | 'ops';
}

const rest = (
  group: RouteSpec['group'],
  name: string,
  summary: string,
  extra: Pick<RouteSpec, 'optionalBody'> = {},
): RouteSpec => ({
  name,
  summary,
  ...extra,
  method: 'POST',
  path: `/v1/${name}`,
  auth: 'api-key',
  request: `${name}.request`,
  response: `${name}.response`,
  group,
});

export const restRoutes: RouteSpec[] = [
  rest('meetings', 'create-meeting', 'Create a meeting'),
  rest('meetings', 'delete-meeting', 'Delete a meeting'),
  rest('meetings', 'get-meetings', "List the caller's meetings", { optionalBody: true }),
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
  rest('settings', 'get-user-default-meeting-setting', "Get the caller's default meeting settings", {
    optionalBody: true,
  }),
  rest('settings', 'update-user-default-meeting-setting', "Replace the caller's default meeting settings"),
  rest('transcription', 'get-live-transcription-chunks', 'List live transcription chunks'),
  rest('transcription', 'get-transcript-utterances', 'List finalized transcript utterances'),
  rest('transcription', 'update-transcript-utterance', "Correct an utterance's text"),
  rest('people', 'upload-meeting-to-workspace', "Upload a meeting's summary to the notes workspace"),
  rest('people', 'get-my-people', "List the caller's contacts", { optionalBody: true }),
  rest('speech', 'denoise', 'Reduce the noise of an audio file'),
];

export const speechRoutes: RouteSpec[] = [
  {
    name: 'stt',
    summary: 'Transcribe an audio file',
    method: 'POST',
    path: '/v1/stt',
    auth: 'query-key',
    request: 'stt.request',
    response: 'stt.response',
    group: 'speech',
  },
  // Protobuf in and out (SessionTTSRequest / SessionTTSResponse in schemas/proto).
  {
    name: 'tts',
    summary: 'Synthesize speech from text',
    method: 'POST',
    path: '/v1/tts',
    auth: 'query-key',
    group: 'speech',
  },
  {
    name: 'translate-text',
    summary: 'Translate text',
    method: 'POST',
    path: '/v1/translate-text',
    auth: 'api-key',
    request: 'translate-text.request',
    response: 'translate-text.response',
    group: 'speech',
  },
];

export const partnerRoutes: RouteSpec[] = [
  {
    name: 'partner-authorize',
    summary: 'Start the OAuth authorization-code flow',
    method: 'GET',
    path: '/oauth/partner/authorize',
    auth: 'none',
    group: 'oauth',
  },
  {
    name: 'partner-token',
    summary: 'Exchange an authorization code or a refresh token for tokens',
    method: 'POST',
    path: '/api/oauth/partner/token',
    auth: 'none',
    request: 'oauth-token.request',
    response: 'oauth-token.response',
    group: 'oauth',
  },
  {
    name: 'partner-me',
    summary: 'Test the connection',
    method: 'GET',
    path: '/api/partner/me',
    auth: 'partner-bearer',
    response: 'partner-me.response',
    group: 'partner',
  },
  {
    name: 'trigger-meeting-ended',
    summary: 'Poll for ended meetings',
    method: 'GET',
    path: '/api/partner/triggers/meeting-ended',
    auth: 'partner-bearer',
    response: 'trigger-meeting-ended.response',
    group: 'partner',
  },
  {
    name: 'trigger-summary-ready',
    summary: 'Poll for summaries that became ready',
    method: 'GET',
    path: '/api/partner/triggers/summary-ready',
    auth: 'partner-bearer',
    response: 'trigger-summary-ready.response',
    group: 'partner',
  },
  {
    name: 'trigger-contact-discovered',
    summary: 'Poll for discovered contacts',
    method: 'GET',
    path: '/api/partner/triggers/contact-discovered',
    auth: 'partner-bearer',
    response: 'trigger-contact-discovered.response',
    group: 'partner',
  },
  {
    name: 'trigger-followup-email-ready',
    summary: 'Poll for follow-up e-mails that became ready',
    method: 'GET',
    path: '/api/partner/triggers/followup-email-ready',
    auth: 'partner-bearer',
    response: 'trigger-followup-email-ready.response',
    group: 'partner',
  },
  {
    name: 'partner-meeting',
    summary: 'Get a meeting with its latest summary',
    method: 'GET',
    path: '/api/partner/meetings/:id',
    auth: 'partner-bearer',
    response: 'partner-meeting.response',
    group: 'partner',
  },
  {
    name: 'generate-document',
    summary: 'Generate a document from a meeting',
    method: 'POST',
    path: '/api/partner/meetings/:id/generate-document',
    auth: 'partner-bearer',
    request: 'generate-document.request',
    response: 'generate-document.response',
    group: 'partner',
  },
];

export const opsRoutes: RouteSpec[] = [
  {
    name: 'health',
    summary: 'Health of the service and its engines',
    method: 'GET',
    path: '/health',
    auth: 'none',
    response: 'health.response',
    group: 'ops',
  },
];

export const LIVE_STT_PATH = '/v1/stt/stream';

export const allRoutes: RouteSpec[] = [...restRoutes, ...speechRoutes, ...partnerRoutes, ...opsRoutes];

/** Replaces the literal `partner` segment for a deployment that uses the platform's real name. */
export function partnerPath(path: string, segment: string): string {
  return path.replace(/\/partner(\/|$)/, `/${segment}$1`);
}
