import type { TranscriptionChunksTable, TranscriptUtterancesTable } from './database.js';
import type { RepoContext } from './repo-context.js';

// Live transcription chunks and finalized utterances of a meeting. Listing cursors for these run
// forward in time ("updated after"), unlike meetings and messages.

export type ChunkRow = TranscriptionChunksTable;
export type UtteranceRow = TranscriptUtterancesTable;

export type NewChunk = Omit<ChunkRow, 'id' | 'created_us' | 'updated_us'> & { id?: string };
export type NewUtterance = Omit<UtteranceRow, 'id' | 'created_us' | 'updated_us'> & { id?: string };

export class TranscriptionStore {
  constructor(private readonly ctx: RepoContext) {}

  async insertChunk(input: NewChunk): Promise<ChunkRow> {
    const now = this.ctx.stamps.next();
    const row: ChunkRow = {
      ...input,
      id: input.id ?? this.ctx.ids.next('chk'),
      created_us: now,
      updated_us: now,
    };
    await this.ctx.db.insertInto('transcription_chunks').values(row).execute();
    return row;
  }

  /** Stores complete rows as given (emulator seed). */
  async importChunk(row: ChunkRow): Promise<void> {
    await this.ctx.db.insertInto('transcription_chunks').values(row).execute();
  }

  async importUtterance(row: UtteranceRow): Promise<void> {
    await this.ctx.db.insertInto('transcript_utterances').values(row).execute();
  }

  async insertUtterance(input: NewUtterance): Promise<UtteranceRow> {
    const now = this.ctx.stamps.next();
    const row: UtteranceRow = {
      ...input,
      id: input.id ?? this.ctx.ids.next('utt'),
      created_us: now,
      updated_us: now,
    };
    await this.ctx.db.insertInto('transcript_utterances').values(row).execute();
    return row;
  }
}
