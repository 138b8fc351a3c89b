import type { AiDocumentsTable } from './database.js';
import type { RepoContext } from './repo-context.js';

// Documents made by ask-ai-for-meeting, one per workflow plan, chained into versions by parent id.
// Every read is keyed by meeting id too, so a document id alone never reaches another meeting.

export type AiDocumentRow = AiDocumentsTable;
export type NewAiDocument = Omit<AiDocumentRow, 'id' | 'created_us'>;

export class AiDocumentsStore {
  constructor(private readonly ctx: RepoContext) {}

  async insert(input: NewAiDocument): Promise<AiDocumentRow> {
    const row: AiDocumentRow = { ...input, id: this.ctx.ids.next('wfp'), created_us: this.ctx.stamps.next() };
    await this.ctx.db.insertInto('ai_documents').values(row).execute();
    return row;
  }

  async get(meetingId: string, id: string): Promise<AiDocumentRow | undefined> {
    return this.ctx.db
      .selectFrom('ai_documents')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The meeting's documents, newest first. */
  async list(meetingId: string, limit: number): Promise<AiDocumentRow[]> {
    return this.ctx.db
      .selectFrom('ai_documents')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .orderBy('created_us', 'desc')
      .limit(limit)
      .execute();
  }
}
