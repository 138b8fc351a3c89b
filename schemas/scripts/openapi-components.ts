// The parts of openapi.yaml that are not per route: security schemes, shared error responses, tags.
// Shapes are never written here: every body is a reference to a file in json/.
import { ErrorText, OAUTH_SCOPE_TEXT, OAUTH_SCOPES, PARTNER_INVALID_TOKEN_TEXT } from '../src/constants.js';
import type { Auth, RouteSpec } from '../src/route-spec.js';

/** `./json/<id>.schema.json`, relative to openapi.yaml. */
export const schemaRef = (id: string): { $ref: string } => ({ $ref: `./json/${id}.schema.json` });
export const json = (id: string) => ({ 'application/json': { schema: schemaRef(id) } });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

const apiError = (error: string, code: string) => ({ value: { success: false, error, code } });

export const securitySchemes = {
  ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key of the account.' },
  Bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      "The API key, or a partner OAuth access token with the route's scope (meetings:read for get- routes, meetings:write for the others), as a bearer credential, accepted wherever X-API-Key is.",
  },
  ApiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'api_key',
    description: 'API key as a query parameter (file and live speech-to-text, text-to-speech).',
  },
  PartnerOAuth: {
    type: 'oauth2',
    description:
      'Automation-platform interface: OAuth 2.0 authorization code (with PKCE) and refresh-token rotation.',
    flows: {
      authorizationCode: {
        authorizationUrl: '/oauth/partner/authorize',
        tokenUrl: '/api/oauth/partner/token',
        refreshUrl: '/api/oauth/partner/token',
        scopes: Object.fromEntries(OAUTH_SCOPES.map((s) => [s, OAUTH_SCOPE_TEXT[s]])),
      },
    },
  },
};

export function securityOf(auth: Auth): Record<string, string[]>[] {
  switch (auth) {
    case 'api-key':
      return [{ ApiKeyHeader: [] }, { Bearer: [] }];
    case 'query-key':
      return [{ ApiKeyQuery: [] }];
    case 'partner-bearer':
      return [{ PartnerOAuth: [] }];
    case 'session':
    case 'none':
      return [];
    case 'admin':
    case 'signed-url':
      throw new Error(`${auth} routes (the server's own) are not part of the OpenAPI document`);
  }
}

export const responses = {
  BadRequest: {
    description:
      'Malformed request: the body is empty or is not valid JSON, or (speech routes) a required field is absent.',
    content: {
      'application/json': {
        schema: schemaRef('api-error'),
        examples: {
          invalidJson: apiError(ErrorText.invalidJson, 'BAD_REQUEST'),
          emptyBody: apiError(ErrorText.emptyBody, 'BAD_REQUEST'),
          missingAudioUrl: apiError(ErrorText.missingAudioUrl, 'BAD_REQUEST'),
          missingTtsField: apiError(ErrorText.missingTtsField, 'BAD_REQUEST'),
        },
      },
    },
  },
  Unauthorized: {
    description: 'The API key is missing or invalid.',
    content: {
      'application/json': {
        schema: schemaRef('api-error'),
        examples: {
          missing: apiError(ErrorText.missingAuth, 'UNAUTHORIZED'),
          invalid: apiError(ErrorText.invalidKey, 'UNAUTHORIZED'),
        },
      },
    },
  },
  PartnerUnauthorized: {
    description: 'The bearer access token is missing, unknown, expired or revoked.',
    headers: {
      'WWW-Authenticate': {
        description: 'RFC 6750 challenge, e.g. `Bearer error="invalid_token"`.',
        schema: { type: 'string' },
      },
    },
    content: {
      'application/json': {
        schema: schemaRef('api-error'),
        examples: { invalid: apiError(PARTNER_INVALID_TOKEN_TEXT, 'UNAUTHORIZED') },
      },
    },
  },
  NotFound: {
    description: "The meeting or message does not exist or is not the caller's (never told apart).",
    content: {
      'application/json': {
        schema: schemaRef('api-error'),
        examples: { meeting: apiError('Meeting not found', 'NOT_FOUND') },
      },
    },
  },
  ValidationFailed: {
    description: 'The request body does not match its schema (FastAPI-style detail).',
    content: json('validation-error'),
  },
  EngineUnavailable: {
    description: 'The engine this route needs (speech, translation, AI) is not available on this deployment.',
    content: {
      'application/json': {
        schema: schemaRef('api-error'),
        examples: {
          engine: apiError(
            'translate engine unavailable: no translation engine: install apertium pairs or set PARLEY_TRANSLATE_URL',
            'ENGINE_UNAVAILABLE',
          ),
        },
      },
    },
  },
  InternalError: {
    description: 'Internal error; internals are never shown.',
    content: {
      'application/json': {
        schema: schemaRef('api-error'),
        examples: {
          internal: apiError('Internal server error', 'INTERNAL'),
          storage: apiError(ErrorText.storageFailed, 'INTERNAL'),
        },
      },
    },
  },
  OAuthError: { description: 'Token request refused (RFC 6749 §5.2).', content: json('oauth-error') },
};

/** Error responses of a route: 400, 401, 404 where an id is looked up, 422 for JSON bodies, 503 for engines, 500. */
export function errorResponses(
  route: RouteSpec,
  takesId: boolean,
  validatesJson: boolean,
  usesEngine: boolean,
) {
  const out: Record<string, { $ref: string }> = {};
  // Form bodies are the OAuth token endpoint's, which answers with RFC 6749 errors.
  if (route.body === 'form-or-json') {
    out['400'] = responseRef('OAuthError');
    out['401'] = responseRef('OAuthError');
    out['500'] = responseRef('InternalError');
    return out;
  }
  const credential = route.auth !== 'none' && route.auth !== 'session';
  if (credential || validatesJson) out['400'] = responseRef('BadRequest');
  if (route.auth === 'partner-bearer') out['401'] = responseRef('PartnerUnauthorized');
  else if (credential) out['401'] = responseRef('Unauthorized');
  if (takesId) out['404'] = responseRef('NotFound');
  if (validatesJson) out['422'] = responseRef('ValidationFailed');
  out['500'] = responseRef('InternalError');
  if (usesEngine) out['503'] = responseRef('EngineUnavailable');
  return out;
}

export const tags: { name: RouteSpec['group']; description: string }[] = [
  { name: 'meetings', description: "Create, delete and list the caller's meetings." },
  { name: 'messages', description: 'User messages and AI summaries of a meeting.' },
  { name: 'ai', description: 'AI summary and questions about a meeting.' },
  { name: 'cached', description: "A meeting's summary and transcripts, cached unless force_refresh." },
  { name: 'participants', description: 'Participants and co-hosts of a meeting.' },
  { name: 'settings', description: 'Per-user default meeting settings.' },
  { name: 'transcription', description: 'Live transcription chunks and finalized utterances.' },
  { name: 'people', description: "The caller's contacts and the notes-workspace upload." },
  {
    name: 'speech',
    description: 'File speech-to-text, text-to-speech, noise reduction and text translation.',
  },
  { name: 'oauth', description: 'OAuth 2.0 authorization-code flow of the automation-platform interface.' },
  {
    name: 'partner',
    description: 'Automation-platform interface: connection test, polling triggers and actions.',
  },
  { name: 'ops', description: 'Operations.' },
];
