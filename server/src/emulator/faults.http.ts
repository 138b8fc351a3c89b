import type { IncomingMessage, ServerResponse } from 'node:http';
import { activeFaults } from './faults.catalog.js';
import { effectsAnswer, tapEffects } from './faults.effects.js';
import { retainRequestBody } from './faults.leak.js';
import { refusalFor, tapRequestBody } from './faults.lenience.js';

// The HTTP edge of fault injection: called by the request handler (http/request-handler.ts) before anything else sees a request.
// With no fault on it returns at once. Otherwise it may rewrite the request (auth bypass, tampered
// file signatures served anyway) and buffers the answer so a fault can change its status, its JSON
// body or its file bytes before it leaves. Nothing after it knows faults exist.

type Json = Record<string, unknown>;

const TOKEN_PATH = '/api/oauth/partner/token';
const REVOKE_PATH = '/api/oauth/partner/revoke';

let lastKey: string | undefined;
let lastTokenAnswer: Json | undefined;
const firstFileQuery = new Map<string, string>();

export function applyHttpFaults(req: IncomingMessage, res: ServerResponse): void {
  if (!activeFaults.any()) return;
  const url = req.url ?? '/';
  const path = url.split('?')[0] ?? '/';
  if (path.startsWith('/_emulator')) return;
  retainRequestBody(req);
  // The soak's leak alone leaves the answers as they are (no buffering).
  if (!activeFaults.anyConformance()) return;
  rewriteRequest(req, path, url);
  tapEffects(req, res, path);
  tapRequestBody(req, res, path);
  bufferAnswer(res, path);
}

function rewriteRequest(req: IncomingMessage, path: string, url: string): void {
  const key = req.headers['x-api-key'];
  if (typeof key === 'string' && key !== '') lastKey = key;
  else if (
    activeFaults.has('auth-bypass') &&
    path.startsWith('/v1/') &&
    lastKey &&
    !req.headers.authorization
  ) {
    req.headers['x-api-key'] = lastKey;
  }
  // revocation-ignored: the revocation request goes nowhere (its answer is made a 200 below).
  if (activeFaults.has('revocation-ignored') && path === REVOKE_PATH) req.url = `${REVOKE_PATH}-ignored`;
  if (activeFaults.has('signed-url-unchecked') && path.startsWith('/files/')) {
    const query = url.slice(path.length);
    const first = firstFileQuery.get(path);
    if (first === undefined) firstFileQuery.set(path, query);
    else req.url = `${path}${first}`;
  }
}

function bufferAnswer(res: ServerResponse, path: string): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead;
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((item) => typeof item === 'object' && item !== null) as Json | undefined;
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value as string);
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk, encoding));
    const body = transformAnswer(res, path, Buffer.concat(chunks));
    if (!res.headersSent) res.setHeader('Content-Length', body.length);
    void write;
    // Node writes the head through res.writeHead when the body goes out: the real one again.
    res.writeHead = writeHead;
    const done = [chunk, encoding, callback].find((item) => typeof item === 'function') as
      | (() => void)
      | undefined;
    return done ? end(body, done) : end(body);
  }) as typeof res.end;
}

