import { Limits } from './constants.js';
import type { AnswerKind, RouteSpec } from './route-spec.js';

// The reference server's own routes, outside the spec (so neither in `allRoutes` nor in
// openapi.yaml), declared and served like every route of the spec: its metrics, the pages a person
// reads beside the API (documentation, playground), the files it hands out by signed URL, the OAuth
// pages' form posts and token revocation, and the emulator's back office. Like routes.ts, the
// lists are `as const`, so each entry's name and schema ids stay literal types.

const page = <const Name extends string, const Answer extends AnswerKind>(
  name: Name,
  path: string,
  summary: string,
  answer: Answer,
) =>
  ({
    name,
    summary,
    method: 'GET',
    path,
    auth: 'none',
    body: 'none',
    answer,
    group: 'docs',
  }) as const satisfies RouteSpec;

/** A packaged file: anyone may cache it, revalidating by its ETag (what `send` does by default). */
const filePage = <const Name extends string>(name: Name, path: string, summary: string) =>
  ({ ...page(name, path, summary, 'file'), cacheControl: 'public, max-age=0' }) as const satisfies RouteSpec;

/** A page whose 200 is JSON of the schema `response`. */
const jsonPage = <const Name extends string, const Response extends string>(
  name: Name,
  path: string,
  summary: string,
  response: Response,
) => ({ ...page(name, path, summary, 'json'), answer: 'json', response }) as const satisfies RouteSpec;

/**
 * What a browser reads: the OpenAPI and AsyncAPI documents and their schemas, Swagger UI and the
 * AsyncAPI renderer (their assets from their npm packages, no CDN), and the playground. A path ending
 * in `*file` takes the rest of the path (files of a packaged directory).
 */
export const pageRoutes = [
  page('openapi-document', '/openapi.yaml', 'The OpenAPI document', 'text'),
  page('json-schema', '/json/:file', 'A JSON Schema the OpenAPI document refers to', 'text'),
  page('asyncapi-document', '/asyncapi.yaml', 'The AsyncAPI document of the live stream', 'text'),
  page('docs-page', '/docs/', 'Swagger UI over the OpenAPI document (/docs redirects here)', 'html'),
  // The demo key of the signed-in visitor's session: never kept by a cache.
  {
    ...jsonPage(
      'docs-session',
      '/docs/session.json',
      'Where the API is, for the pages',
      'docs-session.response',
    ),
    cacheControl: 'no-store',
  },
  page('docs-openapi', '/docs/openapi.yaml', 'The OpenAPI document as Swagger UI reads it', 'text'),
  page('docs-json-schema', '/docs/json/:file', 'A JSON Schema as Swagger UI reads it', 'text'),
  page('docs-initializer', '/docs/swagger-initializer.js', "Swagger UI's start-up script", 'text'),
  page('docs-contrast', '/docs/contrast.css', 'Colours that pass WCAG AA contrast', 'text'),
  {
    ...page(
      'docs-tts-example',
      '/docs/tts-request.bin',
      'An example TTS request body for "Try it out"',
      'protobuf',
    ),
    responseProto: { name: 'parley.v1.SessionTTSRequest', file: 'tts.proto' },
  },
  filePage('docs-asset', '/docs/*file', "Swagger UI's files"),
  page('asyncapi-page', '/docs/asyncapi/', 'The AsyncAPI document rendered', 'html'),
  page(
    'asyncapi-json',
    '/docs/asyncapi/asyncapi.json',
    'The AsyncAPI document with its schemas inside',
    'text',
  ),
  page('asyncapi-render', '/docs/asyncapi/render.js', "The renderer's start-up script", 'text'),
  filePage('asyncapi-asset', '/docs/asyncapi/browser/*file', "The AsyncAPI renderer's files"),
  filePage('asyncapi-style', '/docs/asyncapi/styles/*file', "The AsyncAPI renderer's styles"),
  page('playground-page', '/playground/', 'A page that calls this API as a client would', 'html'),
  jsonPage(
    'playground-fixtures',
    '/playground/fixtures.json',
    'The audio fixtures the playground offers',
    'playground-fixtures.response',
  ),
  filePage('playground-fixture', '/playground/fixtures/:id', 'One audio fixture'),
  {
    name: 'playground-upload',
    summary: 'Store an audio file and answer its signed URL (for audio_url)',
    method: 'POST',
    path: '/playground/uploads',
    auth: 'api-key',
    body: 'audio',
    maxBodyBytes: Limits.uploadBytes,
    answer: 'json',
    response: 'playground-upload.response',
    group: 'docs',
  },
  filePage('playground-protobuf', '/playground/vendor/protobuf.min.js', 'The protobuf runtime'),
  filePage('playground-tts-proto', '/playground/proto/tts.proto', "TTS's protobuf messages"),
  filePage('playground-asset', '/playground/*file', "The playground's files"),
] as const satisfies readonly RouteSpec[];

