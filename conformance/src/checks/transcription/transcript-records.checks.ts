import { FIRST_PAGE_CURSOR, Limits } from '@parley/schemas/constants';
import { type Answer, attempt, call } from '../../call.js';
import { choice, couldNotJudge, deviate, skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';
import { FLAG, transcriptMeeting, utterancesPage } from './transcript-reads.js';

// What the transcribed meeting the run is given (--transcript-meeting-id) serves beyond its cursors:
// its cached transcript records (get-meeting-transcripts, with and without force_refresh), and the
// default page of its chunks and utterances, which shows only on more records than the default.

type TranscriptRecord = Answer<'get-meeting-transcripts'>['transcripts'][number];

/** force_refresh as a client may send it: omitted, true (read from the database), null (optional). */
const REFRESHES = [
  ['get-meeting-transcripts', undefined],
  ['get-meeting-transcripts force_refresh true', true],
  ['get-meeting-transcripts force_refresh null', null],
] as const;

/**
 * Parley's choice (the spec ties a record to no route's data but its meeting): a record is one
 * recording's utterances as get-transcript-utterances lists them, in spoken order, each with its
 * speaker label, text and times. Judged on the records whose recording's utterances fit on a page.
 */
async function judgeAgainstUtterances(
  ctx: CheckContext,
  meetingId: string,
  record: TranscriptRecord,
  what: string,
): Promise<void> {
  const page = await utterancesPage(
    ctx,
    meetingId,
    FIRST_PAGE_CURSOR,
    'get-transcript-utterances of a record',
    record.message_id,
  );
  choice(
    page.utterances.length > 0,
    'MISSING_ITEM',
    `${what}: record ${record.id} names message ${record.message_id}, which no utterance of the meeting has`,
    at(what, '$.transcripts[*].message_id', 'a message_id of the meeting utterances', record.message_id),
  );
  if (page.has_more || page.utterances.length === 0) return;
  const listed = [...page.utterances].sort((a, b) => a.start_seconds - b.start_seconds);
  choice(
    record.utterances.length === listed.length,
    'COUNT',
    `${what}: record ${record.id} holds ${record.utterances.length} utterances, its recording ${listed.length}`,
    at(what, '$.transcripts[*].utterances', listed.length, record.utterances.length),
  );
  record.utterances.forEach((segment, i) => {
    const u = listed[i];
    const want = u && {
      speaker: u.speaker_v2 ?? '',
      text: u.transcript,
      start_seconds: u.start_seconds,
      end_seconds: u.end_seconds,
    };
    choice(
      want &&
        segment.text === want.text &&
        segment.start_seconds === want.start_seconds &&
        segment.end_seconds === want.end_seconds &&
        segment.speaker === want.speaker,
      'VALUE',
      `${what}: record ${record.id} utterance ${i} is not its recording's utterance ${i}`,
      at(what, `$.transcripts[*].utterances[${i}]`, want, segment),
    );
  });
}

/** One listing without `limit`, judged against the default: the count it must hold, if more exist. */
async function judgeDefaultPage(
  ctx: CheckContext,
  meetingId: string,
  route: 'get-live-transcription-chunks' | 'get-transcript-utterances',
): Promise<string | undefined> {
  const limit = Limits.transcription.default;
  const what = `${route} without limit`;
  const body = { meeting_id: meetingId, last_updated_at: FIRST_PAGE_CURSOR };
  const page = await call(ctx, route, body, { what });
  const items = 'chunks' in page ? page.chunks : page.utterances;
  // More records than the default page exist if it says so, or a page one longer holds more.
  const wider = await attempt(
    ctx,
    route,
    { ...body, limit: limit + 1 },
    { what: `${route} limit ${limit + 1}` },
  );
  const widerCount = wider.ok
    ? ('chunks' in wider.answer ? wider.answer.chunks : wider.answer.utterances).length
    : 0;
  const field = 'chunks' in page ? 'chunks' : 'utterances';
  if (items.length > limit) {
    deviate(
      'COUNT',
      `${what}: ${items.length} items, more than the default ${limit}`,
      at(what, `$.${field}`, `at most ${limit} items`, items.length),
    );
    return undefined;
  }
  if (page.has_more !== true && widerCount <= items.length) return `${items.length} ${field}`;
  verify(
    items.length === limit,
    'COUNT',
    `${what}: ${items.length} items of more than ${limit}, not the default ${limit}`,
    at(what, `$.${field}`, `${limit} items`, items.length),
  );
  verify(
    page.has_more === true,
    'VALUE',
    `${what}: has_more is ${JSON.stringify(page.has_more)} though more than ${limit} exist`,
    at(what, '$.has_more', true, page.has_more),
  );
  return undefined;
}

export const transcriptRecordsChecks = [
  define({
    id: 'rest.23.cached-transcripts',
    title:
      "get-meeting-transcripts: the transcribed meeting's records, each of that meeting, with and without force_refresh",
    area: 'rest',
    clause: 'Endpoints/Cached meeting data: get-meeting-transcripts; Resources/Cached transcript record',
    spec: "Cached meeting data: fetch a meeting's summary and its transcripts, optionally bypassing the cache. / POST /v1/get-meeting-transcripts | meeting_id string (required); force_refresh boolean or null (optional, same meaning) | {success, transcripts: Cached transcript record[]} / Cached transcript record: id, meeting_id, message_id string; utterances array of {speaker string, text string, start_seconds number, end_seconds number}",
    choices:
      "a record is one recording's utterances as get-transcript-utterances lists them (message_id, count, spoken order, speaker, text, times; the spec ties a record to nothing but its meeting)",
    level: 'MUST',
    async run(ctx) {
      const meetingId = transcriptMeeting(ctx);
      let records: TranscriptRecord[] = [];
      for (const [what, refresh] of REFRESHES) {
        const body =
          refresh === undefined
            ? { meeting_id: meetingId }
            : { meeting_id: meetingId, force_refresh: refresh };
        const { transcripts } = await call(ctx, 'get-meeting-transcripts', body, { what });
        for (const [i, record] of transcripts.entries())
          verify(
            record.meeting_id === meetingId,
            'VALUE',
            `${what}: record ${record.id} is of meeting ${record.meeting_id}`,
            at(what, `$.transcripts[${i}].meeting_id`, meetingId, record.meeting_id),
          );
        if (refresh === true) records = transcripts;
      }
      const segments = records.reduce((n, r) => n + r.utterances.length, 0);
      // The record fields show only on records: an empty answer judges none of them.
      if (segments === 0)
        couldNotJudge(
          `get-meeting-transcripts force_refresh true lists ${records.length} records and no utterance of the transcribed meeting: the record fields cannot be judged`,
        );
      for (const record of records)
        await judgeAgainstUtterances(ctx, meetingId, record, 'get-meeting-transcripts force_refresh true');
      return `${records.length} records, ${segments} utterances`;
    },
  }),
  define({
    id: 'rest.24.transcription-default-limit',
    title:
      'get-live-transcription-chunks and get-transcript-utterances without limit list exactly 100 of more, has_more true',
    area: 'rest',
    clause: 'Limits: limit default 100 (get-live-transcription-chunks, get-transcript-utterances)',
    spec: 'limit integer or null (optional, default 100) | limit default | 100 | get-live-transcription-chunks, get-transcript-utterances',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const meetingId = transcriptMeeting(ctx);
      const unreached = [
        await judgeDefaultPage(ctx, meetingId, 'get-live-transcription-chunks'),
        await judgeDefaultPage(ctx, meetingId, 'get-transcript-utterances'),
      ].filter((note) => note !== undefined);
      // A default is seen only past it: a shorter listing says nothing of it.
      if (unreached.length > 0)
        skip(
          `needs ${FLAG} naming a meeting with more than ${Limits.transcription.default} live chunks and utterances (a default page shows only past it); it has ${unreached.join(', ')}`,
          [FLAG],
        );
      return `both default pages held ${Limits.transcription.default} of more, has_more true`;
    },
  }),
];
