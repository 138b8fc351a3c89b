import { afterAll, beforeAll } from 'vitest';
import type { CheckResult } from '../check.js';
import { type RunOptions, run } from '../index.js';
import type { ReferenceServer } from '../reference.js';
import { startReferenceServer } from '../reference-server.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf, startVariantProxy } from './variant-proxy.js';

// One check run through a proxy that breaks the reference server's answers the way a faulty
// deployment would (the unit tests of a check's verdicts): the reference's keys and transcript
// meeting, seed 1, silent. Test tooling only; nothing here is the kit.

type Json = Record<string, unknown>;

/** A JSON body as an object (an empty body is `{}`). */
export const jsonOf = (bytes: Buffer): Json => JSON.parse(bytes.toString('utf8') || '{}') as Json;
/** A JSON answer of this status and body. */
export const answerWith = (status: number, body: unknown): Answer => ({
  status,
  headers: new Headers({ 'content-type': 'application/json' }),
  body: Buffer.from(JSON.stringify(body)),
});

/** Answers at `path` changed by `edit` (its status and JSON body, given the request's JSON body). */
export const onAnswer = (
  path: string,
  edit: (body: Json, status: number, asked: Json) => [number, unknown],
): ProxyHooks => ({
  answer(req: Exchange, a: Answer): Answer {
    if (pathOf(req) !== path) return a;
    const [status, body] = edit(jsonOf(a.body), a.status, req.method === 'POST' ? jsonOf(req.body) : {});
    return answerWith(status, body);
  },
});

/** The reference server of a test file: started before its tests, closed after them. */
export function referenceServerOfFile(): () => ReferenceServer {
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await startReferenceServer();
  }, 60_000);
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('the reference server has not started');
    return server;
  };
}

export async function judgeThroughProxy(
  server: ReferenceServer,
  check: string,
  hooks: () => ProxyHooks,
  options: Partial<RunOptions> = {},
): Promise<CheckResult | undefined> {
  const proxy = await startVariantProxy(server, {
    id: 'mutant',
    area: 'rest',
    allows: '',
    only: [check],
    hooks,
  });
  try {
    const report = await run({
      baseUrl: proxy.baseUrl,
      wsUrl: proxy.wsUrl,
      apiKey: server.apiKey,
      transcriptMeetingId: server.transcriptMeetingId,
      only: [check],
      profile: 'smoke',
      seed: 1,
      progress: null,
      reporters: [],
      ...options,
    });
    return report.results.find((r) => r.id === check);
  } finally {
    await proxy.close();
  }
}
