import { Agent } from 'undici';
import { type Exchange, Verdict } from './check.js';
import { deadlineOf, requestShape, seconds } from './deadlines.js';

// The kit's HTTP client: every request is recorded as an Exchange with a curl line that repeats it,
// so a failing check can show what it sent and what came back.

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, otherwise the text. */
  body: unknown;
  text: string;
  bytes: Uint8Array;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A string is sent as it is; a Uint8Array as bytes; anything else as JSON. */
  body?: unknown;
}

const EXCERPT = 2000;

export const excerpt = (text: string): string =>
  text.length > EXCERPT ? `${text.slice(0, EXCERPT)}… (${text.length} chars)` : text;

// Node's fetch (undici) stops waiting on its own after 300 s without headers or body bytes, below
// the 600 s the spec advises for file STT: the kit's requests go through an agent with those limits
// off, so each request's deadline (deadlines.ts, its AbortSignal) is the only one. The npm undici's
// Agent drives Node 22's built-in fetch (its headersTimeout is honoured: checked), but the two
// versions' type declarations differ, hence the cast.
const NO_OWN_LIMITS = new Agent({
  headersTimeout: 0,
  bodyTimeout: 0,
}) as unknown as RequestInit['dispatcher'];

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export class HttpClient {
  readonly exchanges: Exchange[] = [];

  constructor(
    readonly baseUrl: string,
    /** --timeout: one deadline for every request instead of each route's own (deadlines.ts). */
    private readonly timeoutMs?: number,
    /** The request shapes whose last request went unanswered, shared by the run's clients. */
    private readonly hung: Set<string> = new Set(),
  ) {}

  async send(pathOrUrl: string, options: SendOptions = {}): Promise<Reply> {
    const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Uint8Array | undefined;
    if (typeof options.body === 'string' || options.body instanceof Uint8Array) body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const exchange: Exchange = {
      method,
      url,
      requestHeaders: headers,
      ...(body === undefined
        ? {}
        : { requestBody: typeof body === 'string' ? excerpt(body) : `<${body.length} bytes>` }),
      repro: curlOf(method, url, headers, body),
    };
    this.exchanges.push(exchange);
    const shape = requestShape(method, url);
    const own = deadlineOf(method, url, this.timeoutMs, body);
    const deadline = deadlineOf(method, url, this.timeoutMs, body, this.hung.has(shape));
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(deadline),
        redirect: 'manual',
        dispatcher: NO_OWN_LIMITS,
      });
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      this.hung.add(shape);
      const why =
        deadline < own
          ? `the deadline after a request of this shape went unanswered, ${seconds(own)} otherwise`
          : "the request's deadline; --timeout sets another";
      throw unanswered(
        exchange,
        `no answer to ${shape} within ${seconds(deadline)} (${why})`,
        shape,
        deadline,
      );
    }
    this.hung.delete(shape);
    const type = response.headers.get('content-type') ?? '';
    const text = type.startsWith('audio/') ? '' : Buffer.from(bytes).toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    exchange.status = response.status;
    exchange.responseBody = type.startsWith('audio/') ? `<${bytes.length} bytes of ${type}>` : excerpt(text);
    return { status: response.status, headers: response.headers, body: parsed, text, bytes };
  }
}

/** A request that hung past its deadline: the check fails naming the deadline (the run goes on). */
function unanswered(exchange: Exchange, message: string, shape: string, deadline: number): Verdict {
  exchange.responseBody = `(no answer within ${seconds(deadline)})`;
  return new Verdict('FAIL', message, [
    {
      code: 'NO_ANSWER',
      message,
      path: `${shape} status`,
      expected: `an answer within ${seconds(deadline)}`,
      actual: 'none',
    },
  ]);
}

function curlOf(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string | Uint8Array,
): string {
  const parts = ['curl -sS -X', method, shellQuote(url)];
  for (const [name, value] of Object.entries(headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (typeof body === 'string') parts.push('--data-binary', shellQuote(body));
  else if (body) parts.push('--data-binary', '@request.bin');
  return parts.join(' ');
}
