import type { MeetingMessage } from '@parley/schemas/types';
import type { MessageRow } from '../../store/messages.store.js';
import { formatMicros } from '../timestamps.js';

// Stored message rows -> the Meeting message resource of the spec.

export function messageView(row: MessageRow): MeetingMessage {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    created_at: formatMicros(row.created_us),
    updated_at: formatMicros(row.updated_us),
    sender_id: row.sender_id,
    type: row.type,
    text: row.text,
    ...(row.summary ? { summary: row.summary } : {}),
    ...(row.summary_status !== null ? { summary_status: row.summary_status } : {}),
  };
}
