import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { createOpenAiCompatibleClient } from './openai-compatible.client.js';

const API = 'https://chat.upstream.test';
const outbound = createOutboundClient();
const reply = { choices: [{ message: { role: 'assistant', content: 'hello' } }] };

afterEach(() => {
  nock.cleanAll();
});

describe('OpenAI-compatible client', () => {
  it('accepts the server root or the /v1 URL alike', async () => {
    for (const baseUrl of [API, `${API}/`, `${API}/v1`, `${API}/v1/`]) {
      const client = createOpenAiCompatibleClient({ baseUrl, outbound });
      expect(client.baseUrl).toBe(`${API}/v1`);
      nock(API).post('/v1/chat/completions').reply(200, reply);
      expect(await client.chat('llm', { model: 'm', messages: [{ role: 'user', content: 'hi' }] })).toBe(
        'hello',
      );
    }
  });

  it('sends no Authorization header without a key', async () => {
    const client = createOpenAiCompatibleClient({ baseUrl: API, outbound });
    nock(API, { badheaders: ['authorization'] })
      .post('/v1/chat/completions')
      .reply(200, reply);
    await expect(client.chat('llm', { model: 'm', messages: [] })).resolves.toBe('hello');
  });

  it('reports timeouts, error bodies and empty answers as EngineFailedError of the calling engine', async () => {
    const client = createOpenAiCompatibleClient({ baseUrl: API, outbound, timeoutMs: 50 });
    nock(API).post('/v1/chat/completions').delay(500).reply(200, reply);
    await expect(client.chat('translate', { model: 'm', messages: [] })).rejects.toMatchObject({
      name: 'EngineFailedError',
      engine: 'translate',
      message: expect.stringContaining('within 50 ms'),
    });
    nock(API).post('/v1/chat/completions').reply(503, 'upstream overloaded');
    await expect(client.chat('llm', { model: 'm', messages: [] })).rejects.toThrow(
      'HTTP 503: upstream overloaded',
    );
    nock(API).post('/v1/chat/completions').reply(200, { choices: [] });
    await expect(client.chat('llm', { model: 'm', messages: [] })).rejects.toThrow('returned no message');
  });
});
