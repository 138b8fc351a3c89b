// The route catalog: every HTTP route of the spec with its auth and the ids of its request and
// response schemas (files `schemas/json/<id>.schema.json`). The server mounts routes from it, the
// OpenAPI test checks the document lists exactly these, and the conformance kit walks it.

export type Auth = 'api-key' | 'query-key' | 'partner-bearer' | 'none';

export interface RouteSpec {
  /** Stable name, also the operationId in openapi.yaml. */
  name: string;
  method: 'GET' | 'POST';
  /** Express-style path; `:id` for path parameters. Partner paths use the default segment. */
  path: string;
  auth: Auth;
  /** Schema id of the JSON request body; undefined when the route takes none (or not JSON). */
  request?: string;
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

const rest = (group: RouteSpec['group'], name: string): RouteSpec => ({
  name,
  method: 'POST',
  path: `/v1/${name}`,
  auth: 'api-key',
  request: `${name}.request`,
  response: `${name}.response`,
  group,
});

export const restRoutes: RouteSpec[] = [
  rest('meetings', 'create-meeting'),
  rest('meetings', 'delete-meeting'),
  rest('meetings', 'get-meetings'),
  rest('messages', 'send-meeting-message'),
  rest('messages', 'delete-meeting-message'),
  rest('messages', 'get-meeting-messages'),
  rest('ai', 'summarize-meeting'),
  rest('ai', 'ask-ai-for-meeting'),
  rest('cached', 'get-meeting-summary'),
  rest('cached', 'get-meeting-transcripts'),
  rest('participants', 'add-meeting-participants'),
  rest('participants', 'remove-meeting-participants'),
  rest('participants', 'assign-co-host'),
  rest('participants', 'remove-co-host'),
  rest('settings', 'get-user-default-meeting-setting'),
  rest('settings', 'update-user-default-meeting-setting'),
  rest('transcription', 'get-live-transcription-chunks'),
  rest('transcription', 'get-transcript-utterances'),
  rest('transcription', 'update-transcript-utterance'),
  rest('people', 'upload-meeting-to-workspace'),
  rest('people', 'get-my-people'),
  rest('speech', 'denoise'),
];

export const speechRoutes: RouteSpec[] = [
  {
    name: 'stt',
    method: 'POST',
    path: '/v1/stt',
    auth: 'query-key',
    request: 'stt.request',
    response: 'stt.response',
    group: 'speech',
  },
  // Protobuf in and out (SessionTTSRequest / SessionTTSResponse in schemas/proto).
  { name: 'tts', method: 'POST', path: '/v1/tts', auth: 'query-key', group: 'speech' },
  {
    name: 'translate-text',
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
    method: 'GET',
    path: '/oauth/partner/authorize',
    auth: 'none',
    group: 'oauth',
  },
  {
    name: 'partner-token',
    method: 'POST',
    path: '/api/oauth/partner/token',
    auth: 'none',
    request: 'oauth-token.request',
    response: 'oauth-token.response',
    group: 'oauth',
  },
  {
    name: 'partner-me',
    method: 'GET',
    path: '/api/partner/me',
    auth: 'partner-bearer',
    response: 'partner-me.response',
    group: 'partner',
  },
  {
    name: 'trigger-meeting-ended',
    method: 'GET',
    path: '/api/partner/triggers/meeting-ended',
    auth: 'partner-bearer',
    response: 'trigger-meeting-ended.response',
    group: 'partner',
  },
  {
    name: 'trigger-summary-ready',
    method: 'GET',
    path: '/api/partner/triggers/summary-ready',
    auth: 'partner-bearer',
    response: 'trigger-summary-ready.response',
    group: 'partner',
  },
  {
    name: 'trigger-contact-discovered',
    method: 'GET',
    path: '/api/partner/triggers/contact-discovered',
    auth: 'partner-bearer',
    response: 'trigger-contact-discovered.response',
    group: 'partner',
  },
  {
    name: 'trigger-followup-email-ready',
    method: 'GET',
    path: '/api/partner/triggers/followup-email-ready',
    auth: 'partner-bearer',
    response: 'trigger-followup-email-ready.response',
    group: 'partner',
  },
  {
    name: 'partner-meeting',
    method: 'GET',
    path: '/api/partner/meetings/:id',
    auth: 'partner-bearer',
    response: 'partner-meeting.response',
    group: 'partner',
  },
  {
    name: 'generate-document',
    method: 'POST',
    path: '/api/partner/meetings/:id/generate-document',
    auth: 'partner-bearer',
    request: 'generate-document.request',
    response: 'generate-document.response',
    group: 'partner',
  },
];

export const opsRoutes: RouteSpec[] = [
  { name: 'health', method: 'GET', path: '/health', auth: 'none', response: 'health.response', group: 'ops' },
];

export const LIVE_STT_PATH = '/v1/stt/stream';

export const allRoutes: RouteSpec[] = [...restRoutes, ...speechRoutes, ...partnerRoutes, ...opsRoutes];

/** Replaces the literal `partner` segment for a deployment that uses the platform's real name. */
export function partnerPath(path: string, segment: string): string {
  return path.replace(/\/partner(\/|$)/, `/${segment}$1`);
}
