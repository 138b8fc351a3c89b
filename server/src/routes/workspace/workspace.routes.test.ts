import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectSchema,
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { MessageType, SummaryStatus } from '../../core/contracts.js';

// upload-meeting-to-workspace against a Notion API played by nock: what is sent, and how each
// upstream outcome reaches the client.

const NOTION = 'https://notion.api.test';
const PAGE_URL = 'https://www.notion.so/Weekly-sync-0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

interface SentPage {
  parent: Record<string, unknown>;
  properties: { title: { title: { text: { content: string } }[] } };
  children: { type: string; [key: string]: unknown }[];
}

let server: TestServer;
let host: TestUser;
let member: TestUser;
let meetingId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { PARLEY_WORKSPACE_API_URL: NOTION, PARLEY_WORKSPACE_TIMEOUT_MS: '300' },
  });
  host = await server.user('Host');
  member = await server.user('Member');
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
    title: 'Weekly sync',
    participant_ids: [member.userId],
  });
  meetingId = created.body.meeting.id;
  await server.store.messages.insert({
    meetingId,
    senderId: host.userId,
    type: MessageType.SUMMARY,
    text: '',
    summary: { ai_model: 'parley-extractive-1', markdown_body: '# Old summary' },
    summaryStatus: SummaryStatus.SUCCESS,
  });
  await server.store.messages.insert({
    meetingId,
    senderId: host.userId,
    type: MessageType.SUMMARY,
    text: '',
    summary: {
      ai_model: 'parley-extractive-1',
      markdown_body:
        '# Summary: Weekly sync\n\n## Key points\n\n- Budget is **approved**\n- [ ] Send the report',
    },
    summaryStatus: SummaryStatus.SUCCESS,
  });
  for (const [i, text] of ['Good morning.', 'Shall we start?'].entries()) {
    await server.store.transcription.insertUtterance({
      meeting_id: meetingId,
      message_id: 'msg_rec',
      start_seconds: i * 3,
      end_seconds: i * 3 + 2,
      transcript: text,
      confidence: 0.9,
      language: 'en',
      speaker_v2: String(i),
      texts: {},
    });
  }
  const connected = await server.post(
    '/_emulator/workspace-tokens',
    { user_id: host.userId, access_token: 'secret_host_token', parent_page_id: 'parent-page-1' },
    admin,
  );
  expect(connected.status).toBe(200);
});
afterAll(() => server.close());
afterEach(() => {
  nock.cleanAll();
});

const upload = (user: TestUser, body: Record<string, unknown> = {}) =>
  server.call<{ workspace_page_url?: string; error?: string; code?: string }>(
    'upload-meeting-to-workspace',
    user.key,
    { user_id: user.userId, meeting_id: meetingId, ...body },
  );

/** Notion answers the next page creation with `status` and `reply`; hands back what was sent. */
function notion(status: number, reply: unknown, delayMs = 0) {
  const sent: { body?: SentPage } = {};
  const scope = nock(NOTION, {
    reqheaders: { authorization: 'Bearer secret_host_token', 'notion-version': '2022-06-28' },
  })
    .post('/v1/pages', (body: SentPage) => {
      sent.body = body;
      return true;
    })
    .delay(delayMs)
    .reply(status, reply as nock.Body);
  return { sent, scope };
}

const texts = (block: { type: string; [key: string]: unknown }) =>
  ((block[block.type] as { rich_text?: { text: { content: string } }[] }).rich_text ?? [])
    .map((r) => r.text.content)
    .join('');

