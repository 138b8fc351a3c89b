import type { OutboundClient } from '../net/outbound-client.js';
import { HOOK_DELIVERY_JOB, type HookDeliveryPayload } from '../services/partner/hook-events.js';
import type { MeetingLink } from '../services/partner/meeting-link.js';
import type { JobRow } from '../store/jobs.store.js';
import type { Store } from '../store/store.js';
import { CALLBACK_RETRY } from './document-callback.job.js';
import type { JobHandler } from './job-worker.js';
import { isSuccess, sendSignedDelivery } from './signed-delivery.js';

// One event delivered to one hook subscription (signed-delivery.ts: signed with the secret of the
// OAuth client that subscribed, SSRF-guarded, recorded), the item fixed when the event happened and
// the same `webhook-id` on every try, retried like the document callback. Checked at every try: a
// subscription removed meanwhile, or one whose OAuth grant was revoked, gets nothing (the latter is
// deleted: no token of that grant can manage it any more). A 410 Gone ends the subscription (the
// REST-hooks convention: the receiver is gone for good). Every try is recorded for
// GET /_emulator/webhook-deliveries.

export { HOOK_DELIVERY_JOB, type HookDeliveryPayload };
export const HOOK_RETRY = CALLBACK_RETRY;
const GONE = 410;

export function hookDeliveryJobHandler(deps: {
  store: Store;
  outbound: OutboundClient;
  link: MeetingLink;
}): JobHandler {
  return async (raw, job: JobRow) => {
    const payload = raw as HookDeliveryPayload;
    const subscription = await deps.store.hookSubscriptions.get(payload.subscriptionId);
    if (!subscription) return;
    if (subscription.grantId && (await deps.store.oauthGrants.grantRevoked(subscription.grantId))) {
      await deps.store.hookSubscriptions.delete(subscription.id);
      return;
    }
    const status = await sendSignedDelivery(deps, {
      deliveryId: payload.deliveryId,
      jobId: job.id,
      attempt: job.attempts,
      signer: { clientId: subscription.clientId },
      url: subscription.targetUrl,
      body: linked(deps.link, payload),
      headers: { 'webhook-event': payload.event },
    });
    if (status === GONE) {
      await deps.store.hookSubscriptions.delete(subscription.id);
      return;
    }
    if (!isSuccess(status)) throw new Error(`hook target answered HTTP ${status}`);
  };
}

/** The body with the deployment's `meeting_url`: the same text on every try, as the signature needs. */
function linked(link: MeetingLink, payload: HookDeliveryPayload): string {
  if (payload.meetingId === undefined) return payload.body;
  const item = link(JSON.parse(payload.body) as object, payload.meetingId);
  return 'meeting_url' in item ? JSON.stringify(item) : payload.body;
}
