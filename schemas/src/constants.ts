// The one home of every limit, default, status string and fixed error text the spec states.
// Schemas repeat numeric limits as JSON Schema keywords; schemas/src/constants.test.ts keeps them equal.

export const API_VERSION = '1.0.0';

export const MeetingStatus = { LIVE: 'MS_LIVE', ENDED: 'EMS_ENDED' } as const;
export const MessageType = { USER: 'MT_USER', SUMMARY: 'MT_SUMMARY' } as const;
export const SummaryStatus = { SUCCESS: 'ESS_SUCCESS' } as const;
export const NextActionType = { VIEW_SUMMARY: 'ENAT_VIEW_SUMMARY' } as const;

/** Page sizes: default and maximum of each listing route. */
export const Limits = {
  meetings: { default: 50, max: 50 },
  meetingMessages: { default: 50, max: 200 },
  transcription: { default: 100, max: 500 },
  people: { default: 20, max: 100 },
  triggerItems: 50,
  apiKeysPerAccount: 5,
  languageHintsKept: 3,
  contextKeywordsChars: 2000,
  translateTextChars: 100_000,
  translateTargets: 10,
  attenLimitDb: { min: 0, max: 100 },
  /** An audio file uploaded through the playground (POST /playground/uploads); Parley's own route. */
  uploadBytes: 50 * 1024 * 1024,
} as const;

/** Lifetimes of signed file URLs, in seconds. */
export const SignedUrlTtl = {
  denoise: 60 * 60,
  tts: 7 * 24 * 60 * 60,
  /** A playground upload: long enough to try it in file STT and denoise a few times. */
  upload: 60 * 60,
} as const;

export const FIRST_PAGE_CURSOR = '1970-01-01T00:00:00Z';

/** Exact error texts of the spec's error table. */
export const ErrorText = {
  missingAuth: 'Missing authorization',
  invalidKey: 'Invalid API key',
  emptyBody: 'Empty request body',
  missingAudioUrl: 'Missing audio_url',
  missingTtsField: 'Missing session_id, message_id, or text',
  invalidJson: 'Invalid JSON',
  ttsFailed: 'TTS generation failed',
  storageFailed: 'Storage upload failed',
} as const;

/** Machine-readable `code` of the generic error body, and the HTTP status each maps to. */
export const ErrorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  LIMIT_EXCEEDED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  ENGINE_UNAVAILABLE: 503,
  /** The database is gone, silent, restarting, or its disk full or read-only: retry later. */
  DATABASE_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
} as const;
export type ErrorCode = keyof typeof ErrorCodes;

/** WebSocket close codes of the live speech-to-text stream. */
export const StreamClose = {
  normal: 1000,
  policyViolation: 1008, // authentication failure, as the spec states
  tooBig: 1009,
  protocolError: 4400,
  idleTimeout: 4408,
  engineUnavailable: 4503,
  serverShutdown: 1001,
} as const;

export const STREAM_SESSION_ENDED = 'SESSION_ENDED';

/** Parley's .proto files, under schemas/proto/: the reference layout (the spec shows none). */
export const PROTO_FILES = ['parley/v1/tts.proto', 'parley/v1/stt.proto', 'parley/v1/stream.proto'] as const;

/**
 * The protobuf messages a client looks up by name in a deployment's .proto files: the spec names the
 * TTS pair; it names no stream message, so Parley's is the default a deployment's layout may rename.
 */
export const ProtoMessages = {
  ttsRequest: 'SessionTTSRequest',
  ttsResponse: 'SessionTTSResponse',
  stream: 'StreamResponse',
} as const;

/** The literal path segments the spec uses in place of real product names; configurable per deployment. */
export const DEFAULT_PARTNER_SEGMENT = 'partner';
export const DEFAULT_WORKSPACE_SEGMENT = 'workspace';

export const DEFAULT_TTS_VOICE = 'nova';

export const STT_LANGUAGES = [
  'en',
  'zh',
  'hi',
  'es',
  'ar',
  'fr',
  'pt',
  'ru',
  'id',
  'de',
  'ja',
  'vi',
  'it',
  'ko',
  'th',
  'af',
  'sq',
  'az',
  'eu',
  'be',
  'bn',
  'bs',
  'bg',
  'ca',
  'hr',
  'cs',
  'da',
  'nl',
  'et',
  'fi',
  'gl',
  'el',
  'gu',
  'he',
  'hu',
  'kn',
  'kk',
  'lv',
  'lt',
  'mk',
  'ms',
  'ml',
  'mr',
  'no',
  'fa',
  'pl',
  'pa',
  'ro',
  'sr',
  'sk',
  'sl',
  'sw',
  'sv',
  'tl',
  'ta',
  'te',
  'tr',
  'uk',
  'ur',
  'cy',
] as const;

