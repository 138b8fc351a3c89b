import { Webhook } from 'standardwebhooks';
import type { CallbackSigner } from '../core/caller.js';
import type { OutboundClient } from '../net/outbound-client.js';
import { OutboundBlockedError, OutboundUrlError } from '../net/outbound-errors.js';
import type { Store } from '../store/store.js';
import { PermanentJobError } from './job-worker.js';

// One try of a signed delivery to a client-supplied URL, shared by the document callback, the
// hook deliveries and the stt callback: signed as Standard Webhooks specifies (HMAC-SHA256 over
// `id.timestamp.body`, through the `standardwebhooks` package) with the secret of whoever asked for
// it: the OAuth client's, or for a request made with an API key `whsec_` + base64(SHA-256(key)),
// which the key's holder computes and the server derives from the hash it stores (a revoked key
// gets nothing more: a PermanentJobError). POSTed through the client
// whose SSRF guard checks every connect, recorded for GET /_emulator/webhook-deliveries. A URL that
// is refused now (private address, bad URL) is refused on every try: a PermanentJobError.

const DELIVERY_TIMEOUT_MS = 15_000;
const DELIVERY_MAX_ANSWER_BYTES = 64 * 1024;

export interface SignedDelivery {
  deliveryId: string;
  jobId: string;
  attempt: number;
  signer: CallbackSigner;
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
  const secret = await signingSecret(deps.store, delivery.signer);
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(delivery.deliveryId, timestamp, delivery.body);
  // In a transaction, so tries ending together share a commit (store.ts).
  const record = (statusCode: number | null, error: string | null) =>
    deps.store.transaction((repos) =>
      repos.webhookDeliveries.record({
        deliveryId: delivery.deliveryId,
        jobId: delivery.jobId,
        clientId: 'clientId' in delivery.signer ? delivery.signer.clientId : '',
        keyId: 'keyId' in delivery.signer ? delivery.signer.keyId : null,
        url: delivery.url,
        attempt: delivery.attempt,
        statusCode,
        error,
      }),
    );
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

async function signingSecret(store: Store, signer: CallbackSigner): Promise<string> {
  if ('clientId' in signer) return store.registeredClients.webhookSecret(signer.clientId);
  const key = await store.accounts.getKey(signer.keyId);
  if (!key) throw new PermanentJobError('the API key that asked for this delivery was revoked');
  // key_hash is the hex SHA-256 of the key (accounts.store.ts hashSecret).
  return `whsec_${Buffer.from(key.key_hash, 'hex').toString('base64')}`;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
