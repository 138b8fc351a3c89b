import type { MeetingParticipant } from '../../engines/llm/llm.engine.js';
import type { NewMail } from '../../store/mail.store.js';
import type { MeetingRow } from '../../store/meetings.store.js';
import type { Repositories } from '../../store/store.js';

// E-mail the meeting routes send. Mail is never sent inside a request: it is queued as one outbox
// job per recipient in the caller's transaction (so a retry never re-sends to the others), and the
// job worker delivers it (jobs/mail.job.ts).

/** The outbox job kind of one e-mail (jobs/mail.job.ts delivers it). */
export const MAIL_JOB = 'mail';

/** Mail `kind` of a summary sent by summarize-meeting with send_email_to_participants. */
export const SUMMARY_MAIL_KIND = 'summary';

/** Every participant with an e-mail address, once per address (registered users and em: invitees). */
export function mailRecipients(
  participants: readonly MeetingParticipant[],
): { email: string; userId: string | null }[] {
  const seen = new Map<string, string | null>();
  for (const p of participants) {
    const email = p.email?.trim().toLowerCase();
    if (!email || seen.has(email)) continue;
    seen.set(email, p.registered && !p.id.startsWith('em:') ? p.id : null);
  }
  return [...seen].map(([email, userId]) => ({ email, userId }));
}

/** The summary e-mail to each recipient: the Markdown summary as the plain-text body. */
export function summaryMails(input: {
  meeting: MeetingRow;
  participants: readonly MeetingParticipant[];
  markdown: string;
  aiModel: string;
  senderName: string;
}): NewMail[] {
  const title = input.meeting.title.trim() || 'Untitled meeting';
  const body = [
    `${input.senderName} shared the summary of "${title}".`,
    '',
    input.markdown,
    '',
    `-- Summary written by ${input.aiModel}. You receive this because you took part in the meeting.`,
  ].join('\n');
  return mailRecipients(input.participants).map(({ email, userId }) => ({
    to_address: email,
    subject: `Meeting summary: ${title}`,
    body_text: body,
    body_html: null,
    kind: SUMMARY_MAIL_KIND,
    meeting_id: input.meeting.id,
    user_id: userId,
  }));
}

/** Queues each mail as an outbox job; call inside the transaction of the change that sends it. */
export async function queueMails(repos: Repositories, mails: readonly NewMail[]): Promise<string[]> {
  const ids: string[] = [];
  for (const mail of mails) ids.push((await repos.jobs.enqueue({ kind: MAIL_JOB, payload: mail })).id);
  return ids;
}
