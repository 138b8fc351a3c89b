import type { InProcessServer, SeededUser } from '@parley/server/in-process';
import { HttpClient } from './http-client.js';

// A transcribed meeting of the kit's user on the in-process reference server, loaded through its
// emulator seed route as an operator would: the spec shows no way for a client to create transcript
// utterances, so a deployment's own is named with --transcript-meeting-id. Three utterances and
// their live chunks, ended long ago, stamped a few seconds apart (records on both sides of a cursor).

const MEETING_ID = 'mtg_conformance_transcript';
const RECORDING_ID = 'msg_conformance_recording';
const LINES = [
  'Good morning everyone, let us start the meeting.',
  'Can you hear me clearly now?',
  'Yes, we can start with the budget.',
];

/** `2025-02-03T10:00:SS.mmmZ` at `seconds` past the meeting's start. */
const stamp = (seconds: number) => new Date(Date.UTC(2025, 1, 3, 10, 0, 0) + seconds * 1000).toISOString();

export async function seedTranscript(server: InProcessServer, user: SeededUser): Promise<string> {
  const http = new HttpClient(server.url, 30_000);
  const utterances = LINES.map((transcript, i) => ({
    id: `utt_conformance_${i + 1}`,
    meeting_id: MEETING_ID,
    message_id: RECORDING_ID,
    start_seconds: i * 4,
    end_seconds: i * 4 + 3,
    transcript,
    confidence: 0.9,
    language: 'en',
    speaker_v2: String(i % 2),
    texts: {},
    created_at: stamp(i * 4 + 3),
    updated_at: stamp(i * 4 + 3),
  }));
  const reply = await http.send('/_emulator/seed', {
    headers: { Authorization: `Bearer ${server.adminToken}` },
    body: {
      meetings: [
        {
          id: MEETING_ID,
          host_user_id: user.userId,
          participant_ids: [user.userId],
          title: 'conformance transcript',
          status: 'EMS_ENDED',
          start_at: stamp(0),
          end_at: stamp(60),
          created_at: stamp(0),
          updated_at: stamp(60),
        },
      ],
      recordings: [{ id: RECORDING_ID, meeting_id: MEETING_ID, created_at: stamp(0) }],
      transcript_utterances: utterances,
      live_transcription_chunks: utterances.map((u, i) => ({
        id: `chk_conformance_${i + 1}`,
        meeting_id: MEETING_ID,
        meeting_message_id: RECORDING_ID,
        text: u.transcript,
        language: 'en',
        created_at: stamp(i * 4),
        updated_at: u.updated_at,
        start_duration: u.start_seconds,
        end_duration: u.end_seconds,
        is_final: true,
        speaker_v2: u.speaker_v2,
        texts: {},
      })),
    },
  });
  if (reply.status !== 200)
    throw new Error(`reference server setup: seeding the transcript answered ${reply.status}: ${reply.text}`);
  return MEETING_ID;
}
