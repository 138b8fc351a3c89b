import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getSchema } from '@parley/schemas';
import { HookEvent } from '@parley/schemas/constants';
import { type JsonSchemaLike, PollTracker, requiredFields, triggerProblems } from '../src/partner-poll.js';
import { TRIGGER_ROUTES } from '../src/routes.js';
import { repeatUntil } from './arrivals.js';
import { HookCount } from './hook-count.js';
import type { Json, TimedClient } from './timed-client.js';

// The automation platform's side of the soak: clients polling the four triggers with a bearer token
// as k6/partner-poll.ts does (every answer checked against the trigger rules of src/partner-poll.ts,
// new items counted), reading the details of a listed meeting and now and then generating a
// document from it; and a hook subscription to meeting-created whose deliveries a receiver on
// 127.0.0.1 counts by webhook-id (every create answered is one event: hook-count.ts).

/** The token source: the OAuth flow's (PartnerToken) or a fixed PARTNER_TOKEN. */
export interface TokenSource {
  fresh(): Promise<string>;
  refresh(): Promise<void>;
}

export interface PollOptions {
  client: TimedClient;
  token: TokenSource;
  pollers: number;
  pollSeconds: number;
  generateEvery: number;
  stopAt: number;
}

const required = Object.fromEntries(
  TRIGGER_ROUTES.map((t) => [t, requiredFields(getSchema(`${t}.item`) as JsonSchemaLike)]),
);

export async function runPolls(options: PollOptions): Promise<void> {
  const { client, token } = options;
  const one = async (poller: number) => {
    const tracker = new PollTracker();
    let polls = 0;
    // Pollers start spread over one poll period, as accounts connected at different times would.
    await new Promise((wake) => setTimeout(wake, (poller / options.pollers) * options.pollSeconds * 1000));
    await repeatUntil(options.stopAt, options.pollSeconds * 1000, async () => {
      polls++;
      let listed: string | undefined;
      for (const trigger of TRIGGER_ROUTES) {
        let answer = await client.call(trigger, { auth: { bearer: await token.fresh() } });
        if (answer.status === 401) {
          await token.refresh();
          answer = await client.call(trigger, { auth: { bearer: await token.fresh() } });
        }
        if (answer.status !== 200) continue;
        const problems = triggerProblems(trigger, answer.body, required[trigger] ?? []);
        if (problems.length > 0) client.tally.add(`${trigger} problem`, problems.length);
        const items = Array.isArray(answer.body) ? (answer.body as Json[]) : [];
        client.tally.add('trigger new items', tracker.newItems(trigger, items));
        listed ??= items.find((item) => typeof item.meeting_id === 'string')?.meeting_id as
          | string
          | undefined;
        listed ??= trigger === 'trigger-meeting-ended' ? (items[0]?.id as string | undefined) : undefined;
      }
      if (!listed) return;
      const bearer = await token.fresh();
      await client.call('partner-meeting', { id: listed, auth: { bearer } });
      if (polls % options.generateEvery === 0)
        await client.call('generate-document', {
          id: listed,
          body: { prompt: 'Write a one-page brief of this meeting.' },
          auth: { bearer },
          timeoutMs: 120_000,
        });
    });
  };
  await Promise.all(Array.from({ length: options.pollers }, (_, i) => one(i)));
}

export interface HookReceiver {
  url: string;
  /** What arrived, by webhook-id. */
  count: HookCount;
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1 that answers every delivery 200 and counts it. */
export async function startHookReceiver(client: TimedClient): Promise<HookReceiver> {
  const count = new HookCount();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      client.tally.add('hook delivered');
      const id = req.headers['webhook-id'];
      count.record(Array.isArray(id) ? id[0] : id);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Subscribes `url` to meeting-created; resolves the subscription's id (undefined when refused). */
export async function subscribeHook(client: TimedClient, token: TokenSource, url: string) {
  const answer = await client.call('partner-hook-subscribe', {
    body: { event: HookEvent.MEETING_CREATED, target_url: url },
    auth: { bearer: await token.fresh() },
  });
  const id = (answer.body as Json | undefined)?.id;
  return answer.status === 200 && typeof id === 'string' ? id : undefined;
}

export async function unsubscribeHook(client: TimedClient, token: TokenSource, id: string): Promise<void> {
  await client.call('partner-hook-unsubscribe', {
    method: 'DELETE',
    id,
    auth: { bearer: await token.fresh() },
  });
}
