import { MessageType } from '../core/contracts.js';
import { decodeMessage, type MessageRow } from './messages.store.js';
import type { RepoContext } from './repo-context.js';

// The database reads behind the meeting cache (get-meeting-summary; the transcripts come from
// TranscriptionStore.utterancesInOrder) and behind the meeting AI's view of a meeting. Callers check meeting visibility first
// (services/meetings/meeting-access.ts); every query here is keyed by meeting id.

export class SummaryCacheStore {
  constructor(private readonly ctx: RepoContext) {}

  /** The newest summary message of the meeting. */
  async latestSummary(meetingId: string): Promise<MessageRow | undefined> {
    const row = await this.ofType(meetingId, MessageType.SUMMARY)
      .orderBy('created_us', 'desc')
      .orderBy('updated_us', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && decodeMessage(row);
  }

  /** The users' own chat messages of the meeting (no summaries or recordings), oldest first. */
  async userMessages(meetingId: string): Promise<MessageRow[]> {
    const rows = await this.ofType(meetingId, MessageType.USER)
      .orderBy('created_us', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(decodeMessage);
  }

  private ofType(meetingId: string, type: string) {
    return this.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .where('type', '=', type);
  }
}
