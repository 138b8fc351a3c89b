import type { CachedSummary, TranscriptRecord } from '@parley/schemas/types';
import { MessageType } from '../../core/contracts.js';
import type { MessageRow } from '../../store/messages.store.js';
import type { UtteranceRow } from '../../store/transcription.store.js';

// Stored rows -> the cached-data shapes of the spec.

/**
 * Most utterances of one meeting read at once (transcripts, the AI's view): about a hundred hours of
 * speech, far beyond any real meeting, yet a bound on the memory one request can take.
 */
export const MAX_UTTERANCES = 100_000;

/** Prefix of a transcript record's id: the record of recording `msg_x` is `trn_msg_x`, stable across reads. */
const RECORD_ID_PREFIX = 'trn_';

export function cachedSummaryView(row: MessageRow): CachedSummary {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    type: MessageType.SUMMARY,
    summary: row.summary ?? { ai_model: '', markdown_body: '' },
  };
}

/**
 * One record per recording (the message the utterances belong to), in the order the recordings'
 * first utterances were stored; inside a record, utterances in spoken order. An utterance without
 * a resolved speaker has the empty label.
 */
export function transcriptRecords(meetingId: string, rows: readonly UtteranceRow[]): TranscriptRecord[] {
  const byMessage = new Map<string, UtteranceRow[]>();
  for (const row of rows) {
    const group = byMessage.get(row.message_id);
    if (group) group.push(row);
    else byMessage.set(row.message_id, [row]);
  }
  return [...byMessage].map(([messageId, group]) => ({
    id: `${RECORD_ID_PREFIX}${messageId}`,
    meeting_id: meetingId,
    message_id: messageId,
    utterances: [...group]
      .sort((a, b) => a.start_seconds - b.start_seconds || a.created_us - b.created_us)
      .map((u) => ({
        speaker: u.speaker_v2 ?? '',
        text: u.transcript,
        start_seconds: u.start_seconds,
        end_seconds: u.end_seconds,
      })),
  }));
}
