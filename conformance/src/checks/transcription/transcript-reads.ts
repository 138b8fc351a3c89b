import { FIRST_PAGE_CURSOR } from '@parley/schemas/constants';
import { call, send } from '../../call.js';
import { skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';

// Reads of the transcribed meeting the checks are given (--transcript-meeting-id): its utterances
// and live chunks by the spec's cursor, whole or narrowed to one recording by the spec's message_id
// filter where the meeting's fill more than a page.

export const FLAG = '--transcript-meeting-id';
export const NEEDS =
  "needs --transcript-meeting-id: an ended meeting of the key's account with at least two transcript utterances and chunks (the spec shows no way for a client to create them)";

/** The transcript meeting, or a skip naming the flag. */
export function transcriptMeeting(ctx: CheckContext): string {
  const id = ctx.target.transcriptMeetingId;
  if (!id) return skip(NEEDS, [FLAG]);
  return id;
}

// The spec's default page (100) without a limit; `messageId` the spec's optional filter (one recording).
const filtered = (meetingId: string, cursor: string, messageId?: string) => ({
  meeting_id: meetingId,
  last_updated_at: cursor,
  ...(messageId ? { message_id: messageId } : {}),
});
export const utterancesPage = (
  ctx: CheckContext,
  meetingId: string,
  cursor: string,
  what: string,
  messageId?: string,
) => call(ctx, 'get-transcript-utterances', filtered(meetingId, cursor, messageId), { what });
export const chunksPage = (
  ctx: CheckContext,
  meetingId: string,
  cursor: string,
  what: string,
  messageId?: string,
) => call(ctx, 'get-live-transcription-chunks', filtered(meetingId, cursor, messageId), { what });
export const utterancesAfter = async (
  ctx: CheckContext,
  meetingId: string,
  cursor: string,
  what: string,
  messageId?: string,
) => (await utterancesPage(ctx, meetingId, cursor, what, messageId)).utterances;
export const chunksAfter = async (
  ctx: CheckContext,
  meetingId: string,
  cursor: string,
  what: string,
  messageId?: string,
) => (await chunksPage(ctx, meetingId, cursor, what, messageId)).chunks;

/** The records judged: all of the meeting's, or one recording's (`messageId`) where the meeting's fill more than a page. */
export interface Records<T> {
  items: T[];
  messageId?: string;
}

/**
 * The recordings of the meeting its cached transcript records name (a record carries message_id),
 * read as plain JSON: a filter to try, never judged here (rest.23 judges the route).
 */
async function recordedMessages(ctx: CheckContext, meetingId: string): Promise<string[]> {
  const reply = await send(ctx, 'get-meeting-transcripts', { meeting_id: meetingId });
  const records: unknown = (reply.body as { transcripts?: unknown } | undefined)?.transcripts;
  if (reply.status !== 200 || !Array.isArray(records)) return [];
  return records.flatMap((r: { message_id?: unknown } | null) =>
    typeof r?.message_id === 'string' ? [r.message_id] : [],
  );
}

/**
 * A whole transcript on one page (the cursor rules need every record judged): the meeting's, or,
 * where they fill more than a page, those of the first recording whose records fit on one (the
 * spec's message_id filter; the recordings tried are those the first page and the cached transcript
 * records name); else a skip naming the flag.
 */
async function onePage<T>(
  ctx: CheckContext,
  meetingId: string,
  list: (messageId?: string) => Promise<{ items: T[]; hasMore: boolean }>,
  messageOf: (item: T) => string,
  kind: string,
): Promise<Records<T>> {
  const first = await list();
  if (!first.hasMore) return { items: first.items };
  const named = new Set(first.items.map(messageOf));
  for (const messageId of [
    ...named,
    ...(await recordedMessages(ctx, meetingId)).filter((m) => !named.has(m)),
  ]) {
    const page = await list(messageId);
    // A filtered page holds that recording's records only, whatever else the check needs.
    const other = page.items.find((item) => messageOf(item) !== messageId);
    verify(
      other === undefined,
      'UNEXPECTED_ITEM',
      `${kind} asked with message_id ${messageId}: one of message ${other && messageOf(other)} is listed`,
      at(`${kind} with message_id`, `$.${kind}[*]`, `only message ${messageId}`, other && messageOf(other)),
    );
    if (!page.hasMore && page.items.length >= 2) return { items: page.items, messageId };
  }
  return skip(`${NEEDS}; its ${kind} fill more than one page, and so do those of each recording it names`, [
    FLAG,
  ]);
}

export const utteranceRecords = (ctx: CheckContext, meetingId: string, what: string) =>
  onePage(
    ctx,
    meetingId,
    async (messageId?: string) => {
      const page = await utterancesPage(ctx, meetingId, FIRST_PAGE_CURSOR, what, messageId);
      return { items: page.utterances, hasMore: page.has_more === true };
    },
    (u) => u.message_id,
    'utterances',
  );
export const chunkRecords = (ctx: CheckContext, meetingId: string, what: string) =>
  onePage(
    ctx,
    meetingId,
    async (messageId?: string) => {
      const page = await chunksPage(ctx, meetingId, FIRST_PAGE_CURSOR, what, messageId);
      return { items: page.chunks, hasMore: page.has_more === true };
    },
    (c) => c.meeting_message_id,
    'chunks',
  );
