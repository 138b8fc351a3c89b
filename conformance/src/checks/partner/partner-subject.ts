import type { Validated } from '@parley/schemas';
import { couldNotJudge } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { listed } from './partner-triggers.js';

type SummaryItem = Validated<'trigger-summary-ready.item'>;

/**
 * A meeting of the user to work on: the newest summarized meeting that has ended (an ended meeting
 * is one no check of the run creates or deletes, whatever runs beside), else the newest summarized
 * one, else the newest ended one.
 */
export async function subjectMeeting(ctx: CheckContext): Promise<{ id: string; summary?: SummaryItem }> {
  const newest = <T>(items: T[], time: (item: T) => string) =>
    [...items].sort((a, b) => Date.parse(time(b)) - Date.parse(time(a)))[0];
  // Never one of the run's own meetings (titled with the run id): another lane may be deleting it.
  const runs = (title: unknown) => String(title ?? '').startsWith(ctx.target.runId);
  const summaries = (await listed(ctx, 'trigger-summary-ready.item')).filter((s) => !runs(s.meeting_title));
  const ended = (await listed(ctx, 'trigger-meeting-ended.item')).filter((m) => !runs(m.title));
  const endedIds = new Set(ended.map((m) => m.id));
  const created = (s: SummaryItem) => s.created_at;
  const summary =
    newest(
      summaries.filter((s) => endedIds.has(s.meeting_id)),
      created,
    ) ?? newest(summaries, created);
  if (summary) return { id: summary.meeting_id, summary };
  const last = newest(ended, (m) => m.end_at);
  if (last) return { id: last.id };
  return couldNotJudge(
    'the user has no summarized or ended meeting (both triggers are empty): nothing to ask about',
  );
}
