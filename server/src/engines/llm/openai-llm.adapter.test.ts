import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import { createOpenAiCompatibleClient } from './openai-compatible.client.js';
import { createOpenAiMeetingAi } from './openai-llm.adapter.js';
import { PRODUCT_MEETING } from './test-meeting.js';

const API = 'https://llm.upstream.test';
const client = createOpenAiCompatibleClient({
  baseUrl: `${API}/v1`,
  apiKey: 'sk-test',
  outbound: createOutboundClient(),
});
const ai = createOpenAiMeetingAi({ client, model: 'meeting-model' });

interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
}

/** Replies `content` to the next chat call and hands back what was sent. */
function answerWith(content: string, status = 200) {
  const sent: { body?: ChatBody } = {};
  nock(API, { reqheaders: { authorization: 'Bearer sk-test' } })
    .post('/v1/chat/completions', (body: ChatBody) => {
      sent.body = body;
      return true;
    })
    .reply(
      status,
      status === 200
        ? { choices: [{ message: { role: 'assistant', content } }] }
        : { error: { message: content } },
    );
  return sent;
}
const userMessage = (sent: { body?: ChatBody }) =>
  sent.body?.messages.find((m) => m.role === 'user')?.content ?? '';

afterEach(() => {
  nock.cleanAll();
});

describe('OpenAI-compatible meeting AI', () => {
  it('summarizes from the transcript and the user prompt, asking for a JSON object', async () => {
    const sent = answerWith(
      JSON.stringify({
        markdown: '# Summary\n\nLaunch on 12 Sept.',
        key_points: ['Launch on 12 Sept'],
        action_items: ['Ben: budget'],
      }),
    );
    const summary = await ai.summarize(PRODUCT_MEETING, { userPrompt: 'Focus on dates' });
    expect(summary).toEqual({
      ai_model: 'meeting-model',
      markdown: '# Summary\n\nLaunch on 12 Sept.',
      key_points: ['Launch on 12 Sept'],
      action_items: ['Ben: budget'],
    });
    expect(sent.body?.model).toBe('meeting-model');
    expect(sent.body?.response_format).toEqual({ type: 'json_object' });
    expect(userMessage(sent)).toContain('Meeting: Q3 launch planning');
    expect(userMessage(sent)).toContain(
      '[00:50] Ben Okafor: I will send the updated budget to finance by Friday.',
    );
    expect(userMessage(sent)).toContain('Focus requested by the user: Focus on dates');
    expect(userMessage(sent)).toContain('Carla Diaz <carla.diaz@acme-corp.com>');
  });

  it('refuses a summary of the wrong shape', async () => {
    answerWith('{"markdown": "# Summary"}');
    await expect(ai.summarize(PRODUCT_MEETING)).rejects.toMatchObject({
      name: 'EngineFailedError',
      engine: 'llm',
      message: expect.stringContaining('"key_points" is not a list of strings'),
    });
    answerWith('Here is your summary!');
    await expect(ai.summarize(PRODUCT_MEETING)).rejects.toMatchObject({ name: 'EngineFailedError' });
  });

  it('answers questions in Markdown, unwrapping a fenced reply, with the next actions', async () => {
    answerWith('```markdown\nThe launch is on **September 12**.\n```');
    const answer = await ai.ask(PRODUCT_MEETING, { question: 'When is the launch?' });
    expect(answer).toEqual({
      ai_model: 'meeting-model',
      markdown: 'The launch is on **September 12**.',
      notes: ['answer'],
      next_actions: [{ type: 'ENAT_VIEW_SUMMARY', label: 'View the meeting summary', priority: 1 }],
    });
  });

  it('edits source content: the instruction and the whole document go to the model', async () => {
    const sent = answerWith('# Launch brief\n\nBudget: 40k');
    const result = await ai.generateDocument(PRODUCT_MEETING, {
      prompt: 'Rename the title',
      sourceContent: '# Draft\n\nBudget: 40k',
    });
    expect(result.markdown).toBe('# Launch brief\n\nBudget: 40k');
    expect(result.notes).toEqual(['edit']);
    expect(userMessage(sent)).toContain('Instruction: Rename the title\n\nDocument:\n# Draft\n\nBudget: 40k');
  });

  it('writes the follow-up e-mail as subject and HTML body', async () => {
    answerWith(JSON.stringify({ subject: 'Thanks — Q3 launch', body_html: '<p>Hi all</p>' }));
    expect(await ai.followUpEmail(PRODUCT_MEETING)).toEqual({
      ai_model: 'meeting-model',
      subject: 'Thanks — Q3 launch',
      body_html: '<p>Hi all</p>',
    });
  });

  it('keeps only contacts with real addresses and adds guests the model missed', async () => {
    answerWith(
      JSON.stringify({
        contacts: [
          {
            name: 'Carla Diaz',
            email: 'carla.diaz@acme-corp.com',
            company_name: 'Acme',
            company_position: 'Head of Partnerships',
            social_profile_id: null,
          },
          {
            name: 'Unknown',
            email: 'N/A',
            company_name: null,
            company_position: null,
            social_profile_id: null,
          },
        ],
      }),
    );
    const contacts = await ai.extractContacts(PRODUCT_MEETING);
    expect(contacts.map((c) => c.email)).toEqual(['carla.diaz@acme-corp.com', 'dev.guest@gmail.com']);
    expect(contacts[0]).toMatchObject({ company_position: 'Head of Partnerships' });
  });

  it('turns upstream errors into EngineFailedError', async () => {
    answerWith('Invalid API key', 401);
    await expect(ai.ask(PRODUCT_MEETING, { question: 'Hi?' })).rejects.toMatchObject({
      name: 'EngineFailedError',
      engine: 'llm',
      message: expect.stringContaining('HTTP 401: Invalid API key'),
    });
  });

  it('names the model and upstream in status', () => {
    expect(ai.status()).toEqual({
      engine: 'llm',
      adapter: 'openai-compatible',
      available: true,
      detail: `${API}/v1 model meeting-model`,
    });
  });
});
