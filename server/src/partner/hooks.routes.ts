import type { RouteKit } from '../http/route-kit.js';
import { HOOK_DELIVERY_JOB, HOOK_RETRY, hookDeliveryJobHandler } from '../jobs/hook-delivery.job.js';
import { HOOK_EVENT_JOB, hookEventJobHandler } from '../jobs/hook-event.job.js';
import type { JobWorker } from '../jobs/job-worker.js';
import type { OutboundClient } from '../net/outbound-client.js';
import { HooksService } from '../services/partner/hooks.service.js';
import type { MeetingLink } from '../services/partner/meeting-link.js';
import type { Store } from '../store/store.js';

// The hook subscription routes (a Parley extension, schemas/src/server-routes.ts partnerHookRoutes)
// and the jobs behind them: the signed delivery of one event's item (and the fan-out of events
// queued by older versions).

export interface HookDeps {
  store: Store;
  jobs: JobWorker;
  /** Client for client-supplied URLs: net/outbound-clients.ts `clientUrls`. */
  outbound: OutboundClient;
  allowPrivate: boolean;
  /** Adds meeting_url to the delivered items when the deployment names its meeting page. */
  link: MeetingLink;
}

export function partnerHooks(deps: HookDeps) {
  const { store } = deps;
  deps.jobs.register(HOOK_EVENT_JOB, hookEventJobHandler(store));
  deps.jobs.register(
    HOOK_DELIVERY_JOB,
    hookDeliveryJobHandler({ store, outbound: deps.outbound, link: deps.link }),
    HOOK_RETRY,
  );
  const hooks = new HooksService(store, deps.allowPrivate);

  return {
    mount(kit: RouteKit) {
      // Deliveries are signed for the client the token was issued to, while its grant stands.
      kit.mount(
        'partner-hook-subscribe',
        async (body, caller) =>
          await hooks.subscribe(caller, caller.clientId ?? '', body, caller.grantId ?? null),
      );
      kit.mount(
        'partner-hook-unsubscribe',
        async (_body, caller, { params }) => await hooks.unsubscribe(caller, params.id ?? ''),
      );
    },
  };
}