describe('upload-meeting-to-workspace', () => {
  it('creates a page with the title, the latest summary and the transcript, and returns its URL', async () => {
    const { sent, scope } = notion(200, { object: 'page', id: 'page-1', url: PAGE_URL });
    const reply = await upload(host);
    expect(reply.status).toBe(200);
    expectSchema('upload-meeting-to-workspace.response', reply.body);
    expect(reply.body).toEqual({ success: true, workspace_page_url: PAGE_URL });
    expect(scope.isDone()).toBe(true);

    const page = sent.body as SentPage;
    expect(page.parent).toEqual({ type: 'page_id', page_id: 'parent-page-1' });
    expect(page.properties.title.title[0]?.text.content).toBe('Weekly sync');
    const lines = page.children.map((b) => [b.type, texts(b)]);
    expect(lines).toContainEqual(['heading_1', 'Summary: Weekly sync']);
    expect(lines).toContainEqual(['bulleted_list_item', 'Budget is approved']);
    expect(lines).toContainEqual(['to_do', 'Send the report']);
    expect(lines.some(([, text]) => text?.includes('Old summary'))).toBe(false);
    expect(lines).toContainEqual([
      'paragraph',
      '[00:00] Speaker 1: Good morning.\n[00:03] Speaker 2: Shall we start?\n',
    ]);
  });

  it('a member without a connected workspace gets 409, and nothing is sent', async () => {
    const { scope } = notion(200, { url: PAGE_URL });
    const reply = await upload(member);
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      success: false,
      error: 'No workspace connected for this user',
      code: 'CONFLICT',
    });
    expect(scope.isDone()).toBe(false);
  });

  it('user_id of someone else is 403; a meeting the caller is not in is 404', async () => {
    const other = await upload(host, { user_id: member.userId });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    const outsider = await server.user('Outsider');
    await server.post('/_emulator/workspace-tokens', { user_id: outsider.userId, access_token: 't' }, admin);
    const foreign = await upload(outsider);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
  });

  it("Notion's refusal is 502 with Notion's reason", async () => {
    notion(404, {
      object: 'error',
      status: 404,
      code: 'object_not_found',
      message: 'Could not find page with ID: parent-page-1.',
    });
    const reply = await upload(host);
    expect(reply.status).toBe(502);
    expectSchema('api-error', reply.body);
    expect(reply.body.code).toBe('UPSTREAM_FAILED');
    expect(reply.body.error).toContain('object_not_found: Could not find page with ID');
  });

  it('an answer without a page URL is 502', async () => {
    notion(200, { object: 'page', id: 'page-2' });
    const reply = await upload(host);
    expect(reply.status).toBe(502);
    expect(reply.body.code).toBe('UPSTREAM_FAILED');
  });

  it('no answer within the configured time is 504', async () => {
    notion(200, { url: PAGE_URL }, 2000);
    const reply = await upload(host);
    expect(reply.status).toBe(504);
    expect(reply.body).toEqual({
      success: false,
      error: 'The workspace API did not answer within 300 ms',
      code: 'UPSTREAM_TIMEOUT',
    });
  });

  it('a connection without a parent page creates the page at the workspace level; disconnecting gives 409', async () => {
    const solo = await server.user('Solo');
    await server.post(
      '/_emulator/workspace-tokens',
      { user_id: solo.userId, access_token: 'secret_host_token' },
      admin,
    );
    const mine = await server.call<{ meeting: { id: string } }>('create-meeting', solo.key, {});
    const { sent } = notion(200, { url: PAGE_URL });
    const reply = await upload(solo, { meeting_id: mine.body.meeting.id });
    expect(reply.status).toBe(200);
    expect(sent.body?.parent).toEqual({ type: 'workspace', workspace: true });
    expect(sent.body?.properties.title.title[0]?.text.content).toBe('Untitled meeting');
    expect(sent.body?.children.map(texts)).toContain('This meeting has no summary or transcript yet.');

    const removed = await fetch(`${server.url}/_emulator/workspace-tokens/${solo.userId}`, {
      method: 'DELETE',
      headers: admin,
    });
    expect(removed.status).toBe(200);
    expect((await upload(solo, { meeting_id: mine.body.meeting.id })).status).toBe(409);
  });

  it('the emulator route needs the admin token and a known user', async () => {
    expect(
      (await server.post('/_emulator/workspace-tokens', { user_id: host.userId, access_token: 'x' })).status,
    ).toBe(401);
    const unknown = await server.post(
      '/_emulator/workspace-tokens',
      { user_id: 'usr_nobody', access_token: 'x' },
      admin,
    );
    expect(unknown.status).toBe(404);
    const missing = await server.post('/_emulator/workspace-tokens', { user_id: host.userId }, admin);
    expect(missing.status).toBe(422);
  });
});
