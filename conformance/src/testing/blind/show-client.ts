import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import WebSocket from 'ws';
import type { ReferenceServer } from '../../reference.js';

// What show.ts asks a deployment with: JSON calls, the OAuth sign-in and a live-stream session.
// Test tooling only.

export interface Target {
  baseUrl: string;
  wsUrl: string;
  ref: ReferenceServer;
  /** An access token of the partner user (issued by the reference, valid through any proxy). */
  partnerToken: string;
}

export type Json = Record<string, unknown>;
export type Demo = (t: Target) => Promise<unknown>;

export interface Reply {
  status: number;
  type: string;
  body: Json;
  headers: Headers;
}

async function replyOf(r: Response): Promise<Reply> {
  const text = await r.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = { text: text.slice(0, 80) };
  }
  return { status: r.status, type: r.headers.get('content-type') ?? '', body, headers: r.headers };
}

/** A meeting REST call: POST with the kit user's key unless `key` says otherwise (null: none). */
export async function call(
  t: Target,
  path: string,
  body: unknown,
  key: string | null = t.ref.apiKey,
): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return replyOf(await fetch(`${t.baseUrl}${path}`, { method: 'POST', headers, body: raw }));
}

/** A speech call (stt, translate-text): the key as the api_key query parameter. */
export const speechCall = (t: Target, path: string, body: unknown) =>
  call(t, `${path}?api_key=${encodeURIComponent(t.ref.apiKey)}`, body, null);

/** A partner-interface call with the partner user's bearer token. */
export async function partnerCall(t: Target, path: string, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${t.partnerToken}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return replyOf(
    await fetch(`${t.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    }),
  );
}

export const audioUrl = (t: Target, file = 'en/rms-05.wav') => `${t.ref.audioBaseUrl}/${file}`;

/** The OAuth authorization-code sign-in of the partner user, up to the redirect that carries the code. */
export async function authorize(t: Target): Promise<{ location: string; verifier: string }> {
  const p = t.ref.partner;
  const verifier = randomBytes(32).toString('base64url');
  const params = {
    response_type: 'code',
    client_id: p.client.id,
    redirect_uri: p.redirectUri,
    scope: '',
    state: 'blind-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  const signIn = await fetch(`${t.baseUrl}/oauth/partner/authorize/sign-in`, {
    method: 'POST',
    body: new URLSearchParams({ ...params, email: p.user.email, password: p.user.password }),
    redirect: 'manual',
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const consent = await fetch(new URL(signIn.headers.get('location') ?? '/', t.baseUrl), {
    headers: { cookie },
  });
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(await consent.text())?.[1] ?? '';
  const allow = await fetch(`${t.baseUrl}/oauth/partner/authorize`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({ ...params, csrf_token: csrf, decision: 'allow' }),
    redirect: 'manual',
  });
  return { location: allow.headers.get('location') ?? '', verifier };
}

/** The token endpoint with the kit's client credentials and `fields`. */
export async function token(t: Target, fields: Record<string, string>): Promise<Reply> {
  const { client, redirectUri } = t.ref.partner;
  const body = new URLSearchParams({
    client_id: client.id,
    client_secret: client.secret,
    redirect_uri: redirectUri,
    ...fields,
  });
  return replyOf(await fetch(`${t.baseUrl}/api/oauth/partner/token`, { method: 'POST', body }));
}

/** A code exchanged for tokens: the whole flow. */
export async function signInTokens(t: Target): Promise<Reply> {
  const { location, verifier } = await authorize(t);
  const code = new URL(location).searchParams.get('code') ?? '';
  return token(t, { grant_type: 'authorization_code', code, code_verifier: verifier });
}

export interface Session {
  frames: (Json | string)[];
  close: number;
  /** Seconds from the empty end-of-audio frame to the terminal frame (null: none came in time). */
  finishSeconds: number | null;
}

export interface SessionOptions {
  /** JSON frames (format=json); false: protobuf. */
  json?: boolean;
  /** Seconds to wait for the terminal frame after the empty frame. */
  waitSeconds?: number;
  /** More query parameters, e.g. `enable_diarization=false`. */
  query?: string;
  /** Fields of the config frame beyond the encoding. */
  config?: Json;
  key?: string;
}

/** One live session of a pcm16 file, ended by the empty frame. */
export async function streamSession(t: Target, options: SessionOptions = {}): Promise<Session> {
  const { json = true, waitSeconds = 20, query = '', config = {}, key = t.ref.apiKey } = options;
  const wav = await readFile(new URL('../../../../fixtures/audio/en/rms-05.wav', import.meta.url));
  const pcm = wav.subarray(44);
  const params = [json ? 'format=json' : '', `api_key=${encodeURIComponent(key)}`, query]
    .filter(Boolean)
    .join('&');
  const ws = new WebSocket(`${t.wsUrl}/v1/stt/stream?${params}`);
  const frames: (Json | string)[] = [];
  let endedAt = 0;
  let finishSeconds: number | null = null;
  return new Promise<Session>((resolve) => {
    const done = (close: number) => {
      clearTimeout(timer);
      resolve({ frames, close, finishSeconds });
    };
    const timer = setTimeout(() => {
      ws.terminate();
      done(-1);
    }, 60_000);
    ws.on('error', () => done(-2));
    ws.on('open', async () => {
      ws.send(JSON.stringify({ encoding: 'pcm16', ...config }));
      for (let i = 0; i < pcm.length; i += 640) ws.send(pcm.subarray(i, i + 640));
      ws.send(Buffer.alloc(0));
      endedAt = Date.now();
      setTimeout(() => ws.terminate(), waitSeconds * 1000);
    });
    ws.on('message', (data: Buffer, isBinary) => {
      const frame = isBinary ? data.toString('hex') : (JSON.parse(data.toString('utf8')) as Json);
      frames.push(frame);
      const last = isBinary ? frame === '1801' : (frame as Json).finished === true;
      if (last) finishSeconds = Math.round((Date.now() - endedAt) / 100) / 10;
    });
    ws.on('close', (code) => done(code));
  });
}

export const chunksOf = (s: Session): Json[] =>
  s.frames.filter((f): f is Json => typeof f === 'object' && !!f.chunk).map((f) => f.chunk as Json);
