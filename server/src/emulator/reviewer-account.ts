import { PASSWORD_PATH } from '../partner/pages.js';
import type { SeedDocument } from './seed.service.js';

// The account an app store's review team tests the automation-platform app with: a user with a known
// e-mail and password and data behind every step (an ended meeting with a guest, chat, a recording's
// transcript and an AI summary; ending it lets the server's meeting-ended job write the guest contact and
// the follow-up e-mail), so each step's first test returns items. Provisioned through the emulator
// routes of a running deployment (seed, password, end meeting) by `npm run reviewer-account -w server`.
// Nothing in Parley expires an account, and every feature is open to every account. The review team
// changes the password themselves on the deployment's password page (`passwordPageUrl`).

export const REVIEWER = { id: 'usr_app_reviewer', email: 'app-reviewer@parley.dev', name: 'App Reviewer' };
export const REVIEWER_MEETING_ID = 'mtg_review_sample';
const RECORDING_ID = 'msg_review_recording';
const GUEST = { email: 'dana.lee@example.org', name: 'Dana Lee' };

/** The reviewer's records: one meeting, live until the command ends it, with all a step reads. */
export function reviewerSeed(now: Date): SeedDocument {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const line = (n: number, speaker: string, transcript: string, start: number, end: number) => ({
    id: `utt_review_${n}`,
    meeting_id: REVIEWER_MEETING_ID,
    message_id: RECORDING_ID,
    start_seconds: start,
    end_seconds: end,
    transcript,
    confidence: 0.93,
    language: 'en',
    speaker_v2: speaker,
    texts: {},
    created_at: at(40 - n),
    updated_at: at(40 - n),
  });
  const message = (id: string, minutesAgo: number, text: string) => ({
    id,
    meeting_id: REVIEWER_MEETING_ID,
    sender_id: REVIEWER.id,
    type: 'MT_USER',
    text,
    created_at: at(minutesAgo),
    updated_at: at(minutesAgo),
  });
  return {
    users: [REVIEWER],
    meetings: [
      {
        id: REVIEWER_MEETING_ID,
        host_user_id: REVIEWER.id,
        participant_ids: [REVIEWER.id, `em:${GUEST.email}`],
        start_at: at(45),
        status: 'MS_LIVE',
        title: 'Quarterly planning (review sample)',
        created_at: at(46),
        updated_at: at(45),
        language: 'en',
        translation_languages: [],
        tags: ['review'],
      },
    ],
    recordings: [
      {
        id: RECORDING_ID,
        meeting_id: REVIEWER_MEETING_ID,
        fixture_id: 'conversation-two-speakers',
        fixture_path: 'audio/conversations/two-speakers.wav',
        duration_s: 19.53,
        created_at: at(44),
      },
    ],
    transcript_utterances: [
      line(1, '0', 'Good morning, thank you for joining the planning call.', 0.3, 3.2),
      line(2, '1', 'Thanks. The budget numbers are ready for review.', 3.6, 6.9),
      line(3, '0', 'Great, please send them to the whole team by Friday.', 7.2, 10.4),
    ],
    meeting_messages: [
      message('msg_review_chat_1', 30, `Dana Lee (${GUEST.email}) joins us from Northwind Traders.`),
      message(
        'msg_review_chat_2',
        20,
        'Decision: the report ships on Friday; Dana sends the budget numbers.',
      ),
      {
        ...message('msg_review_summary', 5, ''),
        type: 'MT_SUMMARY',
        summary: {
          ai_model: 'parley-extractive-1',
          markdown_body:
            '## Summary\n\n- The report ships on Friday.\n\n## Action items\n\n- [ ] Dana: send the budget numbers to the team',
        },
        summary_status: 'ESS_SUCCESS',
      },
    ],
  };
}

/** Where the reviewer changes the password on the deployment at `baseUrl` (e-mail, current, new twice). */
export function passwordPageUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${PASSWORD_PATH}`;
}

export interface ProvisionOptions {
  baseUrl: string;
  adminToken: string;
  password: string;
  fetch?: typeof fetch;
}

/**
 * Creates the reviewer through the deployment's emulator routes and sets the password; on a deployment
 * that has the reviewer already, only the password is set again (so the command also changes it).
 */
export async function provisionReviewer(options: ProvisionOptions): Promise<{ created: boolean }> {
  const call = async (path: string, body: unknown) => {
    const response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const expect = (step: string, reply: { status: number; text: string }, ok: number[]) => {
    if (!ok.includes(reply.status)) throw new Error(`${step} answered HTTP ${reply.status}: ${reply.text}`);
  };
  const seeded = await call('/_emulator/seed', reviewerSeed(new Date()));
  // 409: the reviewer's records are there from an earlier run.
  expect('POST /_emulator/seed', seeded, [200, 409]);
  const password = await call(`/_emulator/users/${REVIEWER.id}/password`, { password: options.password });
  expect('POST /_emulator/users/:id/password', password, [200]);
  if (seeded.status === 409) return { created: false };
  const ended = await call(`/_emulator/meetings/${REVIEWER_MEETING_ID}/end`, {});
  expect('POST /_emulator/meetings/:id/end', ended, [200]);
  return { created: true };
}
