import { routePath } from '../src/routes.js';
import type { LatencyWindow } from '../src/soak-samples.js';

// Every request of the soak goes through here: the path from the route catalog, the key or the
// bearer token, a deadline, the latency into the current sampling window under the route's name,
// and a tally of answers by route and outcome (the summary's counts).

export type Json = Record<string, unknown>;

/** Counts by `route status` (`get-meetings 200`, `stt error`) and by event (`hook delivered`). */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }
}

export interface Auth {
  apiKey?: string;
  bearer?: string;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  id?: string;
  body?: unknown;
  auth: Auth;
  /** Whitespace after the JSON document: a larger body with the same meaning. */
  padding?: string;
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  body: unknown;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export class TimedClient {
  constructor(
    private readonly baseUrl: string,
    private readonly partnerSegment: string,
    readonly window: LatencyWindow,
    readonly tally: Tally,
  ) {}

  /** The answer, or status 0 when none came (refused connection, deadline). Never throws. */
  async call(route: string, options: CallOptions): Promise<Answer> {
    const path = routePath(route, {
      ...(options.id ? { id: options.id } : {}),
      partnerSegment: this.partnerSegment,
    });
    const headers: Record<string, string> = {};
    if (options.auth.apiKey) headers['X-API-Key'] = options.auth.apiKey;
    if (options.auth.bearer) headers.Authorization = `Bearer ${options.auth.bearer}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body) + (options.padding ?? '');
    }
    const started = performance.now();
    try {
      const reply = await fetch(`${this.baseUrl}${path}`, {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      const text = await reply.text();
      this.window.add(route, performance.now() - started);
      this.tally.add(`${route} ${reply.status}`);
      return { status: reply.status, body: parseJson(text) };
    } catch (error) {
      this.tally.add(`${route} ${(error as Error).name === 'TimeoutError' ? 'timeout' : 'error'}`);
      return { status: 0, body: undefined };
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
