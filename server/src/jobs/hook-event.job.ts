import { emitHookEvent, HOOK_EVENT_JOB, type HookEventPayload } from '../services/partner/hook-events.js';
import type { Store } from '../store/store.js';
import type { JobHandler } from './job-worker.js';

// Events queued by versions that built the items when the job ran, not when the event happened:
// a database upgraded with such jobs still pending gets them fanned out (services/partner/hook-events.ts),
// as those versions did. New events queue their deliveries at once and never come here.

export { HOOK_EVENT_JOB };

export function hookEventJobHandler(store: Store): JobHandler {
  return async (raw) => {
    await store.transaction((repos) => emitHookEvent(repos, raw as HookEventPayload));
  };
}