function transformAnswer(res: ServerResponse, path: string, body: Buffer): Buffer {
  const refusal = refusalFor(res);
  if (refusal) {
    res.statusCode = refusal.status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return Buffer.from(JSON.stringify(refusal.body));
  }
  const type = String(res.getHeader('content-type') ?? '');
  if (type.startsWith('audio/ogg') && activeFaults.has('broken-ogg')) return corrupt(body);
  if (type.startsWith('audio/mp4') && activeFaults.has('broken-m4a')) return corrupt(body);
  if (path === '/oauth/partner/authorize' && activeFaults.has('oauth-state-dropped')) dropState(res);
  if (path === '/oauth/partner/authorize' && activeFaults.has('consent-denied-error-dropped'))
    dropDenial(res);
  if (path === TOKEN_PATH && activeFaults.has('token-cacheable')) {
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.removeHeader('Pragma');
  }
  if (path === TOKEN_PATH && res.statusCode === 401 && activeFaults.has('basic-wrong-secret-400'))
    res.removeHeader('WWW-Authenticate');
  if (path === REVOKE_PATH && activeFaults.has('revocation-ignored')) {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return Buffer.from('{}');
  }
  if (!type.includes('json')) return body;
  let json: Json;
  try {
    json = JSON.parse(body.toString('utf8')) as Json;
  } catch {
    return body;
  }
  const status = res.statusCode;
  const next = effectsAnswer(res, path, transformJson(path, status, json));
  res.statusCode = next.status;
  if (activeFaults.has('text-content-type')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  return Buffer.from(JSON.stringify(next.body));
}

/** Removes `state` from the redirect back to the client. */
function dropState(res: ServerResponse): void {
  const location = res.getHeader('location');
  if (typeof location !== 'string' || !location.includes('state=')) return;
  const url = new URL(location);
  url.searchParams.delete('state');
  res.setHeader('location', url.toString());
}

/** Removes `error=access_denied` from the redirect back to the client (a denial it cannot tell). */
function dropDenial(res: ServerResponse): void {
  const location = res.getHeader('location');
  if (typeof location !== 'string' || !location.includes('error=access_denied')) return;
  const url = new URL(location);
  url.searchParams.delete('error');
  url.searchParams.delete('error_description');
  res.setHeader('location', url.toString());
}

/** Overwrites the container header so no decoder recognises the file. */
function corrupt(body: Buffer): Buffer {
  const copy = Buffer.from(body);
  copy.fill(0x5a, 0, Math.min(copy.length, 256));
  return copy;
}

function transformJson(path: string, status: number, body: Json): { status: number; body: Json } {
  const on = activeFaults.has;
  const route = path.replace(/^\/v1\//, '');
  let next = status;
  if (status === 401 && on('wrong-401-text')) body.error = 'Unauthorized';
  if (status === 404 && on('not-found-200')) next = 200;
  if (status === 404 && on('wrong-error-code') && body.code === 'NOT_FOUND') body.code = 'MEETING_NOT_FOUND';
  if (status >= 400 && on('error-shape')) delete body.success;
  if ((status === 400 || status === 422) && on('5xx-on-bad-input')) next = 500;
  if (status === 422 && on('validation-loc-wrong') && Array.isArray(body.detail)) {
    for (const item of body.detail as Json[]) item.loc = ['body'];
  }
  if (status === 400 && on('invalid-json-text') && body.error === 'Invalid JSON')
    body.error = 'Malformed JSON';
  if (status === 400 && on('stt-error-text') && body.error === 'Missing audio_url')
    body.error = 'audio_url is required';
  if (status === 200) transformSuccess(route, body);
  if (path.startsWith('/api/')) return transformPartner(path, next, body);
  return { status: next, body };
}

/** The partner interface's answers (bodies may be arrays: the triggers). */
function transformPartner(path: string, status: number, body: Json): { status: number; body: Json } {
  const on = activeFaults.has;
  if (path === TOKEN_PATH) {
    if (status === 200 && typeof body.refresh_token === 'string') lastTokenAnswer = { ...body };
    if (status === 400 && body.error === 'invalid_grant' && on('refresh-reuse-accepted') && lastTokenAnswer)
      return { status: 200, body: lastTokenAnswer };
    if (status === 400 && body.error === 'invalid_grant' && on('token-invalid-grant-misnamed'))
      body.error = 'invalid_request';
    if (status === 400 && on('token-refusal-403')) return { status: 403, body };
    if (status === 401 && body.error === 'invalid_client' && on('basic-wrong-secret-400'))
      return { status: 400, body };
    return { status, body };
  }
  if (!path.startsWith('/api/partner/')) return { status, body };
  if (status === 401 && on('partner-401-as-200')) return { status: 200, body };
  if (status !== 200) return { status, body };
  if (path.startsWith('/api/partner/triggers/') && Array.isArray(body)) {
    const items = body as unknown[];
    if (on('trigger-newest-last')) items.reverse();
    if (on('trigger-repeated-id') && items.length > 1) items[items.length - 1] = items[0];
  }
  if (path === '/api/partner/me' && on('partner-me-email-lost')) delete body.email;
  if (/^\/api\/partner\/meetings\/[^/]+$/.test(path) && on('details-summary-missing'))
    body.latest_summary = null;
  if (
    path.endsWith('/generate-document') &&
    typeof body.document_text === 'string' &&
    on('document-text-empty')
  )
    body.document_text = '';
  return { status, body };
}

function transformSuccess(route: string, body: Json): void {
  const on = activeFaults.has;
  const meeting = body.meeting as Json | undefined;
  if (route === 'get-meetings' && Array.isArray(body.meetings)) {
    const list = body.meetings as Json[];
    if (on('meetings-newest-last')) list.reverse();
    if (on('has-more-lies')) body.has_more = !body.has_more;
    if (on('repeated-item') && list.length > 1) list[list.length - 1] = list[0] as Json;
  }
  if (route === 'create-meeting' && meeting) {
    if (on('epoch-timestamps')) meeting.created_at = Date.parse(String(meeting.created_at)) / 1000;
    if (on('lost-field')) delete meeting.host_user_id;
    if (on('wrong-status')) meeting.status = 'LIVE';
  }
  if (route === 'delete-meeting' && on('delete-unsuccessful')) body.success = false;
  if (route === 'upload-meeting-to-workspace' && on('workspace-url-not-url'))
    body.workspace_page_url = String(body.workspace_page_url).split('/').pop();
  const settingsRoute =
    route === 'update-user-default-meeting-setting' || route === 'get-user-default-meeting-setting';
  if (settingsRoute && on('settings-not-saved') && body.setting) {
    const setting = body.setting as Json;
    setting.original_languages = [];
    setting.contextual_keywords = [];
  }
  if (route === 'stt' && Array.isArray(body.utterances)) {
    const utterances = body.utterances as Json[];
    utterances.forEach((u, index) => {
      if (on('stt-unordered')) [u.start_ms, u.end_ms] = [u.end_ms, u.start_ms];
      if (on('stt-speaker-labels')) u.speaker = String.fromCharCode(65 + index);
    });
    if (on('stt-unknown-language')) body.detected_language = 'xx';
  }
}
