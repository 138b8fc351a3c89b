import type { BenchRoute } from './bench-data.js';

// A server under load: where it listens, its process (for CPU accounting) and how to stop it. A
// server that could not be started is kept as a row with the reason, so the table still prints.

export interface Target {
  name: string;
  baseUrl: string;
  pid: number | undefined;
  /** The API key each route is called with. */
  keys: Record<BenchRoute, string>;
  stop(): Promise<void>;
}

export interface Unavailable {
  name: string;
  unavailable: string;
}

export const isAvailable = (target: Target | Unavailable): target is Target => !('unavailable' in target);

export const NODE_FLAGS = ['--disable-warning=ExperimentalWarning', '--import', 'tsx'];

/** POSTs a JSON body; the parsed answer, or an error naming the status. */
export async function postJson<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
