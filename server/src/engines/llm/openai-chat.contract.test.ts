import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { createOpenAiRunTranslator } from '../translate/openai-translate.backend.js';
import { CHAT_ERRORS, chatAnswers } from './openai-chat.recordings.js';
import { createOpenAiCompatibleClient } from './openai-compatible.client.js';
import { createOpenAiMeetingAi } from './openai-llm.adapter.js';
import { PRODUCT_MEETING } from './test-meeting.js';

// The chat adapters against what real servers answer (openai-chat.recordings.ts): translation and
// the meeting AI read the same reply from each, and each error body reaches the 502 as its message.

const BASE = 'http://chat.upstream.test:11434';
const client = createOpenAiCompatibleClient({ baseUrl: `${BASE}/v1`, outbound: createOutboundClient() });
const translator = createOpenAiRunTranslator({ client, model: 'llama3.1' });
const meetingAi = createOpenAiMeetingAi({ client, model: 'llama3.1' });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('chat completions against recorded upstream answers', () => {
  const translations = JSON.stringify({ translations: ['Ordre du jour', 'Revoir le budget'] });
  it.each(chatAnswers(translations))('translates through $server', async ({ status, body }) => {
    nock(BASE)
      .post('/v1/chat/completions')
      .reply(status, body as nock.Body);
    await expect(translator.translateRuns(['Agenda', 'Review the budget'], 'en', 'fr')).resolves.toEqual([
      'Ordre du jour',
      'Revoir le budget',
    ]);
  });

  const summary = JSON.stringify({
    markdown: '# Summary\n\nLaunch on 12 Sept.',
    key_points: ['Launch on 12 Sept'],
    action_items: ['Ben: send the budget by Friday'],
  });
  it.each(chatAnswers(summary))('summarizes through $server', async ({ status, body }) => {
    nock(BASE)
      .post('/v1/chat/completions')
      .reply(status, body as nock.Body);
    const result = await meetingAi.summarize(PRODUCT_MEETING);
    expect(result.markdown).toBe('# Summary\n\nLaunch on 12 Sept.');
    expect(result.action_items).toEqual(['Ben: send the budget by Friday']);
  });

  it.each(CHAT_ERRORS)('maps a $server HTTP $status to a 502 with its message', async (error) => {
    nock(BASE)
      .post('/v1/chat/completions')
      .reply(error.status, error.body as nock.Body);
    await expect(meetingAi.summarize(PRODUCT_MEETING)).rejects.toMatchObject({
      name: 'EngineFailedError',
      engine: 'llm',
      message: `llm engine failed: upstream /chat/completions answered HTTP ${error.status}: ${error.message}`,
    });
  });
});
