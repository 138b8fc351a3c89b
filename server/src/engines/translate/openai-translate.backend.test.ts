import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { createFastTextLangId } from '../langid/fasttext-langid.adapter.js';
import { createOpenAiCompatibleClient } from '../llm/openai-compatible.client.js';
import { createOpenAiRunTranslator, parseTranslations } from './openai-translate.backend.js';
import { createTranslator } from './translator.js';

const API = 'https://llm.upstream.test';
const client = createOpenAiCompatibleClient({
  baseUrl: `${API}/v1`,
  apiKey: 'sk-test',
  outbound: createOutboundClient(),
});
const translator = createTranslator(
  createOpenAiRunTranslator({ client, model: 'test-model' }),
  createFastTextLangId(),
);

const chatAnswer = (content: string) => ({
  choices: [{ index: 0, message: { role: 'assistant', content } }],
});

afterEach(() => {
  nock.cleanAll();
});

describe('OpenAI-compatible translation adapter', () => {
  it('sends the runs as a JSON array with source and target, and maps the answer back in order', async () => {
    let sent: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown } =
      {};
    const scope = nock(API, { reqheaders: { authorization: 'Bearer sk-test' } })
      .post('/v1/chat/completions', (body) => {
        sent = body;
        return true;
      })
      .reply(
        200,
        chatAnswer('{"translations": ["Zusammenfassung", "Wir haben das **Budget** beschlossen."]}'),
      );
    const result = await translator.translate({
      text: '# Summary\n\n- We agreed on the **budget**.',
      targets: ['German'],
    });
    expect(result).toEqual({
      source_language: 'en',
      translations: [
        { language: 'de', text: '# Zusammenfassung\n\n- Wir haben das **Budget** beschlossen.' },
      ],
    });
    expect(sent.model).toBe('test-model');
    expect(sent.response_format).toEqual({ type: 'json_object' });
    const user = JSON.parse(sent.messages?.find((m) => m.role === 'user')?.content ?? '{}');
    expect(user).toEqual({
      source: 'English (en)',
      target: 'German (de)',
      texts: ['Summary', 'We agreed on the **budget**.'],
    });
    scope.done();
  });

  it('fails instead of misaligning when the model returns a different number of strings', async () => {
    nock(API).post('/v1/chat/completions').reply(200, chatAnswer('{"translations": ["Eins und zwei."]}'));
    await expect(
      translator.translate({ text: 'One.\nTwo.', targets: ['de'], source: 'en' }),
    ).rejects.toMatchObject({
      name: 'EngineFailedError',
      message: expect.stringContaining('1 strings for 2'),
    });
  });

  it('turns an upstream HTTP error into EngineFailedError', async () => {
    nock(API)
      .post('/v1/chat/completions')
      .reply(500, { error: { message: 'The server had an error' } });
    await expect(
      translator.translate({ text: 'Hello.', targets: ['de'], source: 'en' }),
    ).rejects.toMatchObject({
      name: 'EngineFailedError',
      message: expect.stringContaining('HTTP 500: The server had an error'),
    });
  });

  it('refuses an answer that is not JSON', async () => {
    nock(API).post('/v1/chat/completions').reply(200, chatAnswer('Hallo.'));
    await expect(
      translator.translate({ text: 'Hello.', targets: ['de'], source: 'en' }),
    ).rejects.toMatchObject({
      name: 'EngineFailedError',
    });
  });
});

describe('reading the model’s answer', () => {
  it('accepts the object form, a bare array and a fenced block; refuses anything else', () => {
    expect(parseTranslations('{"translations":["a","b"]}')).toEqual(['a', 'b']);
    expect(parseTranslations('["a"]')).toEqual(['a']);
    expect(parseTranslations('```json\n{"translations":["a"]}\n```')).toEqual(['a']);
    expect(parseTranslations('{"translations":[1]}')).toBeUndefined();
    expect(parseTranslations('null')).toBeUndefined();
    expect(parseTranslations('Sure! Here it is')).toBeUndefined();
  });
});