/** The files the server produced (denoised audio, TTS), at the signed URLs it hands out. */
export const fileRoutes = [
  {
    name: 'file-download',
    summary: 'Download a produced file (signed URL, byte ranges)',
    method: 'GET',
    path: '/files/*key',
    auth: 'signed-url',
    body: 'none',
    answer: 'file',
    // One user's file: their browser may reuse it for a minute (its URL's signature outlives that).
    cacheControl: 'private, max-age=60',
    group: 'files',
  },
] as const satisfies readonly RouteSpec[];

/**
 * The forms of the OAuth pages (`partner-authorize` shows them), the page where a user changes the
 * password they sign in with, and RFC 7009 revocation: the spec names none. The form posts answer
 * HTML pages and redirects; revocation answers as the token endpoint does (RFC 6749 error bodies),
 * so none has a request schema of the kit's.
 */
export const oauthPageRoutes = [
  {
    name: 'partner-sign-in',
    summary: 'Sign in on the authorize page',
    method: 'POST',
    path: '/oauth/partner/authorize/sign-in',
    auth: 'session',
    body: 'form-or-json',
    answer: 'html',
    cacheControl: 'no-store',
    group: 'oauth',
  },
  {
    name: 'partner-consent',
    summary: 'Allow or deny the client on the consent page',
    method: 'POST',
    path: '/oauth/partner/authorize',
    auth: 'session',
    body: 'form-or-json',
    answer: 'html',
    cacheControl: 'no-store',
    group: 'oauth',
  },
  {
    name: 'account-password-page',
    summary: 'The page where a user changes their sign-in password',
    method: 'GET',
    path: '/account/password',
    auth: 'none',
    body: 'none',
    answer: 'html',
    cacheControl: 'no-store',
    group: 'oauth',
  },
  {
    name: 'account-password-change',
    summary: 'Change the sign-in password (e-mail, current password, new password twice)',
    method: 'POST',
    path: '/account/password',
    auth: 'none',
    body: 'form-or-json',
    answer: 'html',
    cacheControl: 'no-store',
    group: 'oauth',
  },
  {
    name: 'partner-revoke',
    summary: 'Revoke an access or refresh token (RFC 7009)',
    method: 'POST',
    path: '/api/oauth/partner/revoke',
    auth: 'none',
    body: 'form-or-json',
    answer: 'json',
    cacheControl: 'no-store',
    group: 'oauth',
  },
] as const satisfies readonly RouteSpec[];

const admin = <const Name extends string>(
  name: Name,
  method: RouteSpec['method'],
  path: string,
  summary: string,
) =>
  ({
    name,
    summary,
    method,
    path,
    auth: 'admin',
    body: 'none',
    answer: 'json',
    group: 'emulator',
  }) as const satisfies RouteSpec;

/** An emulator route whose JSON body the schema `request` describes. */
const adminWithBody = <const Name extends string, const Request extends string>(
  name: Name,
  method: RouteSpec['method'],
  path: string,
  summary: string,
  request: Request,
) => ({ ...admin(name, method, path, summary), body: 'json', request }) as const satisfies RouteSpec;

