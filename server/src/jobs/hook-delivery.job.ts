import type { OutboundClient } from '../net/outbound-client.js';
import type { JobRow } from '../store/jobs.store.js';
import type { Store } from '../store/store.js';
import { CALLBACK_RETRY } from './document-callback.job.js';
import type { JobHandler } from './job-worker.js';
import { isSuccess, sendSignedDelivery } from './signed-delivery.js';

// One event delivered to one hook subscription (signed-delivery.ts: signed with the secret of the
// OAuth client that subscribed, SSRF-guarded, recorded), the same `webhook-id` on every try, retried
// like the document callback. A 410 Gone ends the subscription (the REST-hooks convention: the receiver is gone for
// good); a subscription ended meanwhile gets nothing more. Every try is recorded for
// GET /_emulator/webhook-deliveries.

export const HOOK_DELIVERY_JOB = 'partner-hook-delivery';
export const HOOK_RETRY = CALLBACK_RETRY;
const GONE = 410;

export interface HookDeliveryPayload {
  deliveryId: string;
  subscriptionId: string;
  event: string;
  /** The item as JSON text, built when the event fanned out. */
  body: string;
}

export function hookDeliveryJobHandler(deps: { store: Store; outbound: OutboundClient }): JobHandler {
  return async (raw, job: JobRow) => {
    const payload = raw as HookDeliveryPayload;
    const subscription = await deps.store.hookSubscriptions.get(payload.subscriptionId);
    if (!subscription) return;
    const status = await sendSignedDelivery(deps, {
      deliveryId: payload.deliveryId,
      jobId: job.id,
      attempt: job.attempts,
      signer: { clientId: subscription.clientId },
      url: subscription.targetUrl,
      body: payload.body,
      headers: { 'webhook-event': payload.event },
    });
    if (status === GONE) {
      await deps.store.hookSubscriptions.delete(subscription.id);
      return;
    }
    if (!isSuccess(status)) throw new Error(`hook target answered HTTP ${status}`);
  };
}
