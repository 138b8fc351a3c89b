import type { SttCallback } from '@parley/schemas/types';
import { ApiError } from '../core/api-error.js';
import type { CallbackSigner } from '../core/caller.js';
import type { OutboundClient } from '../net/outbound-client.js';
import { errorWordsOf } from '../services/error-words.js';
import type { SttService } from '../services/speech/stt.service.js';
import { STT_TRANSCRIPTION_JOB, type SttTranscriptionPayload } from '../services/speech/stt-callbacks.js';
import type { JobRow } from '../store/jobs.store.js';
import type { Store } from '../store/store.js';
import type { RetryPolicy } from './backoff.js';
import { CALLBACK_RETRY } from './document-callback.job.js';
import type { JobWorker } from './job-worker.js';
import { isSuccess, sendSignedDelivery } from './signed-delivery.js';

// The two jobs behind POST /v1/stt with callback_url, on the speech worker (jobs.ts
// createSpeechJobWorker: a transcription may take minutes, which must not hold up e-mail and hook
// deliveries on the main worker). The transcription runs once and turns its outcome, success or
// failure, into the callback body; a second job delivers that body, signed, with the callbacks'
// retries, so a receiver that is down does not make the audio be transcribed again. Only a full
// download queue (503 with Retry-After) is worth transcribing again later; past the attempts it too
// is told to the receiver as a failure, never dropped.

export const STT_CALLBACK_DELIVERY_JOB = 'stt-callback-delivery';

/** A busy server's transcription is tried again a few times over about five minutes. */
export const STT_TRANSCRIPTION_RETRY: RetryPolicy = { maxAttempts: 5, baseMs: 20_000, maxMs: 120_000 };

interface DeliveryPayload {
  deliveryId: string;
  signer: CallbackSigner;
  url: string;
  /** The callback body as JSON text, made once by the transcription job. */
  body: string;
}

type FailureCode = Extract<SttCallback, { status: 'failed' }>['code'];
const FAILURE_CODES: readonly FailureCode[] = [
  'BAD_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UPSTREAM_FAILED',
  'UPSTREAM_TIMEOUT',
  'ENGINE_UNAVAILABLE',
  'INTERNAL',
];

export function registerSttCallbackJobs(
  worker: JobWorker,
  deps: { store: Store; stt: SttService; outbound: OutboundClient },
): void {
  worker.register(STT_TRANSCRIPTION_JOB, transcriptionHandler(deps), STT_TRANSCRIPTION_RETRY);
  worker.register(
    STT_CALLBACK_DELIVERY_JOB,
    async (raw, job: JobRow) => {
      const payload = raw as DeliveryPayload;
      const status = await sendSignedDelivery(deps, {
        deliveryId: payload.deliveryId,
        jobId: job.id,
        attempt: job.attempts,
        signer: payload.signer,
        url: payload.url,
        body: payload.body,
      });
      if (!isSuccess(status)) throw new Error(`callback answered HTTP ${status}`);
    },
    CALLBACK_RETRY,
  );
}

function transcriptionHandler(deps: { store: Store; stt: SttService }) {
  return async (raw: unknown, job: JobRow) => {
    const payload = raw as SttTranscriptionPayload;
    const { request } = payload;
    const common = { job_id: payload.jobId, session_id: request.session_id };
    let body: SttCallback;
    try {
      const user = await deps.store.accounts.getUser(payload.userId);
      if (!user) return; // the account is gone: nobody is left to tell
      const caller = { userId: user.id, accountId: user.account_id, email: user.email, name: user.name };
      const { session_id: _session, ...result } = await deps.stt.transcribe(caller, request);
      body = { status: 'success', ...common, ...result, created_at: new Date().toISOString() };
    } catch (error) {
      if (busy(error) && job.attempts < STT_TRANSCRIPTION_RETRY.maxAttempts) throw error;
      body = { status: 'failed', ...common, ...failureWords(error), created_at: new Date().toISOString() };
    }
    const delivery: DeliveryPayload = {
      deliveryId: payload.jobId,
      signer: payload.signer,
      url: payload.callbackUrl,
      body: JSON.stringify(body),
    };
    await deps.store.jobs.enqueue({ kind: STT_CALLBACK_DELIVERY_JOB, payload: delivery });
  };
}

/** The download queue was full (503 with Retry-After): the same audio may well work later. */
function busy(error: unknown): boolean {
  return error instanceof ApiError && error.headers?.['Retry-After'] !== undefined;
}

/** The synchronous answer's words and code; an internal error's details stay in the server. */
function failureWords(error: unknown): { error: string; code: FailureCode } {
  const words = errorWordsOf(error);
  const code = FAILURE_CODES.find((c) => c === words?.code);
  if (words && code) return { error: words.error, code };
  return { error: 'Transcription failed', code: 'INTERNAL' };
}
