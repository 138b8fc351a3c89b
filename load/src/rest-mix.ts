// The REST mix: which meeting journey an arriving request runs, how this run's data is named so it
// can be told from anyone else's, and how the listing is paged.

export const JOURNEYS = ['create', 'list', 'messages', 'participants', 'summary', 'delete'] as const;
export type Journey = (typeof JOURNEYS)[number];

/** Shares of arrivals, after what meeting clients do most: read lists and messages. */
export const MIX: Record<Journey, number> = {
  create: 15,
  list: 30,
  messages: 25,
  participants: 10,
  summary: 10,
  delete: 10,
};

/** A journey's share of arrivals, 0 to 1. */
export function journeyShare(journey: Journey, mix: Record<Journey, number> = MIX): number {
  return mix[journey] / JOURNEYS.reduce((n, j) => n + mix[j], 0);
}

/** The journey at a point in [0, 1) of the mix. */
export function pickJourney(point: number, mix: Record<Journey, number> = MIX): Journey {
  const total = JOURNEYS.reduce((n, j) => n + mix[j], 0);
  let at = point * total;
  for (const journey of JOURNEYS) {
    at -= mix[journey];
    if (at < 0) return journey;
  }
  return JOURNEYS[JOURNEYS.length - 1] ?? 'list';
}

/**
 * Where the nth arrival of a run falls in [0, 1): n times the golden ratio, fractional part (a Weyl
 * sequence). Any run of consecutive arrivals covers the mix evenly: each journey is within
 * ARRIVAL_SPREAD of its share for every run of up to 100,000 arrivals, so a short smoke run has every
 * journey (a 10 % journey from the 10th arrival on). Drawn at random, a 10 % journey was missing
 * from 31 arrivals about 4 % of the time, and its count gate failed the run for the generator's luck.
 */
export function arrivalPoint(n: number): number {
  return (n * GOLDEN_FRACTION) % 1;
}
const GOLDEN_FRACTION = (Math.sqrt(5) - 1) / 2;
const ARRIVAL_SPREAD = 3;

/** The fewest of a run's first `arrivals` that a journey gets: its share less the sequence's spread. */
export function journeyArrivals(arrivals: number, journey: Journey): number {
  return Math.max(0, Math.floor(arrivals * journeyShare(journey) - ARRIVAL_SPREAD));
}

/** Titles of this run's meetings start with the run prefix, so cleanup deletes exactly them. */
export function runTitle(runId: string, n: number): string {
  return `[${runId}] load meeting ${n}`;
}

export function isRunMeeting(title: unknown, runId: string): boolean {
  return typeof title === 'string' && title.startsWith(`[${runId}] `);
}

/** get-meetings pages newest first; the next page is what was updated before the page's oldest. */
export function nextMeetingsCursor(meetings: readonly { updated_at?: unknown }[]): string | undefined {
  const last = meetings.at(-1)?.updated_at;
  return typeof last === 'string' ? last : undefined;
}

/**
 * The requests an arrival makes: its journey, preceded by a create when the journey works on a
 * meeting and this client has none yet. Each journey thus runs at its share of arrivals however the
 * arrivals spread over clients; k6 starts an arrival profile's clients up front, so most arrivals of
 * a light run land on a client that has made nothing yet, and turning those into plain creates
 * starved the rarer journeys of every sample.
 */
export function stepsFor(point: number, ownMeetings: number): Journey[] {
  const journey = pickJourney(point);
  const needsMeeting = journey !== 'list' && journey !== 'create';
  return needsMeeting && ownMeetings === 0 ? ['create', journey] : [journey];
}
