import { FIRST_PAGE_CURSOR } from '@parley/schemas/constants';
import { call } from '../../call.js';
import { couldNotJudge, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { instantOf } from '../../instants.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';
import { listedMeetings } from '../meetings/meeting-reads.js';
import { transcriptMeeting } from './transcript-reads.js';

// The unit of the transcript's offsets: start_duration/end_duration ("seconds"), start_seconds/
// end_seconds, of the transcribed meeting (--transcript-meeting-id, an ended meeting). An offset in
// seconds into a recording of the meeting lies within the meeting's own length (end_at − start_at);
// the same offset in milliseconds is a thousand times that. A minute's slack (and a tenth) is left
// for a recording that starts before start_at or ends after end_at.

const SLACK_SECONDS = 60;

/** The meeting's length in seconds, from get-meetings' start_at and end_at. */
async function lengthOf(ctx: CheckContext, meetingId: string): Promise<number> {
  const meeting = (await listedMeetings(ctx, [meetingId], 'get-meetings')).get(meetingId);
  const [start, end] = [instantOf(meeting?.start_at), instantOf(meeting?.end_at)];
  if (start === undefined || end === undefined || end < start)
    return couldNotJudge(
      `the transcribed meeting ${meetingId} is ${meeting ? `listed with start_at ${meeting.start_at}, end_at ${meeting.end_at}` : 'not listed by get-meetings'}: no length to hold its offsets to`,
    );
  return Number(end - start) / 1e9;
}

export const transcriptOffsetsChecks = [
  define({
    id: 'rest.44.transcript-offsets',
    title:
      "Transcript offsets are seconds: chunks' start/end_duration, utterances' and cached records' start/end_seconds lie within the meeting's length",
    area: 'rest',
    clause:
      'Resources: Live transcription chunk start_duration, end_duration (seconds); Transcript utterance and Cached transcript record start_seconds, end_seconds',
    spec: 'start_duration, end_duration | number | seconds / start_seconds, end_seconds | number / utterances | array of {speaker string, text string, start_seconds number, end_seconds number}',
    level: 'MUST',
    async run(ctx) {
      const meetingId = transcriptMeeting(ctx);
      const length = await lengthOf(ctx, meetingId);
      const bound = length * 1.1 + SLACK_SECONDS;
      const first = { meeting_id: meetingId, last_updated_at: FIRST_PAGE_CURSOR };
      const { chunks } = await call(ctx, 'get-live-transcription-chunks', first, {
        what: 'get-live-transcription-chunks',
      });
      const { utterances } = await call(ctx, 'get-transcript-utterances', first, {
        what: 'get-transcript-utterances',
      });
      const { transcripts } = await call(
        ctx,
        'get-meeting-transcripts',
        { meeting_id: meetingId },
        { what: 'get-meeting-transcripts' },
      );
      const offsets: (readonly [string, string, number])[] = [
        ...chunks.flatMap((c) => [
          ['get-live-transcription-chunks', '$.chunks[*].start_duration', c.start_duration] as const,
          ['get-live-transcription-chunks', '$.chunks[*].end_duration', c.end_duration] as const,
        ]),
        ...utterances.flatMap((u) => [
          ['get-transcript-utterances', '$.utterances[*].start_seconds', u.start_seconds] as const,
          ['get-transcript-utterances', '$.utterances[*].end_seconds', u.end_seconds] as const,
        ]),
        ...transcripts.flatMap((r) =>
          r.utterances.flatMap((u) => [
            [
              'get-meeting-transcripts',
              '$.transcripts[*].utterances[*].start_seconds',
              u.start_seconds,
            ] as const,
            ['get-meeting-transcripts', '$.transcripts[*].utterances[*].end_seconds', u.end_seconds] as const,
          ]),
        ),
      ].filter((o) => typeof o[2] === 'number');
      if (offsets.length === 0)
        return couldNotJudge(
          `the transcribed meeting ${meetingId} lists no chunk, utterance or record to judge`,
        );
      const over = new Set<string>();
      for (const [what, path, seconds] of offsets) {
        if (over.has(path)) continue;
        if (
          !verify(
            seconds >= 0 && seconds <= bound,
            'VALUE',
            `${what}: ${path.split('.').pop()} ${seconds} is not seconds into a meeting of ${length.toFixed(0)} s (milliseconds?)`,
            at(what, path, `0 to ${bound.toFixed(0)} seconds`, seconds),
          )
        )
          over.add(path);
      }
      return `${offsets.length} offsets within ${bound.toFixed(0)} s (the meeting lasted ${length.toFixed(0)} s)`;
    },
  }),
];
