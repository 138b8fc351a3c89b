// Get Transcript: a meeting's recorded speech as text ("Speaker 0: …" lines) and as line items, from
// get-meeting-transcripts. A meeting with nothing recorded, or one the account cannot see, is an empty
// result (not an error), so a Zap can branch on "nothing found".

import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import { badAnswer } from '../answer-check.js';
import type { GetMeetingTranscriptsResponse, TranscriptRecord } from '../generated/schema-types.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { meetingInput } from '../meeting.field.js';
import { dataOf, isMeetingNotFound, urls } from '../service.client.js';

const inputFields = defineInputFields([meetingInput]);

/** One line per utterance, the recordings in order. */
export const transcriptLines = (records: TranscriptRecord[]): string =>
  records
    .flatMap((r) => r.utterances)
    .map((u) => `Speaker ${u.speaker}: ${u.text}`)
    .join('\n');

export async function meetingTranscripts(z: ZObject, meetingId: string): Promise<TranscriptRecord[]> {
  const reply = dataOf<GetMeetingTranscriptsResponse>(
    await z.request({
      url: urls.rest('get-meeting-transcripts'),
      method: 'POST',
      body: { meeting_id: meetingId },
    }),
  );
  const other = reply.transcripts.find((record) => record.meeting_id !== meetingId);
  if (other) {
    throw badAnswer(
      z,
      `Parley answered the transcripts of meeting "${meetingId}" with a record of another meeting ("${other.meeting_id}").`,
    );
  }
  return reply.transcripts;
}

export const transcriptOutput = (meetingId: string, records: TranscriptRecord[]) => ({
  id: meetingId,
  meeting_id: meetingId,
  recording_count: records.length,
  speaker_count: new Set(records.flatMap((r) => r.utterances.map((u) => u.speaker))).size,
  transcript_text: transcriptLines(records),
  utterances: records.flatMap((r) => r.utterances),
});

const perform = async (z: ZObject, bundle: Bundle<{ meeting_id: string }>) => {
  const meetingId = bundle.inputData.meeting_id.trim();
  try {
    const records = await meetingTranscripts(z, meetingId);
    return records.length ? [transcriptOutput(meetingId, records)] : [];
  } catch (error) {
    if (isMeetingNotFound(error)) return [];
    throw error;
  }
};

export default defineSearch({
  key: 'get_transcript',
  noun: 'Transcript',
  display: {
    label: 'Get Transcript',
    description: STEP_HELP.get_transcript,
  },
  operation: {
    inputFields,
    perform,
    sample: transcriptOutput(schemaExamples.transcriptRecord.meeting_id, [schemaExamples.transcriptRecord]),
    outputFields: [
      { key: 'id', label: 'Meeting ID', type: 'string', primary: true },
      { key: 'meeting_id', label: 'Meeting ID', type: 'string' },
      { key: 'recording_count', label: 'Recording Count', type: 'integer' },
      { key: 'speaker_count', label: 'Speaker Count', type: 'integer' },
      { key: 'transcript_text', label: 'Transcript', type: 'string' },
      { key: 'utterances[]speaker', label: 'Utterance Speaker', type: 'string' },
      { key: 'utterances[]text', label: 'Utterance Text', type: 'string' },
      { key: 'utterances[]start_seconds', label: 'Utterance Start (Seconds)', type: 'number' },
      { key: 'utterances[]end_seconds', label: 'Utterance End (Seconds)', type: 'number' },
    ],
  },
});
