import { call } from '../../call.js';
import { verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at, pick, pickString } from '../../json-path.js';
import { partnerGet } from '../../partner-oauth.js';

// "meeting details with the latest AI summary", seen move: the run's key makes a meeting with the
// partner user among its participants (by the user id /api/partner/me gives), summarizes it, reads
// its details with the partner token, summarizes it again, and reads them again: latest_summary must
// now be the second summary. Which meetings a partner user may read is not shown: where the details
// of that meeting are not served, or the user id is not a participant id of the REST side, nothing
// is judged (the note says why).

const what = '/api/partner/meetings/{id} after a newer summary';

const sameSummary = (latest: unknown, made: unknown) =>
  pick(latest, 'markdown_body') === pick(made, 'markdown_body') &&
  pick(latest, 'ai_model') === pick(made, 'ai_model');

/** Judges that a newer summary replaces the latest one; returns a note of what was seen. */
export async function judgeNewerSummary(ctx: CheckContext): Promise<string> {
  const me = await partnerGet(ctx, '/api/partner/me');
  const userId = pickString(me.body, 'user_id');
  if (me.status !== 200 || !userId) return 'no partner user id to invite';
  const created = await ctx.callRaw('create-meeting', {
    title: ctx.title('partner latest summary'),
    participant_ids: [userId],
  });
  const meetingId = pickString(created.body, 'meeting.id');
  if (created.status !== 200 || !meetingId) return `a meeting with the partner user ${userId} not made`;
  ctx.remember(meetingId);
  await call(ctx, 'summarize-meeting', { meeting_id: meetingId });
  const path = `/api/partner/meetings/${encodeURIComponent(meetingId)}`;
  const first = await partnerGet(ctx, path);
  if (first.status !== 200)
    return `the details of a meeting the partner user was invited to: ${first.status}`;
  await call(ctx, 'send-meeting-message', {
    meeting_message: { meeting_id: meetingId, text: ctx.title('before the second summary') },
  });
  const newer = (
    await call(ctx, 'summarize-meeting', { meeting_id: meetingId, user_prompt: 'Name the last message.' })
  ).meeting_message.summary;
  const second = await partnerGet(ctx, path);
  if (second.status !== 200) return `the details again: ${second.status}`;
  const latest = pick(second.body, 'latest_summary');
  verify(
    sameSummary(latest, newer),
    'VALUE',
    `${what}: latest_summary is not the summary summarize-meeting just made (markdown_body ${JSON.stringify(String(pick(latest, 'markdown_body')).slice(0, 60))})`,
    at(what, '$.latest_summary.markdown_body', pick(newer, 'markdown_body'), pick(latest, 'markdown_body')),
  );
  return 'a newer summary shown at once';
}
