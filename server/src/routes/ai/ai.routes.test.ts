import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ask, productMeeting, summaries, summarize } from '../../../test-support/ai-meetings.js';
import {
  expectSchema,
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { MessageType, NextActionType, SummaryStatus } from '../../core/contracts.js';
import { EXTRACTIVE_MODEL } from '../../engines/llm/extractive/extractive-summary.js';
import { PRODUCT_MEETING } from '../../engines/llm/test-meeting.js';
import { createOutboundClient } from '../../net/outbound-client.js';
import { SUMMARY_MAIL_KIND } from '../../services/mail/mail.service.js';

// summarize-meeting and ask-ai-for-meeting over HTTP with the local extractive engine (the
// OpenAI-compatible upstream: ai-upstream.routes.test.ts). Attachments resolve through a fake DNS
// so a public-looking name can lead to a private address.

const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const FILES = 'https://files.attach.test';
const PUBLIC_ADDRESS = '93.184.215.14';

interface Mail {
  to: string;
  subject: string;
  body_text: string;
  kind: string;
  meeting_id: string | null;
}

let server: TestServer;
let host: TestUser;
let member: TestUser;
let outsider: TestUser;

const section = (markdown: string, heading: string) =>
  (markdown.split(/^## /m).find((s) => s.startsWith(heading)) ?? '')
    .split('\n')
    .filter((line) => line.startsWith('- '));

beforeAll(async () => {
  server = await startTestServer({
    serviceDeps: {
      clientUrls: createOutboundClient({
        resolve: async (name) => [
          { address: name === 'intranet.attach.test' ? '10.1.2.3' : PUBLIC_ADDRESS, family: 4 },
        ],
      }),
    },
  });
  host = await server.user('Host');
  member = await server.user('Member');
  outsider = await server.user('Outsider');
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  nock.cleanAll();
});

describe('summarize-meeting with the extractive engine', () => {
  it('stores an MT_SUMMARY message that get-meeting-messages lists, named for its engine', async () => {
    const id = await productMeeting(server, host, [member.userId]);
    const reply = await summarize(server, member.key, { meeting_id: id });
    expect(reply.status).toBe(200);
    const message = reply.body.meeting_message;
    expect(message).toMatchObject({
      meeting_id: id,
      sender_id: member.userId,
      type: MessageType.SUMMARY,
      summary_status: SummaryStatus.SUCCESS,
      summary: { ai_model: EXTRACTIVE_MODEL },
    });
    const markdown = message.summary?.markdown_body ?? '';
    expect(markdown.startsWith(`# Summary: ${PRODUCT_MEETING.title}\n`)).toBe(true);
    expect(markdown).toContain('I will send the updated budget to finance by Friday.');
    expect(markdown).toContain('nothing was generated');
    expect(await summaries(server, host.key, id)).toEqual([message]);
    expect(await server.store.jobs.list({ limit: 10 })).toEqual([]);
  });

  it('follows user_prompt: a Focus line, and the sentences with its words rise into the key points', async () => {
    const id = await productMeeting(server, host);
    const plain = await summarize(server, host.key, { meeting_id: id, user_prompt: null });
    const focused = await summarize(server, host.key, {
      meeting_id: id,
      user_prompt: 'Focus on the Acme partnership',
    });
    const plainMd = plain.body.meeting_message.summary?.markdown_body ?? '';
    const focusedMd = focused.body.meeting_message.summary?.markdown_body ?? '';
    expect(plainMd).not.toContain('**Focus:**');
    expect(focusedMd).toContain('**Focus:** Focus on the Acme partnership');
    // The guest's introduction is not central to the meeting, but it is what the prompt asks about.
    const intro = (md: string) => section(md, 'Key points').filter((l) => l.includes('head of partnerships'));
    expect(intro(plainMd)).toHaveLength(0);
    expect(intro(focusedMd)).toHaveLength(1);
  });

  it('with send_email_to_participants queues one mail per participant, delivered once by the worker', async () => {
    const id = await productMeeting(server, host, [member.userId, 'em:Guest@Partner.test']);
    const mailOf = async () =>
      (await server.get<{ mail: Mail[] }>('/_emulator/mail', admin)).body.mail.filter(
        (m) => m.meeting_id === id,
      );
    const reply = await summarize(server, host.key, { meeting_id: id, send_email_to_participants: true });
    expect(reply.status).toBe(200);
    expect(await mailOf()).toEqual([]);
    expect(await server.jobs.runDue()).toEqual({ done: 3, retried: 0, failed: 0 });
    const mail = await mailOf();
    expect(mail.map((m) => m.to).sort()).toEqual([host.email, member.email, 'guest@partner.test'].sort());
    for (const m of mail) {
      expect(m).toMatchObject({
        kind: SUMMARY_MAIL_KIND,
        subject: `Meeting summary: ${PRODUCT_MEETING.title}`,
      });
      expect(m.body_text).toContain(reply.body.meeting_message.summary?.markdown_body);
      expect(m.body_text).toContain(`Summary written by ${EXTRACTIVE_MODEL}`);
    }
    expect(await server.jobs.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(await mailOf()).toHaveLength(3);
  });

  it("is a 404 for another account's meeting and an unknown one, storing nothing", async () => {
    const id = await productMeeting(server, host);
    for (const body of [
      { meeting_id: id },
      { meeting_id: 'mtg_unknown', send_email_to_participants: true },
    ]) {
      const reply = await summarize(server, outsider.key, body);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
    }
    expect(await summaries(server, host.key, id)).toEqual([]);
  });

  it('bad bodies are 422', async () => {
    const bodies = [
      {},
      { meeting_id: '' },
      { meeting_id: 'mtg_x', send_email_to_participants: 'yes' },
      { meeting_id: 'mtg_x', user_prompt: 5 },
      { meeting_id: 'mtg_x', extra: true },
    ];
    for (const body of bodies) {
      const reply = await server.call('summarize-meeting', host.key, body);
      expect(reply.status).toBe(422);
      expectSchema('validation-error', reply.body);
    }
  });
});

describe('ask-ai-for-meeting with the extractive engine', () => {
  it('answers from the meeting; next_actions offer the summary once there is one', async () => {
    const id = await productMeeting(server, host, [member.userId]);
    const first = await ask(server, member.key, {
      meeting_id: id,
      message: { text: 'What is the launch date?', client_ref: 'ignored' },
    });
    expect(first.status).toBe(200);
    expect(first.body.workflow_plan_id).toMatch(/^wfp_/);
    expect(first.body.next_actions).toEqual([]);
    expect(first.body.document).toMatchObject({
      id: first.body.workflow_plan_id,
      meeting_id: id,
      parent_id: null,
      version: 1,
      kind: 'answer',
      ai_model: EXTRACTIVE_MODEL,
    });
    expect(first.body.document.markdown_body).toContain('keep the launch date on September twelfth.');
    expect(first.body.document.plan.map((s) => s.step)).toEqual(['read_meeting', 'answer']);
    expect(first.body.document.plan[0]?.detail).toBe(
      '14 transcript utterances, 1 chat messages, 2 participants',
    );

    await summarize(server, host.key, { meeting_id: id });
    const second = await ask(server, member.key, {
      meeting_id: id,
      message: { text: 'Who owns the budget?' },
    });
    expect(second.body.workflow_plan_id).not.toBe(first.body.workflow_plan_id);
    expect(second.body.next_actions).toEqual([
      { type: NextActionType.VIEW_SUMMARY, label: 'View the meeting summary', priority: 1 },
    ]);
  });

  it('edits source_content, and chains versions through source_document_id', async () => {
    const id = await productMeeting(server, host);
    const edit = await ask(server, host.key, {
      meeting_id: id,
      message: { text: 'change the title to Launch brief; replace Forty with 40' },
      source_content: '# Draft\n\n## Budget\n\nForty thousand.\n',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.document).toMatchObject({ kind: 'edit', version: 1, parent_id: null });
    expect(edit.body.document.markdown_body).toBe('# Launch brief\n\n## Budget\n\n40 thousand.\n');

    const v2 = await ask(server, host.key, {
      meeting_id: id,
      message: { text: 'append: Reviewed by Ana.' },
      source_document_id: edit.body.workflow_plan_id,
    });
    expect(v2.body.document).toMatchObject({
      kind: 'edit',
      version: 2,
      parent_id: edit.body.workflow_plan_id,
    });
    expect(v2.body.document.markdown_body).toBe(
      '# Launch brief\n\n## Budget\n\n40 thousand.\n\nReviewed by Ana.\n',
    );
    expect(v2.body.document.plan[1]).toEqual({
      step: 'load_source',
      detail: `document ${edit.body.workflow_plan_id} version 1`,
    });

    // source_content wins over the stored text, and the chain still grows from the named version.
    const v3 = await ask(server, host.key, {
      meeting_id: id,
      message: { text: 'append: Done.' },
      source_document_id: v2.body.workflow_plan_id,
      source_content: '# Rewritten',
    });
    expect(v3.body.document).toMatchObject({ version: 3, parent_id: v2.body.workflow_plan_id });
    expect(v3.body.document.markdown_body).toBe('# Rewritten\n\nDone.\n');
  });

  it('a source_document_id of another meeting or none at all is a 404', async () => {
    const id = await productMeeting(server, host);
    const other = await productMeeting(server, host);
    const doc = await ask(server, host.key, { meeting_id: other, message: { text: 'What is the budget?' } });
    for (const source of [doc.body.workflow_plan_id, 'wfp_unknown']) {
      const reply = await ask(server, host.key, {
        meeting_id: id,
        message: { text: 'append: x' },
        source_document_id: source,
      });
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: 'Source document not found',
      });
    }
  });

  it('reads a text attachment and hands it to the engine beside the meeting', async () => {
    const id = await productMeeting(server, host);
    nock(FILES).get('/notes.txt').reply(200, 'The vendor contract renews every March.', {
      'content-type': 'text/plain; charset=utf-8',
    });
    const reply = await ask(server, host.key, {
      meeting_id: id,
      message: { text: 'When does the vendor contract renew?' },
      attachment_urls: [`${FILES}/notes.txt`],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.document.markdown_body).toContain('The vendor contract renews every March.');
    expect(reply.body.document.plan).toContainEqual({
      step: 'read_attachment',
      detail: `${FILES}/notes.txt: read, 39 characters`,
    });
  });

  it('refuses attachments at private addresses (SSRF guard) with a clear 400, storing nothing', async () => {
    const id = await productMeeting(server, host);
    const cases = [
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://intranet.attach.test/secrets.txt', '10.1.2.3'],
    ];
    for (const [url, address] of cases) {
      const reply = await ask(server, host.key, {
        meeting_id: id,
        message: { text: 'Summarize the attachment' },
        attachment_urls: [url],
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        error: `attachment_urls[0]: Refusing to fetch ${url}: it resolves to a non-public address (${address})`,
      });
    }
    expect(await server.store.aiDocuments.list(id, 10)).toEqual([]);
  });

  it('is a 404 for a foreign meeting, 400 for an unknown model, 422 for bad bodies', async () => {
    const id = await productMeeting(server, host);
    const foreign = await ask(server, outsider.key, { meeting_id: id, message: { text: 'Hi?' } });
    expect(foreign.status).toBe(404);
    const model = await ask(server, host.key, { meeting_id: id, message: { text: 'Hi?' }, model: 1 });
    expect(model.status).toBe(400);
    expect(model.body).toMatchObject({ code: 'BAD_REQUEST', error: expect.stringContaining('model 0') });
    for (const body of [
      { meeting_id: id },
      { meeting_id: id, message: { text: '' } },
      { meeting_id: id, message: { text: 'x' }, attachment_urls: 'http://x' },
      { meeting_id: id, message: { text: 'x' }, model: -1 },
    ]) {
      const reply = await server.call('ask-ai-for-meeting', host.key, body);
      expect(reply.status).toBe(422);
      expectSchema('validation-error', reply.body);
    }
  });
});
