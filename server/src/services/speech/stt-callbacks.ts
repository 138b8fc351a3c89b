import type { SttAcceptedResponse, SttRequest } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import { type CallbackSigner, type Caller, signerOf } from '../../core/caller.js';
import { type IdGenerator, newDeliveryId } from '../../core/ids.js';
import type { CallbackUrlCheck } from '../../net/callback-url.js';
import type { Store } from '../../store/store.js';
import type { SttService } from './stt.service.js';

// POST /v1/stt with callback_url (a Parley extension): everything that can be refused is refused
// now, with the answer the synchronous request would get (the URL's first SSRF look, engines and
// languages), and nothing is queued then; otherwise one durable job of the outbox is queued and the
// caller gets 202 at once. The job (jobs/stt-callback.job.ts) transcribes and POSTs the result,
// signed for the caller's OAuth client or API key.

export const STT_TRANSCRIPTION_JOB = 'stt-transcription';

export interface SttTranscriptionPayload {
  /** The 202 answer's job_id, the callback's webhook-id and job_id. */
  jobId: string;
  userId: string;
  signer: CallbackSigner;
  callbackUrl: string;
  /** The request without callback_url, its session_id filled in. */
  request: SttRequest & { session_id: string };
}

export class SttCallbackService {
  constructor(
    private readonly deps: { store: Store; stt: SttService; ids: IdGenerator; checkUrl: CallbackUrlCheck },
  ) {}

  async accept(caller: Caller, body: SttRequest & { callback_url: string }): Promise<SttAcceptedResponse> {
    const url = this.deps.checkUrl(body.callback_url, 'callback_url');
    const signer = signerOf(caller);
    // Only a key or a token reaches /v1/stt; the check keeps an unsigned delivery impossible.
    if (!signer) throw ApiError.badRequest('callback_url needs an API key or an OAuth access token');
    this.deps.stt.prepare(body);
    const { callback_url: _url, ...request } = body;
    const payload: SttTranscriptionPayload = {
      jobId: newDeliveryId(),
      userId: caller.userId,
      signer,
      callbackUrl: url.toString(),
      request: { ...request, session_id: body.session_id ?? this.deps.ids.next('sess') },
    };
    await this.deps.store.jobs.enqueue({ kind: STT_TRANSCRIPTION_JOB, payload });
    return {
      success: true,
      job_id: payload.jobId,
      session_id: payload.request.session_id,
      message: 'Transcription queued; the result will be POSTed to the callback URL',
    };
  }
}
