import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test-support/test-server.js';
import { verifyPassword } from '../partner/passwords.js';
import { passwordPageUrl, provisionReviewer, REVIEWER, REVIEWER_MEETING_ID } from './reviewer-account.js';

let server: TestServer;
const viewer = { userId: REVIEWER.id, email: REVIEWER.email };

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const provision = (password: string) =>
  provisionReviewer({ baseUrl: server.url, adminToken: TEST_ADMIN_TOKEN, password });

describe('reviewer account', () => {
  it('creates the account with data behind every step of the automation-platform app', async () => {
    expect(await provision('review-pass-1')).toEqual({ created: true });
    await server.jobs.runDue();
    const feed = server.store.partnerFeed;
    // Meeting Ended, Summary Ready, Contact Discovered, Follow-up Email Ready.
    expect((await feed.endedMeetings(viewer, 50)).map((m) => m.id)).toEqual([REVIEWER_MEETING_ID]);
    expect(await feed.messages(viewer, 'MT_SUMMARY', 50)).toHaveLength(1);
    expect(await feed.messagesOfMeeting(REVIEWER_MEETING_ID, 'MT_CONTACT')).not.toHaveLength(0);
    expect(await feed.hasMessage(REVIEWER_MEETING_ID, 'MT_FOLLOWUP_EMAIL')).toBe(true);
    // Find Meeting, Get Transcript and the meeting dropdown, through the meeting REST routes.
    const key = await server.post<{ api_key: string }>(
      '/_emulator/api-keys',
      { user_id: REVIEWER.id },
      { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    );
    const meetings = await server.call<{ meetings: { id: string }[] }>('get-meetings', key.body.api_key, {});
    expect(meetings.body.meetings.map((m) => m.id)).toEqual([REVIEWER_MEETING_ID]);
    const transcripts = await server.call<{ transcripts: { utterances: unknown[] }[] }>(
      'get-meeting-transcripts',
      key.body.api_key,
      { meeting_id: REVIEWER_MEETING_ID },
    );
    expect(transcripts.body.transcripts[0]?.utterances).toHaveLength(3);
  });

  it('signs in with the known password, which running the command again changes', async () => {
    const stored = async () => (await server.store.partnerAuth.passwordHash(REVIEWER.id)) ?? '';
    expect(await verifyPassword('review-pass-1', await stored())).toBe(true);
    expect(await provision('review-pass-2')).toEqual({ created: false });
    expect(await verifyPassword('review-pass-2', await stored())).toBe(true);
    expect(await verifyPassword('review-pass-1', await stored())).toBe(false);
  });

  it('lets the reviewers change the password themselves on the page the command prints', async () => {
    expect((await fetch(passwordPageUrl(`${server.url}/`))).status).toBe(200);
    const changed = await fetch(passwordPageUrl(server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: REVIEWER.email,
        current_password: 'review-pass-2',
        new_password: 'the-reviewers-own',
        new_password_again: 'the-reviewers-own',
      }),
    });
    expect(changed.status).toBe(200);
    const stored = (await server.store.partnerAuth.passwordHash(REVIEWER.id)) ?? '';
    expect(await verifyPassword('the-reviewers-own', stored)).toBe(true);
    expect(await verifyPassword('review-pass-2', stored)).toBe(false);
  });

  it("fails with the deployment's words on a wrong admin token", async () => {
    await expect(
      provisionReviewer({ baseUrl: server.url, adminToken: 'wrong', password: 'review-pass-3' }),
    ).rejects.toThrow(/seed answered HTTP 401/);
  });
});
