// What a route of the catalog is: who may call it, what its request carries and what its answer
// is. The spec's routes (routes.ts) and the server's own (server-routes.ts) are lists of these.
import type { SchemaId, SchemaTypes, Validated } from './schema-types.js';

/**
 * Who may call a route.
 * - `api-key`: X-API-Key, or `Authorization: Bearer` carrying an API key or (where the server has a
 *   bearer verifier) an OAuth access token.
 * - `query-key`: the `api_key` (or `authorization`) query parameter, then the headers as `api-key`.
 * - `partner-bearer`: an OAuth access token holding every scope of `scopes` (a missing scope is
 *   403 `insufficient_scope`, RFC 6750 §3.1).
 * - `session`: HTML pages (OAuth sign-in and consent); the caller of the session cookie when there
 *   is one, and the page itself decides what an anonymous visitor sees.
 * - `admin`: the emulator's back office, `Authorization: Bearer <admin token>`; a server without an
 *   admin token has no such routes (404).
 * - `signed-url`: the `expires` and `signature` query parameters of a URL the server handed out
 *   (produced files); a bad or expired signature is 403 whether or not the file exists.
 * - `none`: public.
 */
export type Auth = 'api-key' | 'query-key' | 'partner-bearer' | 'session' | 'admin' | 'signed-url' | 'none';

/**
 * What the request carries. `json`: a JSON body; it may be omitted (read as `{}`) exactly when the
 * request schema has no required field (requestBodyRequired, one home). `json-or-protobuf`: JSON, or
 * the `requestProto` message with Content-Type application/x-protobuf. `protobuf`: only the message.
 * `form-or-json`: application/x-www-form-urlencoded (or JSON) fields. `audio`: the bytes of an
 * audio (or video) file as they are, with their media type. `none`: no body (GET).
 */
export type BodyKind = 'none' | 'json' | 'json-or-protobuf' | 'protobuf' | 'form-or-json' | 'audio';

/**
 * What a 200 carries: the `response` schema as JSON, the `responseProto` message, an HTML page, a
 * text document of its own format (Prometheus metrics, YAML, a script), the bytes of a file (with
 * ranges and validators), or, for an upgrade route, the WebSocket session its own protocol governs.
 */
export type AnswerKind = 'json' | 'protobuf' | 'html' | 'text' | 'file' | 'websocket';

/**
 * A route's caching rule. `no-store`: answers about a user, a session or a token, kept by no cache.
 * `private, max-age=N`: one user's file, reusable by their own browser for N seconds. `public,
 * max-age=0`: a static file anyone may cache but must revalidate (its ETag) before each use.
 */
export type CacheControl = 'no-store' | `private, max-age=${number}` | 'public, max-age=0';

export interface RouteSpec {
  /** Stable name, also the operationId in openapi.yaml. */
  name: string;
  /** One-line summary, shown in openapi.yaml and in conformance reports. */
  summary: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style path; `:id` for path parameters. Partner paths use the default segment. */
  path: string;
  auth: Auth;
  /**
   * OAuth scopes an access token must hold: on `partner-bearer` routes, and on `api-key` routes
   * when the caller sends an OAuth access token instead of an API key. A route that takes a bearer
   * and declares none refuses every access token (403 `insufficient_scope`).
   */
  scopes?: readonly string[];
  body: BodyKind;
  /** Body size ceiling of this route, in bytes, when it is not the server's PARLEY_BODY_LIMIT_BYTES. */
  maxBodyBytes?: number;
  /** Schema id of the request's fields (the JSON body, or the form's fields). */
  request?: string;
  /** Protobuf message of a `protobuf` or `json-or-protobuf` body (schemas/proto/parley/v1). */
  requestProto?: ProtoMessage;
  answer: AnswerKind;
  /** Schema id of the 200 JSON body. */
  response?: string;
  /** Protobuf message of a `protobuf` answer. */
  responseProto?: ProtoMessage;
  /** Schema id of the body the server posts to the client's `callback_url`. */
  callback?: string;
  /**
   * A polling trigger of the automation platform: at most `Limits.triggerItems` items, each with a
   * unique `id`, newest first by `orderedBy`. The server, the kit's checks, the load scripts and the
   * Zapier app take their trigger lists from the entries that carry it.
   */
  trigger?: { orderedBy: 'created_at' | 'end_at' };
  /**
   * The `Cache-Control` header of every answer of the route, its errors and redirects included: the
   * server's route kit sets it before anything else runs (schemas/README.md, "Cache-Control"). The
   * spec requires it only of the token endpoint (`no-store`, RFC 6749 §5.1), and the conformance kit
   * checks only that; every other value is Parley's choice. Absent: no Cache-Control is sent.
   */
  cacheControl?: CacheControl;
  /**
   * Schema id of the 202 JSON body a request with `callback_url` gets, where that field is a Parley
   * extension of a spec route (stt); the route's 200 stays the spec's.
   */
  accepted?: string;
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
    | 'ops'
    | 'docs'
    | 'files'
    | 'emulator';
}

export interface ProtoMessage {
  /** Fully qualified name, e.g. `parley.v1.SttRequest`. */
  name: string;
  /** File under schemas/proto/parley/v1/. */
  file: string;
}

/**
 * Whether a request schema makes the body required: it does when the schema has a required field;
 * a schema without one accepts a missing body as `{}`. The one home of "body optional", read by the
 * server and by build-openapi.ts.
 */
export function requestBodyRequired(schema: object | undefined): boolean {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) && required.length > 0;
}

/** Replaces the literal `partner` segment for a deployment that uses the platform's real name. */
export function partnerPath(path: string, segment: string): string {
  return path.replace(/\/partner(\/|$)/, `/${segment}$1`);
}

/** The entry of the catalog `Catalog` (an `as const` list) named `N`. */
export type RouteNamed<Catalog extends readonly RouteSpec[], N extends string> = Extract<
  Catalog[number],
  { readonly name: N }
>;

/** The type of a catalog schema id; `undefined` for a route that names none. */
type TypeOfId<Id> = Id extends SchemaId ? SchemaTypes[Id] : undefined;

/**
 * The type of a route's request fields once its `request` schema passed (the fields with a default
 * filled in), from an `as const` catalog entry.
 */
export type RequestType<R extends RouteSpec> = R extends { readonly request: infer Id extends SchemaId }
  ? Validated<Id>
  : undefined;

/**
 * The type of a route's request fields as a client sends them (fields with a default may be left
 * out): what the conformance kit's calls take, where the server's handlers get RequestType.
 */
export type SentRequestType<R extends RouteSpec> = R extends { readonly request: infer Id }
  ? TypeOfId<Id>
  : undefined;

/** The type of the 202 body a route with an `accepted` schema answers a request with callback_url. */
export type AcceptedType<R extends RouteSpec> = R extends { readonly accepted: infer Id }
  ? TypeOfId<Id>
  : never;

/** The type of a route's 200 JSON body (its `response` schema), from an `as const` catalog entry. */
export type ResponseType<R extends RouteSpec> = R extends { readonly response: infer Id }
  ? TypeOfId<Id>
  : undefined;
