import { Webhook } from 'standardwebhooks';
import type { OutboundClient } from '../net/outbound-client.js';
import { OutboundBlockedError, OutboundUrlError } from '../net/outbound-errors.js';
import type { Store } from '../store/store.js';
import { PermanentJobError } from './job-worker.js';

// One try of a signed delivery to a client-supplied URL, shared by the document callback and the
// hook deliveries: signed as Standard Webhooks specifies (HMAC-SHA256 over `id.timestamp.body` with
// the OAuth client's secret, through the `standardwebhooks` package), POSTed through the client
// whose SSRF guard checks every connect, recorded for GET /_emulator/webhook-deliveries. A URL that
// is refused now (private address, bad URL) is refused on every try: a PermanentJobError.

const DELIVERY_TIMEOUT_MS = 15_000;
const DELIVERY_MAX_ANSWER_BYTES = 64 * 1024;

export interface SignedDelivery {
  deliveryId: string;
  jobId: string;
  attempt: number;
  clientId: string;
  url: string;
  body: string;
  /** Headers besides the content type and the three Standard Webhooks headers. */
  headers?: Record<string, string>;
  /** The signature header as sent; the emulator's fault edge changes it. */
  signatureHeader?: (signature: string) => string;
}

/** Sends one try and records it; resolves with the answer's status (any status). */
export async function sendSignedDelivery(
  deps: { store: Store; outbound: OutboundClient },
  delivery: SignedDelivery,
): Promise<number> {
  const secret = await deps.store.registeredClients.webhookSecret(delivery.clientId);
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(delivery.deliveryId, timestamp, delivery.body);
  const record = (statusCode: number | null, error: string | null) =>
    deps.store.webhookDeliveries.record({
      deliveryId: delivery.deliveryId,
      jobId: delivery.jobId,
      clientId: delivery.clientId,
      url: delivery.url,
      attempt: delivery.attempt,
      statusCode,
      error,
    });
  let status: number;
  try {
    const reply = await deps.outbound.request({
      url: delivery.url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.deliveryId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': delivery.signatureHeader?.(signature) ?? signature,
        ...delivery.headers,
      },
      body: delivery.body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: DELIVERY_MAX_ANSWER_BYTES,
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
  await record(status, isSuccess(status) ? null : `HTTP ${status}`);
  return status;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