/** The server process's own operations route. */
export const serverOpsRoutes = [
  {
    name: 'metrics',
    summary: 'Prometheus metrics of the server process',
    method: 'GET',
    path: '/metrics',
    auth: 'none',
    body: 'none',
    answer: 'text',
    group: 'ops',
  },
] as const satisfies readonly RouteSpec[];

/** The reference server's back office (`/_emulator/*`). */
export const emulatorRoutes = [
  adminWithBody('emulator-create-user', 'POST', '/_emulator/users', 'Create a user', 'emulator-user.request'),
  adminWithBody(
    'emulator-issue-key',
    'POST',
    '/_emulator/api-keys',
    'Issue an API key',
    'emulator-api-key.request',
  ),
  admin('emulator-list-keys', 'GET', '/_emulator/api-keys', "List a user's API keys (?user_id=)"),
  admin('emulator-revoke-key', 'DELETE', '/_emulator/api-keys/:id', 'Revoke an API key'),
  adminWithBody('emulator-seed', 'POST', '/_emulator/seed', 'Load seed records', 'emulator-seed.request'),
  admin('emulator-end-meeting', 'POST', '/_emulator/meetings/:id/end', 'End a live meeting'),
  adminWithBody(
    'emulator-connect-workspace',
    'POST',
    '/_emulator/workspace-tokens',
    "Store a user's notes-workspace token",
    'emulator-workspace-token.request',
  ),
  admin('emulator-disconnect-workspace', 'DELETE', '/_emulator/workspace-tokens/:user_id', 'Forget it'),
  admin('emulator-reset', 'POST', '/_emulator/reset', 'Wipe every record'),
  admin('emulator-mail', 'GET', '/_emulator/mail', 'List sent e-mail (?to=)'),
  admin('emulator-faults', 'GET', '/_emulator/faults', 'List the injectable faults'),
  adminWithBody(
    'emulator-set-faults',
    'PUT',
    '/_emulator/faults',
    'Choose the faults that are on',
    'emulator-faults.request',
  ),
  adminWithBody(
    'emulator-oauth-client',
    'POST',
    '/_emulator/oauth-clients',
    'Register an OAuth client',
    'emulator-oauth-client.request',
  ),
  adminWithBody(
    'emulator-password',
    'POST',
    '/_emulator/users/:id/password',
    "Set a user's sign-in password",
    'emulator-password.request',
  ),
  admin(
    'emulator-webhook-deliveries',
    'GET',
    '/_emulator/webhook-deliveries',
    'List callback delivery tries',
  ),
] as const satisfies readonly RouteSpec[];

/**
 * Hook subscriptions, a Parley extension of the partner interface (the spec shows none): the four
 * trigger events and meeting-created delivered to a URL as they happen, instead of polled. Served
 * and documented in openapi.yaml (marked `x-parley-extension`) like the partner routes; the spec's
 * polling triggers stay exactly as specified.
 */
export const partnerHookRoutes = [
  {
    name: 'partner-hook-subscribe',
    summary: 'Subscribe a URL to an event (Parley extension)',
    method: 'POST',
    path: '/api/partner/hooks',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'json',
    request: 'partner-hook.request',
    answer: 'json',
    response: 'partner-hook.response',
    callback: 'partner-hook-delivery',
    cacheControl: 'no-store',
    group: 'partner',
  },
  {
    name: 'partner-hook-unsubscribe',
    summary: 'End a hook subscription (Parley extension)',
    method: 'DELETE',
    path: '/api/partner/hooks/:id',
    auth: 'partner-bearer',
    scopes: ['meetings:read'],
    body: 'none',
    answer: 'json',
    response: 'partner-hook.response',
    cacheControl: 'no-store',
    group: 'partner',
  },
] as const satisfies readonly RouteSpec[];
