import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ask, productMeeting, summaries, summarize } from '../../../test-support/ai-meetings.js';
import { startTestServer, type TestServer, type TestUser } from '../../../test-support/test-server.js';
import { createOpenAiCompatibleClient } from '../../engines/llm/openai-compatible.client.js';
import { createOpenAiMeetingAi } from '../../engines/llm/openai-llm.adapter.js';
import { createOutboundClient } from '../../net/outbound-client.js';

// summarize-meeting and ask-ai-for-meeting with an OpenAI-compatible upstream played by nock.

const LLM = 'https://llm.upstream.test';

let upstream: TestServer;

beforeAll(async () => {
  const llm = createOpenAiMeetingAi({
    client: createOpenAiCompatibleClient({
      baseUrl: LLM,
      apiKey: 'sk-test',
      outbound: createOutboundClient(),
      timeoutMs: 300,
    }),
    model: 'upstream-meeting-model',
  });
  upstream = await startTestServer({ serviceDeps: { llm } });
});
afterAll(async () => {
  await upstream.close();
});
afterEach(() => {
  nock.cleanAll();
});

describe('meeting AI through an OpenAI-compatible upstream', () => {
  let owner: TestUser;
  let meetingId: string;
  beforeAll(async () => {
    owner = await upstream.user('Owner');
    meetingId = await productMeeting(upstream, owner);
  });
  const chat = () =>
    nock(LLM, { reqheaders: { authorization: 'Bearer sk-test' } }).post('/v1/chat/completions');

  it('summarizes with the upstream model, which names itself in ai_model', async () => {
    let sent = '';
    nock(LLM)
      .post('/v1/chat/completions', (body: { messages: { role: string; content: string }[] }) => {
        sent = body.messages.find((m) => m.role === 'user')?.content ?? '';
        return true;
      })
      .reply(200, {
        choices: [
          {
            message: {
              content: JSON.stringify({
                markdown: '# Summary\n\nBudget approved.',
                key_points: [],
                action_items: [],
              }),
            },
          },
        ],
      });
    const reply = await summarize(upstream, owner.key, { meeting_id: meetingId, user_prompt: 'Budget only' });
    expect(reply.status).toBe(200);
    expect(reply.body.meeting_message.summary).toEqual({
      ai_model: 'upstream-meeting-model',
      markdown_body: '# Summary\n\nBudget approved.',
    });
    expect(sent).toContain('I will send the updated budget to finance by Friday.');
    expect(sent).toContain('Focus requested by the user: Budget only');
    const ask1 = chat().reply(200, {
      choices: [{ message: { content: 'The launch is on **12 September**.' } }],
    });
    const answer = await ask(upstream, owner.key, { meeting_id: meetingId, message: { text: 'When?' } });
    expect(ask1.isDone()).toBe(true);
    expect(answer.body.document).toMatchObject({
      ai_model: 'upstream-meeting-model',
      markdown_body: 'The launch is on **12 September**.',
    });
  });

  it('an upstream 500 is a 502 and a timeout a 504, with a clear body and nothing stored', async () => {
    const before = await summaries(upstream, owner.key, meetingId);
    const documents = (await upstream.store.aiDocuments.list(meetingId, 100)).length;
    chat().reply(500, { error: { message: 'model overloaded' } });
    const failed = await summarize(upstream, owner.key, { meeting_id: meetingId });
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({
      success: false,
      code: 'UPSTREAM_FAILED',
      error: 'llm engine failed: upstream /chat/completions answered HTTP 500: model overloaded',
    });
    chat()
      .delay(2_000)
      .reply(200, { choices: [{ message: { content: '{}' } }] });
    const slow = await summarize(upstream, owner.key, { meeting_id: meetingId });
    expect(slow.status).toBe(504);
    expect(slow.body).toEqual({
      success: false,
      code: 'UPSTREAM_TIMEOUT',
      error: `llm engine timed out: No complete response from ${LLM}/v1/chat/completions within 300 ms`,
    });
    chat()
      .delay(2_000)
      .reply(200, { choices: [{ message: { content: 'late' } }] });
    const slowAsk = await ask(upstream, owner.key, { meeting_id: meetingId, message: { text: 'When?' } });
    expect(slowAsk.status).toBe(504);
    expect(await summaries(upstream, owner.key, meetingId)).toEqual(before);
    expect(await upstream.store.aiDocuments.list(meetingId, 100)).toHaveLength(documents);
  });
});
