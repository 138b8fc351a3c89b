import type { FollowUpEmail, MeetingContext, SummaryResult } from '../llm.engine.js';
import { EXTRACTIVE_MODEL } from './extractive-summary.js';
import { htmlText } from './markdown-text.js';

// The follow-up e-mail from a summary's key points and action items: a fixed, plain template with
// every meeting-derived string HTML-escaped.

export function buildFollowUpEmail(meeting: MeetingContext, summary: SummaryResult): FollowUpEmail {
  const title = meeting.title || 'our meeting';
  const date = meeting.start_at ? ` on ${new Date(meeting.start_at).toISOString().slice(0, 10)}` : '';
  const list = (items: readonly string[], empty: string) =>
    items.length > 0
      ? `<ul>\n${items.map((i) => `  <li>${htmlText(i)}</li>`).join('\n')}\n</ul>`
      : `<p><em>${empty}</em></p>`;
  const body = [
    '<p>Hi all,</p>',
    `<p>Thank you for joining ${htmlText(title)}${date}. Here is a short recap.</p>`,
    '<h3>Key points</h3>',
    list(summary.key_points, 'No key points were recorded.'),
    '<h3>Action items</h3>',
    list(summary.action_items, 'No action items were detected.'),
    '<p>Please reply if anything is missing or wrong.</p>',
    '<p>Best regards</p>',
  ].join('\n');
  return { ai_model: EXTRACTIVE_MODEL, subject: `Follow-up: ${title}`, body_html: body };
}
