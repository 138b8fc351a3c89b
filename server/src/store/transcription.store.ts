import { fromJson, toJson } from './json-columns.js';
import type { TranscriptionChunksTable, TranscriptUtterancesTable } from './meetings.tables.js';
import type { RepoContext } from './repo-context.js';

// Live transcription chunks and finalized utterances of a meeting. Listing cursors for these run
// forward in time ("updated after"), unlike meetings and messages.

/** Text of a transcript by language code (the spoken one and its translations). */
export type TextsByLanguage = Record<string, string>;

/** A stored chunk, decoded. */
export type ChunkRow = Omit<TranscriptionChunksTable, 'is_final' | 'texts'> & {
  is_final: boolean;
  texts: TextsByLanguage;
};
/** A stored utterance, decoded. */
export type UtteranceRow = Omit<TranscriptUtterancesTable, 'texts'> & { texts: TextsByLanguage };

export type NewChunk = Omit<ChunkRow, 'id' | 'created_us' | 'updated_us'> & { id?: string };
export type NewUtterance = Omit<UtteranceRow, 'id' | 'created_us' | 'updated_us'> & { id?: string };

/** A forward page: rows updated strictly after `afterUs`, oldest first, optionally of one recording. */
export interface ForwardPage {
  afterUs: number;
  limit: number;
  messageId?: string | undefined;
}

export class TranscriptionStore {
  constructor(private readonly ctx: RepoContext) {}

  async listChunks(meetingId: string, page: ForwardPage): Promise<ChunkRow[]> {
    let query = this.ctx.db
      .selectFrom('transcription_chunks')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .where('updated_us', '>', page.afterUs);
    if (page.messageId !== undefined) query = query.where('meeting_message_id', '=', page.messageId);
    const rows = await query.orderBy('updated_us', 'asc').limit(page.limit).execute();
    return rows.map(decodeChunk);
  }

  /**
   * Changes a chunk (an interim growing, or becoming final) and gives it a new `updated_us`, so
   * pollers of get-live-transcription-chunks receive it again. False when there is no such chunk.
   */
  async updateChunk(
    meetingId: string,
    id: string,
    changes: Partial<
      Pick<ChunkRow, 'text' | 'is_final' | 'end_duration' | 'speaker_v2' | 'texts' | 'language'>
    >,
  ): Promise<boolean> {
    const { is_final, texts, ...plain } = changes;
    const result = await this.ctx.db
      .updateTable('transcription_chunks')
      .set({
        ...plain,
        ...(is_final !== undefined ? { is_final: is_final ? 1 : 0 } : {}),
        ...(texts !== undefined ? { texts: toJson(texts) } : {}),
        updated_us: this.ctx.stamps.next(),
      })
      .where('meeting_id', '=', meetingId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async listUtterances(meetingId: string, page: ForwardPage): Promise<UtteranceRow[]> {
    let query = this.ctx.db
      .selectFrom('transcript_utterances')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .where('updated_us', '>', page.afterUs);
    if (page.messageId !== undefined) query = query.where('message_id', '=', page.messageId);
    const rows = await query.orderBy('updated_us', 'asc').limit(page.limit).execute();
    return rows.map(decodeUtterance);
  }

  /** The meeting's utterances in the order they were spoken (finalized), the first `limit`. */
  async utterancesInOrder(meetingId: string, limit: number): Promise<UtteranceRow[]> {
    const rows = await this.ctx.db
      .selectFrom('transcript_utterances')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .orderBy('created_us', 'asc')
      .orderBy('start_seconds', 'asc')
      .limit(limit)
      .execute();
    return rows.map(decodeUtterance);
  }

  /** Keyed by meeting too, so an utterance id of another meeting is never found. */
  async getUtterance(meetingId: string, id: string): Promise<UtteranceRow | undefined> {
    const row = await this.ctx.db
      .selectFrom('transcript_utterances')
      .selectAll()
      .where('meeting_id', '=', meetingId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && decodeUtterance(row);
  }

  /** Replaces the text (and its translations map) and gives the utterance a new `updated_us`. */
  async updateUtteranceText(
    meetingId: string,
    id: string,
    changes: Pick<UtteranceRow, 'transcript' | 'texts'>,
  ): Promise<UtteranceRow | undefined> {
    const result = await this.ctx.db
      .updateTable('transcript_utterances')
      .set({
        transcript: changes.transcript,
        texts: toJson(changes.texts),
        updated_us: this.ctx.stamps.next(),
      })
      .where('meeting_id', '=', meetingId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.getUtterance(meetingId, id);
  }

  async insertChunk(input: NewChunk): Promise<ChunkRow> {
    const now = this.ctx.stamps.next();
    const row: ChunkRow = {
      ...input,
      id: input.id ?? this.ctx.ids.next('chk'),
      created_us: now,
      updated_us: now,
    };
    await this.ctx.db.insertInto('transcription_chunks').values(encodeChunk(row)).execute();
    return row;
  }

  /** Stores complete rows as given (emulator seed). */
  async importChunk(row: ChunkRow): Promise<void> {
    await this.ctx.db.insertInto('transcription_chunks').values(encodeChunk(row)).execute();
  }

  async importUtterance(row: UtteranceRow): Promise<void> {
    await this.ctx.db.insertInto('transcript_utterances').values(encodeUtterance(row)).execute();
  }

  async insertUtterance(input: NewUtterance): Promise<UtteranceRow> {
    const now = this.ctx.stamps.next();
    const row: UtteranceRow = {
      ...input,
      id: input.id ?? this.ctx.ids.next('utt'),
      created_us: now,
      updated_us: now,
    };
    await this.ctx.db.insertInto('transcript_utterances').values(encodeUtterance(row)).execute();
    return row;
  }
}

const textsOf = (text: string): TextsByLanguage => fromJson<TextsByLanguage>(text, {});

function decodeChunk(row: TranscriptionChunksTable): ChunkRow {
  return { ...row, is_final: row.is_final === 1, texts: textsOf(row.texts) };
}

function encodeChunk(row: ChunkRow): TranscriptionChunksTable {
  return { ...row, is_final: row.is_final ? 1 : 0, texts: toJson(row.texts) };
}

function decodeUtterance(row: TranscriptUtterancesTable): UtteranceRow {
  return { ...row, texts: textsOf(row.texts) };
}

function encodeUtterance(row: UtteranceRow): TranscriptUtterancesTable {
  return { ...row, texts: toJson(row.texts) };
}
