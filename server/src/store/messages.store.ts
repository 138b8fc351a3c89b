import type { MeetingSummaryContent } from '@parley/schemas/types';
import { fromJson, toJson } from './json-columns.js';
import { MeetingViewersStore } from './meeting-viewers.store.js';
import type { MessagesTable } from './meetings.tables.js';
import type { RepoContext } from './repo-context.js';

// Messages of a meeting. Callers check meeting visibility first (services/meetings/meeting-access.ts);
// every query here is additionally keyed by meeting id, so a message id alone never reaches across.

/** Whatever else a message type carries (follow-up e-mail, contact, document). */
export type MessagePayload = Record<string, unknown>;

/** A stored message with its JSON columns decoded. */
export type MessageRow = Omit<MessagesTable, 'summary' | 'payload'> & {
  summary: MeetingSummaryContent | null;
  payload: MessagePayload | null;
};

export interface NewMessage {
  meetingId: string;
  senderId: string;
  type: string;
  text: string;
  summary?: MeetingSummaryContent | null;
  summaryStatus?: string | null;
  payload?: MessagePayload | null;
  id?: string;
}

export class MessagesStore {
  constructor(private readonly ctx: RepoContext) {}

  async insert(input: NewMessage): Promise<MessageRow> {
    const now = this.ctx.stamps.next();
    const row: MessageRow = {
      id: input.id ?? this.ctx.ids.next('msg'),
      meeting_id: input.meetingId,
      sender_id: input.senderId,
      type: input.type,
      text: input.text,
      summary: input.summary ?? null,
      summary_status: input.summaryStatus ?? null,
      payload: input.payload ?? null,
      created_us: now,
      updated_us: now,
    };
    await this.ctx.db.insertInto('messages').values(encodeMessage(row)).execute();
    await new MeetingViewersStore(this.ctx).feedMessage(row);
    return row;
  }

  /** Stores a complete message as given (emulator seed). */
  async importRow(row: MessageRow): Promise<void> {
    await this.ctx.db.insertInto('messages').values(encodeMessage(row)).execute();
    await new MeetingViewersStore(this.ctx).feedMessage(row);
  }

  async get(meetingId: string, messageId: string): Promise<MessageRow | undefined> {
    const row = await this.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .where('id', '=', messageId)
      .executeTakeFirst();
    return row && decodeMessage(row);
  }

  /** Newest first by `updated_us`, strictly before `beforeUs`; optionally of one type. */
  async list(
    meetingId: string,
    page: { beforeUs?: number; limit: number; type?: string },
  ): Promise<MessageRow[]> {
    let query = this.ctx.db.selectFrom('messages').selectAll().where('meeting_id', '=', meetingId);
    if (page.beforeUs !== undefined) query = query.where('updated_us', '<', page.beforeUs);
    if (page.type !== undefined) query = query.where('type', '=', page.type);
    const rows = await query.orderBy('updated_us', 'desc').limit(page.limit).execute();
    return rows.map(decodeMessage);
  }

  async update(
    meetingId: string,
    messageId: string,
    changes: Partial<Pick<MessageRow, 'text' | 'summary' | 'summary_status' | 'payload'>>,
  ): Promise<boolean> {
    const { summary, payload, ...plain } = changes;
    const result = await this.ctx.db
      .updateTable('messages')
      .set({
        ...plain,
        ...(summary !== undefined ? { summary: jsonOrNull(summary) } : {}),
        ...(payload !== undefined ? { payload: jsonOrNull(payload) } : {}),
        updated_us: this.ctx.stamps.next(),
      })
      .where('meeting_id', '=', meetingId)
      .where('id', '=', messageId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(meetingId: string, messageId: string): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('messages')
      .where('meeting_id', '=', meetingId)
      .where('id', '=', messageId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

const jsonOrNull = (value: object | null): string | null => (value === null ? null : toJson(value));

export function decodeMessage(row: MessagesTable): MessageRow {
  return {
    ...row,
    summary: fromJson<MeetingSummaryContent | null>(row.summary, null),
    payload: fromJson<MessagePayload | null>(row.payload, null),
  };
}

function encodeMessage(row: MessageRow): MessagesTable {
  return { ...row, summary: jsonOrNull(row.summary), payload: jsonOrNull(row.payload) };
}
