import type { Caller } from '../../core/caller.js';
import type { MeetingDataCache } from './cached-data.cache.js';

// Services that change a meeting's summaries or transcripts without knowing about the cache
// (delete-meeting, delete-meeting-message) are wrapped here, in services.ts, so the cache stays
// right without those services taking a dependency on it. A service that does know the cache calls
// `cache.invalidate(meetingId)` itself after its transaction commits.

type WriteMethod = (caller: Caller, body: { meeting_id: string }) => Promise<unknown>;
/** Names of the methods of S that take (caller, body) with a body naming a meeting. */
type WriteMethodName<S> = {
  [K in keyof S]: S[K] extends (caller: Caller, body: infer B) => Promise<unknown>
    ? B extends { meeting_id: string }
      ? K
      : never
    : never;
}[keyof S];

/**
 * Makes each named method of `service` invalidate the meeting its body names once it has finished.
 * It invalidates after a failure too: a failed call may still have committed, and a needless
 * invalidation only costs one database read.
 */
export function invalidatesMeetingData<S extends object>(
  service: S,
  methods: readonly WriteMethodName<S>[],
  cache: MeetingDataCache,
): S {
  for (const name of methods) {
    const original = (service[name] as WriteMethod).bind(service);
    const wrapped: WriteMethod = async (caller, body) => {
      try {
        return await original(caller, body);
      } finally {
        await cache.invalidate(body.meeting_id);
      }
    };
    Object.defineProperty(service, name, { value: wrapped, configurable: true, writable: true });
  }
  return service;
}
