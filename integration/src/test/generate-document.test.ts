import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentId } from '../creates/generate-document.create.js';
import { schemaExamples } from '../generated/service-data.js';
import { App, appTester, bundleWith, caught, op, service } from './app.test-support.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

const create = App.creates?.generate_document;
const generate = (inputData: Record<string, unknown>, meta: Record<string, unknown> = {}) =>
  appTester(
    op.create('generate_document'),
    bundleWith({ inputData: inputData as never, meta: meta as never }),
  );
const PATH = '/api/partner/meetings/mtg_01HX9W2Q/generate-document';

describe('Generate Document, waiting for the document (default)', () => {
  it('posts the prompt with the default model and returns the document with a stable id', async () => {
    service()
      .post(PATH, { prompt: 'Write a brief.', model: 'parley-default' })
      .reply(200, schemaExamples.generatedDocument);
    const result = await generate({ meeting_id: 'mtg_01HX9W2Q', prompt: 'Write a brief.' });
    expect(result).toEqual({
      id: documentId('mtg_01HX9W2Q', schemaExamples.generatedDocument.document_text),
      meeting_id: 'mtg_01HX9W2Q',
      document_text: schemaExamples.generatedDocument.document_text,
    });
  });

  it('sends the alternate model when chosen and ignores an unknown one', async () => {
    service()
      .post(PATH, { prompt: 'P', model: 'parley-alternate' })
      .reply(200, schemaExamples.generatedDocument);
    await generate({ meeting_id: 'mtg_01HX9W2Q', prompt: 'P', model: 'parley-alternate' });
    service()
      .post(PATH, { prompt: 'P', model: 'parley-default' })
      .reply(200, schemaExamples.generatedDocument);
    await generate({ meeting_id: 'mtg_01HX9W2Q', prompt: 'P', model: 'gpt-9' });
  });

  it('fails clearly when the service answers without a document', async () => {
    service().post(PATH).reply(200, { success: true, meeting_id: 'mtg_01HX9W2Q', message: 'started' });
    expect((await caught(generate({ meeting_id: 'mtg_01HX9W2Q', prompt: 'P' }))).detail.message).toMatch(
      /with no document \(the reply for Deliver Later\)/,
    );
  });

  it('gives the same id to the same document and another to a different one', () => {
    expect(documentId('m', 'text')).toBe(documentId('m', 'text'));
    expect(documentId('m', 'text')).not.toBe(documentId('m', 'text!'));
    expect(documentId('m', 'text')).toMatch(/^doc_[0-9a-f]{16}$/);
  });
});

describe('Generate Document with Deliver Later', () => {
  it('hands the service the callback URL Zapier generated and returns the accepted reply', async () => {
    let callbackUrl: unknown;
    service()
      .post(PATH, (body) => {
        callbackUrl = body.callback_url;
        return body.prompt === 'P' && body.model === 'parley-default';
      })
      .reply(200, {
        success: true,
        meeting_id: 'mtg_01HX9W2Q',
        message: 'Document generation started; the result will be sent to the callback URL',
      });
    const result = await generate({ meeting_id: 'mtg_01HX9W2Q', prompt: 'P', deliver_later: true });
    // appTester's callback URL is the platform's echo service: the test checks it is passed on and
    // never calls it.
    expect(typeof callbackUrl).toBe('string');
    expect(String(callbackUrl)).toMatch(/^https:\/\//);
    expect(result).toEqual({
      meeting_id: 'mtg_01HX9W2Q',
      message: 'Document generation started; the result will be sent to the callback URL',
    });
  });

  it('returns a document answered at once and delivers it to the waiting callback itself', async () => {
    const callbackUrl = 'https://hooks.zapier.test/catch/2/doc';
    service()
      .post(PATH, (body) => body.callback_url === callbackUrl)
      .reply(200, schemaExamples.generatedDocument);
    let delivered: Record<string, unknown> = {};
    nock('https://hooks.zapier.test')
      .post('/catch/2/doc', (body) => {
        delivered = body;
        return true;
      })
      .reply(200);
    const result = await appTester(
      (z: { generateCallbackUrl: () => string }, bundle: never) => {
        z.generateCallbackUrl = () => callbackUrl;
        return (op.create('generate_document') as (z: unknown, b: unknown) => unknown)(z, bundle);
      },
      bundleWith({ inputData: { meeting_id: 'mtg_01HX9W2Q', prompt: 'P', deliver_later: true } as never }),
    );
    expect(result).toMatchObject({ document_text: schemaExamples.generatedDocument.document_text });
    expect(delivered).toMatchObject({
      status: 'success',
      document_text: schemaExamples.generatedDocument.document_text,
    });
    const resumed = await appTester(create?.operation.performResume, {
      ...bundleWith(),
      cleanedRequest: delivered,
    });
    expect(resumed).toEqual(result);
  });

  it('returns the sample without calling the service while the editor loads samples', async () => {
    const result = await generate(
      { meeting_id: 'mtg_01HX9W2Q', prompt: 'P', deliver_later: 'true' },
      { isLoadingSample: true },
    );
    expect(result).toMatchObject({
      meeting_id: schemaExamples.documentCallback.meeting_id,
      document_text: schemaExamples.documentCallback.document_text,
    });
  });

  it('resumes with the document Parley posted to the callback', async () => {
    const callback = schemaExamples.documentCallback;
    const result = await appTester(create?.operation.performResume, {
      ...bundleWith(),
      outputData: { meeting_id: callback.meeting_id, message: 'started' },
      cleanedRequest: callback,
    });
    expect(result).toEqual({
      id: documentId(callback.meeting_id, callback.document_text),
      meeting_id: callback.meeting_id,
      document_text: callback.document_text,
    });
  });

  it('fails the step with the reason of a failed callback', async () => {
    const error = await caught(
      appTester(create?.operation.performResume, {
        ...bundleWith(),
        outputData: {},
        cleanedRequest: {
          status: 'failed',
          meeting_id: 'mtg_01HX9W2Q',
          error: 'The language model did not answer in time',
          code: 'UPSTREAM_TIMEOUT',
          created_at: '2024-05-02T10:04:00Z',
        },
      }),
    );
    expect(error.detail.message).toBe(
      'Parley could not generate the document: The language model did not answer in time',
    );
  });
});
