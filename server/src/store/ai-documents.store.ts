import type { NextAction } from '../engines/llm/llm.engine.js';
import { fromJson, toJson } from './json-columns.js';
import type { AiDocumentsTable } from './meetings.tables.js';
import type { RepoContext } from './repo-context.js';

// Documents made by ask-ai-for-meeting, one per workflow plan, chained into versions by parent id.
// Every read is keyed by meeting id too, so a document id alone never reaches another meeting.

/** One step of a workflow plan: what was read, what the engine did. */
export interface PlanStep {
  step: 'read_meeting' | 'load_source' | 'read_attachment' | 'answer' | 'edit';
  detail: string;
}

/** A stored document, decoded. */
export type AiDocumentRow = Omit<AiDocumentsTable, 'attachment_urls' | 'plan' | 'next_actions'> & {
  attachment_urls: string[];
  plan: PlanStep[];
  next_actions: NextAction[];
};
export type NewAiDocument = Omit<AiDocumentRow, 'id' | 'created_us'>;

export class AiDocumentsStore {
  constructor(private readonly ctx: RepoContext) {}

  async insert(input: NewAiDocument): Promise<AiDocumentRow> {
    const row: AiDocumentRow = { ...input, id: this.ctx.ids.next('wfp'), created_us: this.ctx.stamps.next() };
    await this.ctx.db
      .insertInto('ai_documents')
      .values({
        ...row,
        attachment_urls: toJson(row.attachment_urls),
        plan: toJson(row.plan),
        next_actions: toJson(row.next_actions),
      })
      .execute();
    return row;
  }

  async get(meetingId: string, id: string): Promise<AiDocumentRow | undefined> {
    const row = await this.ctx.db
      .selectFrom('ai_documents')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && decode(row);
  }

  /** The meeting's documents, newest first. */
  async list(meetingId: string, limit: number): Promise<AiDocumentRow[]> {
    const rows = await this.ctx.db
      .selectFrom('ai_documents')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .orderBy('created_us', 'desc')
      .limit(limit)
      .execute();
    return rows.map(decode);
  }
}

function decode(row: AiDocumentsTable): AiDocumentRow {
  return {
    ...row,
    attachment_urls: fromJson<string[]>(row.attachment_urls, []),
    plan: fromJson<PlanStep[]>(row.plan, []),
    next_actions: fromJson<NextAction[]>(row.next_actions, []),
  };
}