export const TTS_LANGUAGES = [
  'en',
  'zh',
  'hi',
  'es',
  'ar',
  'fr',
  'pt',
  'ru',
  'id',
  'de',
  'ja',
  'vi',
  'it',
  'ko',
  'th',
  'af',
  'hy',
  'az',
  'be',
  'bs',
  'bg',
  'ca',
  'hr',
  'cs',
  'da',
  'nl',
  'et',
  'fi',
  'gl',
  'el',
  'he',
  'hu',
  'is',
  'kn',
  'kk',
  'lv',
  'lt',
  'mk',
  'ms',
  'mi',
  'mr',
  'ne',
  'no',
  'fa',
  'pl',
  'ro',
  'sr',
  'sk',
  'sl',
  'sw',
  'sv',
  'tl',
  'ta',
  'tr',
  'uk',
  'ur',
  'cy',
] as const;

// ---- Speech, stream and partner choices (the spec leaves these open; schemas/README.md explains each) ----

/** The two `model` values of generate-document; the first is the default. */
export const DocumentModel = { DEFAULT: 'parley-default', ALTERNATE: 'parley-alternate' } as const;
export const DOCUMENT_MODELS = [DocumentModel.DEFAULT, DocumentModel.ALTERNATE] as const;

/** `status` of the generate-document callback body. */
export const DocumentCallbackStatus = { SUCCESS: 'success', FAILED: 'failed' } as const;

/**
 * Limits on request shapes that no schema can state. `jsonDepth`: arrays and objects nested deeper
 * in a JSON body are a 400 before parsing (no request schema nests more than a few levels; a
 * thousands-deep body would only exhaust the stack of whatever walks it).
 */
export const RequestLimits = { jsonDepth: 64 } as const;

/**
 * Events of the hook subscriptions (POST /api/partner/hooks, a Parley extension). The first four are
 * the polling triggers' events, delivered as their items; `meeting-created` delivers the meeting.
 */
export const HookEvent = {
  MEETING_ENDED: 'meeting-ended',
  SUMMARY_READY: 'summary-ready',
  CONTACT_DISCOVERED: 'contact-discovered',
  FOLLOWUP_EMAIL_READY: 'followup-email-ready',
  MEETING_CREATED: 'meeting-created',
} as const;
export type HookEventName = (typeof HookEvent)[keyof typeof HookEvent];
export const HOOK_EVENTS: readonly HookEventName[] = Object.values(HookEvent);

/** OAuth 2.0 token lifetimes of the partner interface, in seconds. Refresh tokens rotate on every use. */
export const OAuthTtl = {
  accessToken: 60 * 60,
  refreshToken: 60 * 24 * 60 * 60,
  authorizationCode: 10 * 60,
} as const;
/**
 * Seconds after a refresh during which the same refresh token, presented again, gets the same new
 * pair (a platform refreshing twice at once); later reuse revokes the grant (RFC 9700 §4.14.2).
 */
export const OAUTH_REFRESH_GRACE_SECONDS = 10;
export const OAUTH_TOKEN_TYPE = 'Bearer';
export const OAuthGrantType = {
  AUTHORIZATION_CODE: 'authorization_code',
  REFRESH_TOKEN: 'refresh_token',
} as const;
/** Scopes the reference provider grants; space-delimited in the token response (RFC 6749 §3.3). */
export const OAUTH_SCOPES = ['meetings:read', 'meetings:write', 'documents:write'] as const;
/** What each scope allows, shown on the consent page and in openapi.yaml. */
export const OAUTH_SCOPE_TEXT: Record<(typeof OAUTH_SCOPES)[number], string> = {
  'meetings:read':
    'Read your meetings, summaries, contacts and follow-up e-mails (triggers, meeting details).',
  'meetings:write':
    'Create, change and delete your meetings and their messages; transcribe, synthesize, translate and denoise.',
  'documents:write': 'Generate documents from your meetings.',
};
/** Scopes granted when the authorize request names none: what the automation integration uses. */
export const OAUTH_DEFAULT_SCOPES = ['meetings:read', 'documents:write'] as const;
/** Text of the 401 body when a partner bearer token is unknown, expired or revoked. */
export const PARTNER_INVALID_TOKEN_TEXT = 'Invalid access token';

/**
 * Error codes of the live-stream error frame and the close code that follows each. Names reuse
 * ErrorCodes where one fits; IDLE_TIMEOUT is stream-only. 1011 is RFC 6455's "internal error".
 */
export const StreamErrorClose = {
  BAD_REQUEST: StreamClose.protocolError,
  VALIDATION_ERROR: StreamClose.protocolError,
  UNSUPPORTED_MEDIA_TYPE: StreamClose.protocolError,
  NOT_FOUND: StreamClose.protocolError, // config.meeting_id names no meeting of the caller
  PAYLOAD_TOO_LARGE: StreamClose.tooBig,
  IDLE_TIMEOUT: StreamClose.idleTimeout,
  ENGINE_UNAVAILABLE: StreamClose.engineUnavailable,
  UPSTREAM_FAILED: StreamClose.engineUnavailable,
  UPSTREAM_TIMEOUT: StreamClose.engineUnavailable,
  INTERNAL: 1011,
} as const;
export type StreamErrorCode = keyof typeof StreamErrorClose;

/** Live-stream audio: sample rate, channels and the recommended pcm16 frame (20 ms). */
export const StreamAudio = { sampleRateHz: 16_000, channels: 1, pcm16FrameBytes: 640 } as const;
export const STREAM_ENCODINGS = ['pcm16', 'opus'] as const;
