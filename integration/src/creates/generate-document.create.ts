// Generate Document: waits for the document by default. With "Deliver Later" the service answers at
// once and POSTs the document to the callback URL Zapier hands out; Zapier then runs performResume
// with that body (a service that answers with the document instead: the app delivers it there). The Zap editor never calls back, so it gets the sample while loading samples.

import { createHash } from 'node:crypto';
import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import { badAnswer, checkDelivery } from '../answer-check.js';
import type {
  GenerateDocumentCallback,
  GenerateDocumentRequest,
  GenerateDocumentResponse,
} from '../generated/schema-types.js';
import { DOCUMENT_MODELS, schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { meetingInput } from '../meeting.field.js';
import { dataOf, serviceConfig, urls } from '../service.client.js';

type Inputs = { meeting_id: string; prompt: string; model?: string; deliver_later?: boolean };

const inputFields = defineInputFields([
  meetingInput,
  {
    key: 'prompt',
    label: 'Prompt',
    type: 'text',
    required: true,
    helpText:
      'Plain-text instructions: what to write from the meeting, e.g. "A one-page project brief for the team".',
  },
  {
    key: 'model',
    label: 'Model',
    type: 'string',
    required: false,
    default: DOCUMENT_MODELS[0],
    choices: [
      {
        value: DOCUMENT_MODELS[0],
        label: `Default writing model (${DOCUMENT_MODELS[0]})`,
        sample: DOCUMENT_MODELS[0],
      },
      {
        value: DOCUMENT_MODELS[1],
        label: `Alternate writing model (${DOCUMENT_MODELS[1]})`,
        sample: DOCUMENT_MODELS[1],
      },
    ],
    helpText: `One of the deployment's two writing model names, e.g. ${DOCUMENT_MODELS[0]}; which engine each runs is the deployment's choice. Keep the default unless your Parley admin suggests the alternate.`,
  },
  {
    key: 'deliver_later',
    label: 'Deliver Later',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText:
      'Yes or No (default No). Yes, e.g. for long meetings: the Zap pauses until Parley sends the finished document, instead of waiting within the 30-second step limit.',
  },
]);

/** The service gives a document no id; its content hash is stable, so a retried step keeps its id. */
export const documentId = (meetingId: string, text: string): string =>
  `doc_${createHash('sha256').update(`${meetingId}\n${text}`).digest('hex').slice(0, 16)}`;

interface Finished {
  meeting_id: string;
  document_text: string;
}

/** The same fields whether the document came in the reply or through the callback. */
const documentOutput = ({ meeting_id, document_text }: Finished) => ({
  id: documentId(meeting_id, document_text),
  meeting_id,
  document_text,
});

const perform = async (z: ZObject, bundle: Bundle<Inputs>) => {
  const later = bundle.inputData.deliver_later === true || String(bundle.inputData.deliver_later) === 'true';
  if (later && bundle.meta?.isLoadingSample) return documentOutput(schemaExamples.documentCallback);
  const model = DOCUMENT_MODELS.find((m) => m === bundle.inputData.model) ?? DOCUMENT_MODELS[0];
  const body: GenerateDocumentRequest = { prompt: bundle.inputData.prompt, model };
  const callbackUrl = later ? z.generateCallbackUrl() : undefined;
  if (callbackUrl) body.callback_url = callbackUrl;
  const path = `/meetings/${encodeURIComponent(bundle.inputData.meeting_id)}/generate-document`;
  const reply = dataOf<GenerateDocumentResponse>(
    await z.request({ url: urls.partner(path), method: 'POST', body }),
  );
  // checkAnswer holds the reply to one of the route's two shapes; which one came is read from the reply.
  const text = 'document_text' in reply ? reply.document_text : undefined;
  if (typeof text === 'string') {
    if (!text.trim())
      throw badAnswer(
        z,
        'Parley answered Generate Document with an empty document.',
        serviceConfig().integrationUrl,
      );
    // A deployment that ignores callback_url answers with the document. The platform waits for a
    // callback once the step generated its URL: the app delivers the document there itself, so the
    // step resumes at once (performResume) instead of waiting for nothing.
    if (callbackUrl) {
      const delivery: GenerateDocumentCallback = {
        status: 'success',
        meeting_id: reply.meeting_id,
        document_text: text,
        created_at: new Date().toISOString(),
      };
      await z.request({ url: callbackUrl, method: 'POST', body: delivery });
    }
    return documentOutput({ meeting_id: reply.meeting_id, document_text: text });
  }
  if (later) return { meeting_id: reply.meeting_id, message: reply.message };
  throw badAnswer(
    z,
    'Parley answered Generate Document with no document (the reply for Deliver Later).',
    serviceConfig().integrationUrl,
  );
};

/** Runs with the body Parley POSTed to the callback URL. */
const performResume = async (z: ZObject, bundle: Bundle) => {
  const callback = checkDelivery<GenerateDocumentCallback>(
    z,
    bundle.cleanedRequest,
    'generate-document-callback',
    'a Generate Document callback',
  );
  if (callback?.status !== 'success') {
    const reason = callback && 'error' in callback ? callback.error : 'no document in the callback';
    throw new z.errors.Error(`Parley could not generate the document: ${reason}`, 'document_failed', 502);
  }
  return documentOutput(callback);
};

export default defineCreate({
  key: 'generate_document',
  noun: 'Document',
  display: {
    label: 'Generate Document',
    description: STEP_HELP.generate_document,
  },
  operation: {
    inputFields,
    perform,
    performResume,
    sample: documentOutput(schemaExamples.generatedDocument),
    outputFields: [
      { key: 'id', label: 'Document ID', type: 'string', primary: true },
      { key: 'meeting_id', label: 'Meeting ID', type: 'string' },
      { key: 'document_text', label: 'Document (Markdown)', type: 'string' },
    ],
  },
});
