import { FIRST_PAGE_CURSOR } from '@parley/schemas/constants';
import { expectAnswer } from '../../answer.js';
import { type Answer, call, send } from '../../call.js';
import { choice, skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { instantOf } from '../../instants.js';
import { at, pick } from '../../json-path.js';
import { expectStatus } from '../../schema-check.js';
import { define } from '../define.js';
import {
  chunkRecords,
  chunksAfter,
  FLAG,
  NEEDS,
  transcriptMeeting,
  utteranceRecords,
  utterancesAfter,
} from './transcript-reads.js';

// The transcription routes' effects and cursors on a transcribed meeting of the caller's
// (--transcript-meeting-id; the in-process reference server seeds one; a transcript on more than a
// page is narrowed to one recording by the message_id filter): a corrected utterance reads
// back corrected and the others as they were, and "updated after this time" is proved on records on
// both sides of the cursor, for utterances (updated_at) and chunks (created_at: the spec shows no
// updated_at of a chunk, so a chunk created after the cursor must be listed, and none updated
// before a moment the server stamped after every write).

type Utterance = Answer<'get-transcript-utterances'>['utterances'][number];

const newest = (stamps: readonly (string | undefined)[]) =>
  stamps.reduce<bigint>((max, s) => {
    const t = instantOf(s) ?? max;
    return t > max ? t : max;
  }, 0n);

/** A moment the server stamped after every write so far: the created_at of a meeting made now. */
async function serverNow(ctx: CheckContext): Promise<string> {
  const { meeting } = await call(ctx, 'create-meeting', { title: ctx.title('clock') });
  ctx.remember(meeting.id);
  return meeting.created_at;
}

/** Listed ids against the rule: `inside` listed, `outside` not. */
function judgeListed(
  listed: readonly { id: string }[],
  inside: string[],
  outside: string[],
  what: string,
  field: string,
) {
  const ids = listed.map((item) => item.id);
  for (const id of inside)
    verify(
      ids.includes(id),
      'MISSING_ITEM',
      `${what}: ${id} is not listed`,
      at(what, `$.${field}[*].id`, id),
    );
  for (const id of outside)
    verify(
      !ids.includes(id),
      'UNEXPECTED_ITEM',
      `${what}: ${id} is listed`,
      at(what, `$.${field}[*].id`, `without ${id}`, id),
    );
}

/** The utterance fields an update response does not carry ("carries only id, meeting_id, transcript, language, speaker_v2, texts"). */
const NOT_CARRIED = [
  'message_id',
  'start_seconds',
  'end_seconds',
  'confidence',
  'created_at',
  'updated_at',
] as const;

/**
 * The update response's utterance carries its texts map (where the listing shows one) and none of the
 * utterance's other fields; a field of the deployment's own is no utterance field and is not judged.
 */
function judgeCarried(utterance: Record<string, unknown>, texts: boolean, what: string): void {
  if (texts)
    verify(
      utterance.texts !== null && typeof utterance.texts === 'object' && !Array.isArray(utterance.texts),
      'MISSING_FIELD',
      `${what}: the utterance carries no texts map`,
      at(what, '$.utterance.texts', 'an object', utterance.texts),
    );
  for (const field of NOT_CARRIED)
    verify(
      !(field in utterance),
      'UNEXPECTED_ITEM',
      `${what}: carries ${field}, which an update response does not carry`,
      at(what, `$.utterance.${field}`, 'absent', utterance[field]),
    );
}

export const effectsTranscriptsChecks = [
  define({
    id: 'rest.15.utterance-correction',
    title:
      'update-transcript-utterance: the utterance reads back corrected, the others as they were, and after the cursor',
    area: 'rest',
    clause: 'Endpoints/Transcription: update-transcript-utterance; get-transcript-utterances cursor',
    spec: "Transcription data: [...] correct an utterance's text. / update-transcript-utterance: transcript string (required, corrected text) / get-transcript-utterances: last_updated_at string RFC 3339 (required, same cursor rule) / An update response carries only id, meeting_id, transcript, language, speaker_v2, texts.",
    choices: 'an unknown utterance id refused with 404 (the spec: "which endpoints yield 404: not shown")',
    level: 'MUST',
    async run(ctx) {
      const meetingId = transcriptMeeting(ctx);
      const { items: before, messageId } = await utteranceRecords(
        ctx,
        meetingId,
        'get-transcript-utterances before',
      );
      if (before.length < 2) skip(`${NEEDS}; it has ${before.length}`, [FLAG]);
      const [target, ...others] = before as [Utterance, ...Utterance[]];
      const stamp = newest(before.map((u) => u.updated_at));
      const cursor = before.find((u) => instantOf(u.updated_at) === stamp)?.updated_at ?? FIRST_PAGE_CURSOR;
      const corrected = `${target.transcript} (${ctx.target.runId})`;
      try {
        const answered = 'update-transcript-utterance';
        const reply = await send(ctx, 'update-transcript-utterance', {
          id: target.id,
          meeting_id: meetingId,
          transcript: corrected,
        });
        expectStatus(reply, 200, answered);
        const { utterance } = expectAnswer(reply, 'update-transcript-utterance', answered);
        // The answer "carries only id, meeting_id, transcript, language, speaker_v2, texts": the
        // utterance's own, its speaker where the listing shows one.
        const carried = [
          ['id', target.id],
          ['meeting_id', meetingId],
          ['transcript', corrected],
          ['language', target.language],
          ...(target.speaker_v2 === undefined ? [] : [['speaker_v2', target.speaker_v2] as const]),
        ] as const;
        for (const [field, value] of carried)
          verify(
            utterance[field] === value,
            'VALUE',
            `${answered}: ${field} is ${JSON.stringify(utterance[field])}`,
            at(answered, `$.utterance.${field}`, value, utterance[field]),
          );
        // As sent: the validated copy leaves out what the schema does not declare.
        const sent = pick(reply.body, 'utterance');
        judgeCarried(
          sent && typeof sent === 'object' ? (sent as Record<string, unknown>) : {},
          target.texts !== undefined,
          answered,
        );
        const unknown = await send(ctx, 'update-transcript-utterance', {
          id: `${ctx.target.runId}-no-such-utterance`,
          meeting_id: meetingId,
          transcript: corrected,
        });
        const refused = 'update-transcript-utterance of an unknown id';
        verify(
          unknown.status >= 400 && unknown.status < 500,
          'STATUS',
          `${refused}: ${unknown.status}, not refused`,
          at(refused, 'status', '4xx', unknown.status),
        );
        choice(
          unknown.status === 404,
          'STATUS',
          `${refused}: ${unknown.status}, not 404`,
          at(refused, 'status', 404, unknown.status),
        );
        // Updated after the newest stamp before the correction: the corrected one alone.
        const what = 'get-transcript-utterances after the newest stamp';
        const changed = await utterancesAfter(ctx, meetingId, cursor, what, messageId);
        judgeListed(
          changed,
          [target.id],
          others.map((u) => u.id),
          what,
          'utterances',
        );
        const all = 'get-transcript-utterances after the correction';
        const after = await utterancesAfter(ctx, meetingId, FIRST_PAGE_CURSOR, all, messageId);
        for (const old of before) {
          const now = after.find((u) => u.id === old.id);
          if (
            !verify(now, 'MISSING_ITEM', `${all}: ${old.id} is gone`, at(all, '$.utterances[*].id', old.id))
          )
            continue;
          const want = old.id === target.id ? corrected : old.transcript;
          verify(
            now?.transcript === want,
            'VALUE',
            `${all}: ${old.id} reads ${JSON.stringify(now?.transcript)}`,
            at(all, '$.utterances[*].transcript', want, now?.transcript),
          );
          for (const field of ['start_seconds', 'end_seconds', 'message_id', 'created_at'] as const)
            verify(
              now?.[field] === old[field],
              'VALUE',
              `${all}: ${old.id} ${field} changed`,
              at(all, `$.utterances[*].${field}`, old[field], now?.[field]),
            );
        }
        const moved = after.find((u) => u.id === target.id)?.updated_at;
        verify(
          (instantOf(moved) ?? 0n) > stamp,
          'VALUE',
          `${all}: the corrected utterance's updated_at ${moved} is not after ${cursor}`,
          at(all, '$.utterances[*].updated_at', `after ${cursor}`, moved),
        );
        return `${before.length} utterances, one corrected`;
      } finally {
        // The meeting is the account's: its utterance gets its text back.
        await ctx.call('update-transcript-utterance', {
          id: target.id,
          meeting_id: meetingId,
          transcript: target.transcript,
        });
      }
    },
  }),
  define({
    id: 'rest.16.transcription-cursors',
    title:
      'get-live-transcription-chunks and get-transcript-utterances list what was updated after last_updated_at',
    area: 'rest',
    clause:
      'Endpoints/Transcription: last_updated_at (returns chunks updated after this time; same cursor rule)',
    spec: 'last_updated_at string RFC 3339 (required; returns chunks updated after this time; `1970-01-01T00:00:00Z` for the first page) / get-transcript-utterances: last_updated_at string RFC 3339 (required, same cursor rule)',
    level: 'MUST',
    async run(ctx) {
      const meetingId = transcriptMeeting(ctx);
      const { items: chunks, messageId: chunkMessage } = await chunkRecords(
        ctx,
        meetingId,
        'get-live-transcription-chunks',
      );
      const { items: utterances, messageId: utteranceMessage } = await utteranceRecords(
        ctx,
        meetingId,
        'get-transcript-utterances',
      );
      if (chunks.length < 2 || utterances.length < 2)
        skip(`${NEEDS}; it has ${chunks.length} chunks, ${utterances.length} utterances`, [FLAG]);
      // Chunks: a cursor at the oldest created_at; every chunk created after it is updated after it.
      const oldest = chunks.reduce(
        (min, c) => ((instantOf(c.created_at) ?? min) < min ? (instantOf(c.created_at) ?? min) : min),
        newest(chunks.map((c) => c.created_at)),
      );
      const cursor = chunks.find((c) => instantOf(c.created_at) === oldest)?.created_at ?? FIRST_PAGE_CURSOR;
      const younger = chunks.filter((c) => (instantOf(c.created_at) ?? 0n) > oldest).map((c) => c.id);
      const chunkWhat = 'get-live-transcription-chunks after the oldest created_at';
      judgeListed(
        await chunksAfter(ctx, meetingId, cursor, chunkWhat, chunkMessage),
        younger,
        [],
        chunkWhat,
        'chunks',
      );
      // Utterances: a cursor between their stamps splits them.
      const stamps = [...new Set(utterances.map((u) => instantOf(u.updated_at) ?? 0n))].sort((a, b) =>
        a < b ? -1 : 1,
      );
      const split = stamps[Math.floor((stamps.length - 1) / 2)] ?? 0n;
      const middle =
        utterances.find((u) => instantOf(u.updated_at) === split)?.updated_at ?? FIRST_PAGE_CURSOR;
      const utteranceWhat = 'get-transcript-utterances after a middle stamp';
      judgeListed(
        await utterancesAfter(ctx, meetingId, middle, utteranceWhat, utteranceMessage),
        utterances.filter((u) => (instantOf(u.updated_at) ?? 0n) > split).map((u) => u.id),
        utterances.filter((u) => (instantOf(u.updated_at) ?? 0n) <= split).map((u) => u.id),
        utteranceWhat,
        'utterances',
      );
      // Nothing was updated after a moment the server stamped after every write.
      const now = await serverNow(ctx);
      for (const [list, route, field, known, messageId] of [
        [chunksAfter, 'get-live-transcription-chunks', 'chunks', chunks, chunkMessage],
        [utterancesAfter, 'get-transcript-utterances', 'utterances', utterances, utteranceMessage],
      ] as const) {
        const late = `${route} after now`;
        judgeListed(
          await list(ctx, meetingId, now, late, messageId),
          [],
          known.map((item) => item.id),
          late,
          field,
        );
      }
      return `${chunks.length} chunks, ${utterances.length} utterances`;
    },
  }),
];
