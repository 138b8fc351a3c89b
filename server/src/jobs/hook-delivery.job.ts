import { Webhook } from 'standardwebhooks';
import type { OutboundClient } from '../net/outbound-client.js';
import { OutboundBlockedError, OutboundUrlError } from '../net/outbound-errors.js';
import type { JobRow } from '../store/jobs.store.js';
import type { Store } from '../store/store.js';
import { CALLBACK_RETRY } from './document-callback.job.js';
import type { JobHandler } from './job-worker.js';
import { PermanentJobError } from './job-worker.js';

// One event delivered to one hook subscription: POSTed through the client for client-supplied URLs
// (the SSRF guard checks every connect), signed as Standard Webhooks specifies with the secret of the
// OAuth client that subscribed, the same `webhook-id` on every try, retried like the document
// callback. A 410 Gone ends the subscription (the REST-hooks convention: the receiver is gone for
// good); a subscription ended meanwhile gets nothing more. Every try is recorded for
// GET /_emulator/webhook-deliveries.

export const HOOK_DELIVERY_JOB = 'partner-hook-delivery';
export const HOOK_RETRY = CALLBACK_RETRY;
const DELIVERY_TIMEOUT_MS = 15_000;
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
    const secret = await deps.store.registeredClients.webhookSecret(subscription.clientId);
    const timestamp = new Date();
    const signature = new Webhook(secret).sign(payload.deliveryId, timestamp, payload.body);
    const record = (statusCode: number | null, error: string | null) =>
      deps.store.webhookDeliveries.record({
        deliveryId: payload.deliveryId,
        jobId: job.id,
        clientId: subscription.clientId,
        url: subscription.targetUrl,
        attempt: job.attempts,
        statusCode,
        error,
      });
    let status: number;
    try {
      const reply = await deps.outbound.request({
        url: subscription.targetUrl,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': payload.deliveryId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
          'webhook-event': payload.event,
        },
        body: payload.body,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        maxRedirects: 0,
      });
      status = reply.status;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await record(null, message);
      if (error instanceof OutboundBlockedError || error instanceof OutboundUrlError)
        throw new PermanentJobError(message);
      throw error;
    }
    await record(status, status >= 200 && status < 300 ? null : `HTTP ${status}`);
    if (status === GONE) {
      await deps.store.hookSubscriptions.delete(subscription.id);
      return;
    }
    if (status < 200 || status >= 300) throw new Error(`hook target answered HTTP ${status}`);
  };
}
