import { ApiError } from '../core/api-error.js';
import { DocumentCallbackStatus } from '../core/contracts.js';
import { EngineFailedError, EngineUnavailableError } from '../engines/engine.js';
import type { OutboundClient } from '../net/outbound-client.js';
import type { PartnerService } from '../services/partner/partner.service.js';
import type { JobRow } from '../store/jobs.store.js';
import type { Store } from '../store/store.js';
import type { RetryPolicy } from './backoff.js';
import type { JobHandler } from './job-worker.js';
import { isSuccess, sendSignedDelivery } from './signed-delivery.js';

// generate-document with a callback_url: the document is written and POSTed by a job of the
// durable outbox (the jobs table), so a restart loses nothing and a receiver that is down gets it
// later. At least once, with the same `webhook-id` on every try; signed and recorded by
// signed-delivery.ts.

export const DOCUMENT_CALLBACK_JOB = 'partner-document-callback';

/** Backoff with jitter from 10 s up to 1 h between tries: 16 tries over about eight hours. */
export const CALLBACK_RETRY: RetryPolicy = {
  maxAttempts: 16,
  baseMs: 10_000,
  maxMs: 60 * 60_000,
  jitter: 0.2,
};

export interface DocumentCallbackPayload {
  deliveryId: string;
  userId: string;
  clientId: string;
  meetingId: string;
  prompt: string;
  model: string;
  callbackUrl: string;
}

export function documentCallbackJobHandler(deps: {
  store: Store;
  partner: PartnerService;
  outbound: OutboundClient;
  /** The signature header as sent; the composition passes the emulator's fault edge here. */
  signatureHeader?: (signature: string) => string;
}): JobHandler {
  return async (raw, job: JobRow) => {
    const payload = raw as DocumentCallbackPayload;
    const body = JSON.stringify(await callbackBody(deps.partner, payload));
    const status = await sendSignedDelivery(deps, {
      deliveryId: payload.deliveryId,
      jobId: job.id,
      attempt: job.attempts,
      signer: { clientId: payload.clientId },
      url: payload.callbackUrl,
      body,
      ...(deps.signatureHeader ? { signatureHeader: deps.signatureHeader } : {}),
    });
    if (!isSuccess(status)) throw new Error(`callback answered HTTP ${status}`);
  };
}

function failureCode(error: unknown) {
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return 'NOT_FOUND' as const;
  if (error instanceof EngineUnavailableError) return 'ENGINE_UNAVAILABLE' as const;
  if (error instanceof EngineFailedError)
    return error.timedOut ? ('UPSTREAM_TIMEOUT' as const) : ('UPSTREAM_FAILED' as const);
  return 'INTERNAL' as const;
}

async function callbackBody(partner: PartnerService, payload: DocumentCallbackPayload) {
  const createdAt = new Date().toISOString();
  try {
    const user = await partner.user(payload.userId);
    const text = await partner.documentText(user, payload.meetingId, { prompt: payload.prompt });
    return {
      status: DocumentCallbackStatus.SUCCESS,
      meeting_id: payload.meetingId,
      document_text: text,
      created_at: createdAt,
    };
  } catch (error) {
    // The document cannot be made: the receiver is told so, once, instead of never hearing back.
    const code = failureCode(error);
    const message =
      error instanceof Error && code !== 'INTERNAL' ? error.message : 'Document generation failed';
    return {
      status: DocumentCallbackStatus.FAILED,
      meeting_id: payload.meetingId,
      error: message,
      code,
      created_at: createdAt,
    };
  }
}
