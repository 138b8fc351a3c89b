import { Limits } from '@parley/schemas/constants';
import type { InProcessServer, SeededUser } from '@parley/server/in-process';
import { HttpClient } from './http-client.js';

// A transcribed meeting of the kit's user on the in-process reference server, loaded through its
// emulator seed route as an operator would: the spec shows no way for a client to create transcript
// utterances, so a deployment's own is named with --transcript-meeting-id. Two recordings, ended long
// ago: three utterances and their live chunks stamped a few seconds apart (records on both sides of
// a cursor), then one more than a default page of short ones (so a list without `limit` must stop at
// the default and say there is more).

const MEETING_ID = 'mtg_conformance_transcript';
const RECORDING_ID = 'msg_conformance_recording';
const LONG_RECORDING_ID = 'msg_conformance_recording_long';
const LINES = [
  'Good morning everyone, let us start the meeting.',
  'Can you hear me clearly now?',
  'Yes, we can start with the budget.',
];
/** The long recording: more utterances than a default page, two seconds each, from second 20. */
const LONG = Limits.transcription.default + 1;
const LONG_START = 20;
const END = LONG_START + LONG * 2 + 10;

/** The instant `seconds` past the meeting's start (2025-02-03 10:00 UTC). */
const stamp = (seconds: number) => new Date(Date.UTC(2025, 1, 3, 10, 0, 0) + seconds * 1000).toISOString();

export async function seedTranscript(server: InProcessServer, user: SeededUser): Promise<string> {
  const http = new HttpClient(server.url, 30_000);
  const line = (transcript: string, i: number, messageId: string, start: number, length: number) => ({
    id: `utt_conformance_${i + 1}`,
    meeting_id: MEETING_ID,
    message_id: messageId,
    start_seconds: start,
    end_seconds: start + length,
    transcript,
    confidence: 0.9,
    language: 'en',
    speaker_v2: String(i % 2),
    texts: {},
    created_at: stamp(start + length),
    updated_at: stamp(start + length),
  });
  const utterances = [
    ...LINES.map((transcript, i) => line(transcript, i, RECORDING_ID, i * 4, 3)),
    ...Array.from({ length: LONG }, (_, n) =>
      line(
        `Point ${n + 1} of the review is noted.`,
        LINES.length + n,
        LONG_RECORDING_ID,
        LONG_START + n * 2,
        2,
      ),
    ),
  ];
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
          end_at: stamp(END),
          created_at: stamp(0),
          updated_at: stamp(END),
        },
      ],
      recordings: [
        { id: RECORDING_ID, meeting_id: MEETING_ID, created_at: stamp(0) },
        { id: LONG_RECORDING_ID, meeting_id: MEETING_ID, created_at: stamp(LONG_START) },
      ],
      transcript_utterances: utterances,
      live_transcription_chunks: utterances.map((u, i) => ({
        id: `chk_conformance_${i + 1}`,
        meeting_id: MEETING_ID,
        meeting_message_id: u.message_id,
        text: u.transcript,
        language: 'en',
        created_at: stamp(u.start_seconds),
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
