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
} as const;

/** Lifetimes of signed file URLs, in seconds. */
export const SignedUrlTtl = {
  denoise: 60 * 60,
  tts: 7 * 24 * 60 * 60,
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
