import type { GenerateDocumentRequest } from '@parley/schemas/types';
import { ApiError } from '../core/api-error.js';
import { DocumentModel } from '../core/contracts.js';
import { newDeliveryId } from '../core/ids.js';
import { faultyCallbackSignature } from '../emulator/faults.callback.js';
import {
  CALLBACK_RETRY,
  DOCUMENT_CALLBACK_JOB,
  type DocumentCallbackPayload,
  documentCallbackJobHandler,
} from '../jobs/document-callback.job.js';
import type { JobWorker } from '../jobs/job-worker.js';
import { callbackUrlCheck } from '../net/callback-url.js';
import type { OutboundClient } from '../net/outbound-client.js';
import type { PartnerService, PartnerUser } from '../services/partner/partner.service.js';
import type { Store } from '../store/store.js';

// Accepting a generate-document with callback_url: the SSRF guard's first look at the URL
// (net/callback-url.ts), the meeting's visibility, and the durable job.

export function documentCallbacks(deps: {
  store: Store;
  partner: PartnerService;
  jobs: JobWorker;
  outbound: OutboundClient;
  allowPrivate: boolean;
}) {
  deps.jobs.register(
    DOCUMENT_CALLBACK_JOB,
    // The injected-fault edge of the callback (off unless an admin turns it on).
    documentCallbackJobHandler({ ...deps, signatureHeader: faultyCallbackSignature }),
    CALLBACK_RETRY,
  );
  const checkUrl = callbackUrlCheck(deps.allowPrivate);

  return {
    async accept(
      user: PartnerUser,
      clientId: string,
      meetingId: string,
      body: GenerateDocumentRequest,
      callbackUrl: string,
    ): Promise<DocumentCallbackPayload> {
      const url = checkUrl(callbackUrl, 'callback_url');
      // 404 now rather than a failed callback later.
      if (!(await deps.store.meetings.getVisible(meetingId, { userId: user.userId, email: user.email }))) {
        throw ApiError.notFound('Meeting');
      }
      const payload: DocumentCallbackPayload = {
        deliveryId: newDeliveryId(),
        userId: user.userId,
        clientId,
        meetingId,
        prompt: body.prompt,
        model: body.model ?? DocumentModel.DEFAULT,
        callbackUrl: url.toString(),
      };
      await deps.store.jobs.enqueue({ kind: DOCUMENT_CALLBACK_JOB, payload });
      return payload;
    },
  };
}
