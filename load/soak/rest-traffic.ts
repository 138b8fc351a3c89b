import { arrivalPoint, isRunMeeting, nextMeetingsCursor, runTitle, stepsFor } from '../src/rest-mix.js';
import { runArrivals } from './arrivals.js';
import type { Auth, Json, TimedClient } from './timed-client.js';

// The REST mix of k6/rest-mix.ts (the same journeys, shares and arrival sequence from
// src/rest-mix.ts), at `rate` arrivals a second spread over CLIENTS clients, each with its own
// meetings. Unlike a short k6 run, a soak must not grow its own data: a client holding more than
// MEETINGS_PER_CLIENT meetings deletes its oldest after each create, so the data set stays bounded
// and a database that keeps growing is the server's doing. Meetings are titled with the run
// prefix; `cleanup` deletes whatever of the run is left.

const CLIENTS = 10;
const MEETINGS_PER_CLIENT = 5;
const MAX_IN_FLIGHT = 200;
/** The tally's key for an arrival dropped past MAX_IN_FLIGHT. */
export const DROPPED_ARRIVAL = 'rest-mix dropped arrival';

export interface RestMixOptions {
  client: TimedClient;
  auth: Auth;
  runId: string;
  rate: number;
  stopAt: number;
  /** Trailing whitespace of every JSON body (bytes): the seeded-leak run's larger body. */
  padBytes: number;
}

export async function runRestMix(options: RestMixOptions): Promise<void> {
  const { client, auth, runId } = options;
  const padding = ' '.repeat(options.padBytes);
  const owned: string[][] = Array.from({ length: CLIENTS }, () => []);
  let created = 0;
  const post = async (route: string, body: Json): Promise<Json | undefined> => {
    const answer = await client.call(route, { body, auth, padding });
    return answer.status === 200 ? (answer.body as Json) : undefined;
  };
  const remove = async (id: string | undefined) => {
    if (id) await post('delete-meeting', { meeting_id: id });
  };
  const pick = (mine: string[]) => mine[Math.floor(Math.random() * mine.length)] ?? '';
  const journeys = {
    create: async (mine: string[]) => {
      const meeting = (await post('create-meeting', { title: runTitle(runId, ++created) }))?.meeting as
        | Json
        | undefined;
      if (typeof meeting?.id === 'string') mine.push(meeting.id);
      if (mine.length > MEETINGS_PER_CLIENT) await remove(mine.shift());
    },
    list: async () => {
      const first = await post('get-meetings', { limit: 20 });
      const cursor = nextMeetingsCursor((first?.meetings as Json[] | undefined) ?? []);
      if (first?.has_more === true && cursor)
        await post('get-meetings', { limit: 20, last_updated_at: cursor });
    },
    messages: async (mine: string[]) => {
      const meeting_id = pick(mine);
      await post('send-meeting-message', { meeting_message: { meeting_id, text: 'Soak test note' } });
      await post('get-meeting-messages', { meeting_id, limit: 20 });
    },
    participants: async (mine: string[]) => {
      const meeting_id = pick(mine);
      const participant_ids = [`em:soak.${runId}@example.com`];
      await post('add-meeting-participants', { meeting_id, participant_ids });
      await post('remove-meeting-participants', { meeting_id, participant_ids });
    },
    summary: async (mine: string[]) => {
      const meeting_id = pick(mine);
      await post('summarize-meeting', { meeting_id });
      await post('get-meeting-summary', { meeting_id });
    },
    delete: async (mine: string[]) => remove(mine.pop()),
  };
  await runArrivals({
    rate: options.rate,
    stopAt: options.stopAt,
    maxInFlight: MAX_IN_FLIGHT,
    onDropped: () => client.tally.add(DROPPED_ARRIVAL),
    arrive: async (n) => {
      const mine = owned[n % CLIENTS] ?? [];
      for (const step of stepsFor(arrivalPoint(n), mine.length)) await journeys[step](mine);
    },
  });
}

/** Deletes every meeting titled with the run prefix; returns how many were left after it. */
export async function cleanupRun(client: TimedClient, auth: Auth, runId: string): Promise<number> {
  const sweep = async (del: boolean) => {
    let found = 0;
    let cursor: string | undefined;
    for (let page = 0; page < 200; page++) {
      const answer = await client.call('get-meetings', {
        body: cursor ? { limit: 50, last_updated_at: cursor } : { limit: 50 },
        auth,
      });
      const body = answer.body as Json | undefined;
      const meetings = (body?.meetings as Json[] | undefined) ?? [];
      for (const m of meetings) {
        if (!isRunMeeting(m.title, runId)) continue;
        found++;
        if (del) await client.call('delete-meeting', { body: { meeting_id: m.id }, auth });
      }
      cursor = nextMeetingsCursor(meetings);
      if (body?.has_more !== true || !cursor) break;
    }
    return found;
  };
  await sweep(true);
  return sweep(false);
}
