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

/** The journey for a uniform random number in [0, 1). */
export function pickJourney(random: number, mix: Record<Journey, number> = MIX): Journey {
  const total = JOURNEYS.reduce((n, j) => n + mix[j], 0);
  let at = random * total;
  for (const journey of JOURNEYS) {
    at -= mix[journey];
    if (at < 0) return journey;
  }
  return JOURNEYS[JOURNEYS.length - 1] ?? 'list';
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

/** A journey with nothing to work on (no meeting of its own yet) creates one instead. */
export function journeyFor(random: number, ownMeetings: number): Journey {
  const journey = pickJourney(random);
  return ownMeetings === 0 && journey !== 'list' ? 'create' : journey;
}
