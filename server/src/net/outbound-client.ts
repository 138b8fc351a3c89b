import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressPolicyOptions, createAddressPolicy } from './address-policy.js';
import {
  OutboundBlockedError,
  OutboundError,
  OutboundTimeoutError,
  OutboundTooLargeError,
  OutboundUpstreamError,
  OutboundUrlError,
} from './outbound-errors.js';

// The one client for every outbound HTTP call (audio_url downloads, callbacks, upstream engines):
// an overall deadline, a byte ceiling enforced while streaming, and the address policy applied to
// the addresses DNS actually returned, at connect time, on every redirect hop. Checking the resolved
// address inside `lookup` (not before the request) means a DNS answer that changes between check
// and connect cannot smuggle in a private address.

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundClientOptions extends AddressPolicyOptions {
  /** DNS resolution; replaceable so tests can make a public-looking name resolve to a private address. */
  resolve?: Resolver;
  defaultTimeoutMs?: number;
  defaultMaxBytes?: number;
  userAgent?: string;
}

export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Deadline for the whole exchange: connect, headers, body and every redirect. */
  timeoutMs?: number;
  maxBytes?: number;
  /** Redirects are followed for GET and HEAD only; other methods get the 3xx back. */
  maxRedirects?: number;
  signal?: AbortSignal;
  /**
   * Write the (final, non-redirect) body to this file instead of memory: the answer's `body` is
   * then empty, and memory stays one chunk per download whatever the size (audio downloads).
   */
  toFile?: string;
  /** Called with the response head before the body is read; throw to refuse it (content checks). */
  onHead?: (head: { status: number; headers: IncomingHttpHeaders; url: string }) => void;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The final URL after redirects. */
  url: string;
}

export interface OutboundClient {
  /** Resolves with any HTTP status (callers judge non-2xx); rejects only with an OutboundError. */
  request(req: OutboundRequest): Promise<OutboundResponse>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError(`Not a valid URL: ${raw}`, raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundUrlError(`Only http and https URLs can be fetched, not ${url.protocol}`, raw);
  }
  if (url.username || url.password) {
    throw new OutboundUrlError('URLs with embedded credentials are not fetched', raw);
  }
  return url;
}

export function createOutboundClient(options: OutboundClientOptions = {}): OutboundClient {
  const policy = createAddressPolicy(options);
  const resolve = options.resolve ?? systemResolver;

  const guardedLookup =
    (url: string): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      resolve(hostname).then(
        (addresses) => {
          const refused = addresses.find((a) => !policy.permits(a.address));
          const first = addresses[0];
          if (refused) return callback(new OutboundBlockedError(url, refused.address), '', 4);
          if (!first) return callback(new OutboundUpstreamError(`${hostname} has no address`, url), '', 4);
          if (lookupOptions.all) return callback(null, addresses);
          return callback(null, first.address, first.family);
        },
        (error: unknown) =>
          callback(
            new OutboundUpstreamError(`Cannot resolve ${hostname}`, url, undefined, { cause: error }),
            '',
            4,
          ),
      );
    };

  const once = (
    url: URL,
    req: OutboundRequest,
    method: string,
    body: Uint8Array | string | undefined,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<OutboundResponse> =>
    new Promise((resolvePromise, reject) => {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // Node skips `lookup` for literal addresses, so they are judged here.
      if (isIP(host) && !policy.permits(host)) throw new OutboundBlockedError(url.href, host);
      const transport = url.protocol === 'https:' ? https : http;
      const headers: Record<string, string> = {
        'user-agent': options.userAgent ?? 'parley-server',
        ...req.headers,
      };
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const outgoing = transport.request(url, { method, headers, lookup: guardedLookup(url.href), signal });
      const fail = (error: unknown) => {
        outgoing.destroy();
        reject(toOutboundError(error, url.href, signal));
      };
      outgoing.on('error', fail);
      outgoing.on('response', (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        try {
          const declared = Number(res.headers['content-length']);
          if (!isRedirect(status) && Number.isFinite(declared) && declared > maxBytes) {
            throw new OutboundTooLargeError(url.href, maxBytes);
          }
          if (!isRedirect(status)) req.onHead?.({ status, headers: res.headers, url: url.href });
        } catch (error) {
          res.destroy();
          return fail(error);
        }
        const chunks: Buffer[] = [];
        const file = req.toFile && !isRedirect(status) ? createWriteStream(req.toFile) : undefined;
        file?.on('error', (error) => {
          res.destroy();
          fail(error);
        });
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            res.destroy();
            file?.destroy();
            fail(new OutboundTooLargeError(url.href, maxBytes));
            return;
          }
          if (!file) chunks.push(chunk);
          else if (!file.write(chunk)) {
            res.pause();
            file.once('drain', () => res.resume());
          }
        });
        res.on('error', fail);
        res.on('end', () => {
          const answer = { status, headers: res.headers, body: Buffer.concat(chunks), url: url.href };
          if (!file) return resolvePromise(answer);
          file.end(() => resolvePromise(answer));
        });
      });
      outgoing.end(body);
    });

  return {
    async request(req) {
      const timeoutMs = req.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
      const maxBytes = req.maxBytes ?? options.defaultMaxBytes ?? DEFAULT_MAX_BYTES;
      const maxRedirects = req.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
      let url = parseOutboundUrl(req.url);
      let method = (req.method ?? 'GET').toUpperCase();
      let body = req.body;
      for (let hop = 0; ; hop++) {
        let res: OutboundResponse;
        try {
          res = await once(url, req, method, body, maxBytes, signal);
        } catch (error) {
          if (deadline.aborted) throw new OutboundTimeoutError(url.href, timeoutMs);
          throw error;
        }
        const location = res.headers.location;
        if (!isRedirect(res.status) || !location || (method !== 'GET' && method !== 'HEAD')) return res;
        if (hop >= maxRedirects) {
          throw new OutboundUpstreamError(`More than ${maxRedirects} redirects`, url.href, res.status);
        }
        url = parseOutboundUrl(new URL(location, url).href);
        if (res.status === 303) method = 'GET';
        body = undefined;
      }
    },
  };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function toOutboundError(error: unknown, url: string, signal: AbortSignal): OutboundError {
  if (error instanceof OutboundError) return error;
  // An abort surfaces as a generic AbortError; the caller turns a deadline abort into a timeout.
  if (signal.aborted) return new OutboundUpstreamError('Request aborted', url, undefined, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new OutboundUpstreamError(`Request to ${url} failed: ${message}`, url, undefined, { cause: error });
}
