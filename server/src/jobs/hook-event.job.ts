import { newDeliveryId } from '../core/ids.js';
import { type HookEventPayload, hookItem } from '../services/partner/hook-events.js';
import type { MeetingLink } from '../services/partner/meeting-link.js';
import type { Store } from '../store/store.js';
import { HOOK_DELIVERY_JOB, type HookDeliveryPayload } from './hook-delivery.job.js';
import type { JobHandler } from './job-worker.js';

// Fans an event out to its subscriptions: one delivery job per subscriber who may see the item,
// with the item built now for that subscriber (so a later change of the meeting does not change what
// the event said). The deliveries are queued in one transaction: all of them or, on a retry, again.

export { HOOK_EVENT_JOB } from '../services/partner/hook-events.js';

export function hookEventJobHandler(store: Store, link: MeetingLink): JobHandler {
  return async (raw) => {
    const payload = raw as HookEventPayload;
    const deliveries: HookDeliveryPayload[] = [];
    for (const subscription of await store.hookSubscriptions.ofEvent(payload.event)) {
      const user = await store.accounts.getUser(subscription.userId);
      if (!user) continue;
      const item = await hookItem(store, { userId: user.id, email: user.email.toLowerCase() }, payload, link);
      if (!item) continue;
      deliveries.push({
        deliveryId: newDeliveryId(),
        subscriptionId: subscription.id,
        event: payload.event,
        body: JSON.stringify(item),
      });
    }
    if (deliveries.length === 0) return;
    await store.transaction(async (repos) => {
      for (const delivery of deliveries)
        await repos.jobs.enqueue({ kind: HOOK_DELIVERY_JOB, payload: delivery });
    });
  };
}
