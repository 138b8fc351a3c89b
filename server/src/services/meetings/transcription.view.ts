import type {
  LiveTranscriptionChunk,
  TranscriptUtterance,
  TranscriptUtteranceUpdate,
} from '@parley/schemas/types';
import type { ChunkRow, UtteranceRow } from '../../store/transcription.store.js';
import { formatMicros } from '../timestamps.js';

// Stored chunk and utterance rows -> the spec's resources. `speaker_v2` is left out while no
// speaker is known, rather than sent as an empty or made-up label.

const speaker = (value: string | null) => (value === null ? {} : { speaker_v2: value });

export function chunkView(row: ChunkRow): LiveTranscriptionChunk {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    meeting_message_id: row.meeting_message_id,
    text: row.text,
    language: row.language,
    created_at: formatMicros(row.created_us),
    updated_at: formatMicros(row.updated_us),
    start_duration: row.start_duration,
    end_duration: row.end_duration,
    is_final: row.is_final,
    ...speaker(row.speaker_v2),
    texts: row.texts,
  };
}

export function utteranceView(row: UtteranceRow): TranscriptUtterance {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    message_id: row.message_id,
    start_seconds: row.start_seconds,
    end_seconds: row.end_seconds,
    transcript: row.transcript,
    confidence: row.confidence,
    language: row.language,
    ...speaker(row.speaker_v2),
    texts: row.texts,
    created_at: formatMicros(row.created_us),
    updated_at: formatMicros(row.updated_us),
  };
}

/** The update response carries only these fields, as the spec states. */
export function utteranceUpdateView(row: UtteranceRow): TranscriptUtteranceUpdate {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    transcript: row.transcript,
    language: row.language,
    ...speaker(row.speaker_v2),
    texts: row.texts,
  };
}
