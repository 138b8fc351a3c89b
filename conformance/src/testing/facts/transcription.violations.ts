import { type Json, onAnswer, servedBy, shiftMicros } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import {
  dropped,
  epoch,
  filledIn,
  ignored,
  numbered,
  onObjects,
  type Places,
  refusedWhen,
  retyped,
  setField,
} from './edits-meetings.js';
import type { FactViolation } from './fact-violation.js';
import { proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/transcription/transcription.facts.ts.

const RECORDS: Places = { '/v1/get-meeting-transcripts': ['transcripts', '*'] };
const SEGMENTS: Places = { '/v1/get-meeting-transcripts': ['transcripts', '*', 'utterances', '*'] };
const CHUNKS: Places = { '/v1/get-live-transcription-chunks': ['chunks', '*'] };
const UTTERANCES: Places = { '/v1/get-transcript-utterances': ['utterances', '*'] };
const UPDATED: Places = { '/v1/update-transcript-utterance': ['utterance'] };

const t = (id: string) => `transcription.${id}`;
const ms = (v: unknown) => (typeof v === 'number' ? Math.round(v * 1000) : v);

/** Both offsets of each object at `places` in milliseconds. */
const inMs = (places: Places, start: string, end: string): ProxyHooks =>
  onObjects(places, (o) => ({ ...o, [start]: ms(o[start]), [end]: ms(o[end]) }));

/** The cursor of `route` compared with >= instead of >: records stamped at the cursor come again. */
const atOrAfter = (route: string): ProxyHooks => ({
  request(req: Exchange) {
    if (pathOf(req) !== route) return req;
    const body = jsonOf(req.body);
    if (typeof body.last_updated_at !== 'string' || body.last_updated_at.startsWith('1970')) return req;
    return {
      ...req,
      body: Buffer.from(JSON.stringify({ ...body, last_updated_at: shiftMicros(body.last_updated_at, -1) })),
    };
  },
});

/** 422 where a route's request carries `field` as null. */
const nullRefused = (route: string, field: string): ProxyHooks =>
  refusedWhen(route, (b) => field in b && b[field] === null, [field], 'Input should be a valid string');

/** 422 for a first-page cursor at the epoch: a deployment taking only cursors after its own start. */
const epochRefused = (route: string): ProxyHooks => ({
  answer(req, a) {
    if (pathOf(req) !== route) return a;
    const body = jsonOf(req.body);
    if (typeof body.last_updated_at !== 'string' || !body.last_updated_at.startsWith('1970')) return a;
    return {
      ...a,
      status: 422,
      headers: new Headers({ 'content-type': 'application/json' }),
      body: Buffer.from(
        JSON.stringify({
          detail: [
            {
              loc: ['body', 'last_updated_at'],
              msg: 'too old',
              type: 'value_error',
              input: body.last_updated_at,
            },
          ],
        }),
      ),
    };
  },
});

export const transcriptionViolations: readonly FactViolation[] = [
  retyped(t('record.id.type'), RECORDS, 'id', numbered, 'record ids as numbers'),
  retyped(t('record.meeting_id.type'), RECORDS, 'meeting_id', (v) => [v], 'record meeting_id as an array'),
  retyped(t('record.message_id.type'), RECORDS, 'message_id', () => null, 'record message_id null'),
  retyped(t('record.utterances.speaker.type'), SEGMENTS, 'speaker', numbered, 'record speakers as numbers'),
  retyped(t('record.utterances.text.type'), SEGMENTS, 'text', (v) => ({ en: v }), 'record text as a map'),
  retyped(
    t('record.utterances.times.type'),
    SEGMENTS,
    'start_seconds',
    (v) => String(v),
    'record start_seconds as strings',
  ),
  proxied(t('record.utterances.times.unit'), 'milliseconds', 'record offsets in milliseconds', () =>
    inMs(SEGMENTS, 'start_seconds', 'end_seconds'),
  ),
  proxied(t('record.of-meeting'), 'other-meeting', 'records name another meeting', () =>
    setField(RECORDS, 'meeting_id', (v) => `${String(v)}-other`),
  ),
  proxied(
    t('record.force_refresh.null'),
    'refused',
    'get-meeting-transcripts refuses force_refresh null',
    () => nullRefused('/v1/get-meeting-transcripts', 'force_refresh'),
  ),
  retyped(t('chunk.id.type'), CHUNKS, 'id', numbered, 'chunk ids as numbers'),
  retyped(t('chunk.meeting_id.type'), CHUNKS, 'meeting_id', () => null, 'chunk meeting_id null'),
  retyped(
    t('chunk.meeting_message_id.type'),
    CHUNKS,
    'meeting_message_id',
    (v) => [v],
    'chunk meeting_message_id as an array',
  ),
  retyped(t('chunk.text.type'), CHUNKS, 'text', (v) => ({ en: v }), 'chunk text as a map'),
  retyped(t('chunk.language.type'), CHUNKS, 'language', () => null, 'chunk language null'),
  retyped(t('chunk.created_at.type'), CHUNKS, 'created_at', epoch, 'chunk created_at as epoch seconds'),
  retyped(
    t('chunk.durations.type'),
    CHUNKS,
    'end_duration',
    (v) => `${String(v)}s`,
    'chunk end_duration as "3s"',
  ),
  proxied(t('chunk.durations.unit'), 'milliseconds', 'chunk durations in milliseconds', () =>
    inMs(CHUNKS, 'start_duration', 'end_duration'),
  ),
  retyped(t('chunk.is_final.type'), CHUNKS, 'is_final', (v) => String(v), 'chunk is_final as "true"'),
  retyped(t('chunk.speaker_v2.type'), CHUNKS, 'speaker_v2', numbered, 'chunk speaker_v2 as a number'),
  retyped(
    t('chunk.texts.type'),
    CHUNKS,
    'texts',
    (v) => Object.entries((v as Json) ?? {}),
    'chunk texts as a list of pairs',
  ),
  retyped(t('utterance.id.type'), UTTERANCES, 'id', numbered, 'utterance ids as numbers'),
  retyped(t('utterance.meeting_id.type'), UTTERANCES, 'meeting_id', () => null, 'utterance meeting_id null'),
  retyped(
    t('utterance.message_id.type'),
    UTTERANCES,
    'message_id',
    (v) => [v],
    'utterance message_id as an array',
  ),
  retyped(
    t('utterance.times.type'),
    UTTERANCES,
    'start_seconds',
    (v) => String(v),
    'utterance start_seconds as strings',
  ),
  proxied(t('utterance.times.unit'), 'milliseconds', 'utterance offsets in milliseconds', () =>
    inMs(UTTERANCES, 'start_seconds', 'end_seconds'),
  ),
  retyped(
    t('utterance.transcript.type'),
    UTTERANCES,
    'transcript',
    (v) => [v],
    'utterance transcript as an array',
  ),
  retyped(
    t('utterance.confidence.type'),
    UTTERANCES,
    'confidence',
    (v) => String(v),
    'utterance confidence as a string',
  ),
  retyped(
    t('utterance.confidence.range'),
    UTTERANCES,
    'confidence',
    (v) => (typeof v === 'number' ? v * 100 : v),
    'utterance confidence in percent',
  ),
  dropped(
    t('utterance.confidence.presence'),
    UTTERANCES,
    'confidence',
    'utterances listed without confidence',
  ),
  retyped(t('utterance.language.type'), UTTERANCES, 'language', () => 1, 'utterance language as a number'),
  proxied(t('utterance.speaker_v2.type'), 'retyped', 'utterance speaker_v2 as a number', () =>
    setField(UTTERANCES, 'speaker_v2', (v) => numbered(v ?? '0'), true),
  ),
  retyped(t('utterance.texts.type'), UTTERANCES, 'texts', () => 'none', 'utterance texts as a string'),
  retyped(
    t('utterance.stamps.type'),
    UTTERANCES,
    'created_at',
    epoch,
    'utterance created_at as epoch seconds',
  ),
  dropped(t('update.carries'), UPDATED, 'texts', 'an update response without texts'),
  proxied(t('update.carries-only'), 'whole-utterance', 'an update response carries the whole utterance', () =>
    onObjects(UPDATED, (o) => ({
      ...o,
      message_id: 'msg_x',
      start_seconds: 0,
      end_seconds: 1,
      confidence: 0.9,
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    })),
  ),
  proxied(
    t('update.effect'),
    'not-written',
    'update-transcript-utterance answers the correction and writes nothing',
    () =>
      servedBy(
        '/v1/update-transcript-utterance',
        '/v1/get-meeting-transcripts',
        (asked) => ({ meeting_id: asked.meeting_id }),
        (_up, status, asked) => [
          status,
          status === 200
            ? {
                success: true,
                utterance: {
                  id: asked.id,
                  meeting_id: asked.meeting_id,
                  transcript: asked.transcript,
                  language: 'en',
                  speaker_v2: '0',
                  texts: {},
                },
              }
            : _up,
        ],
      ),
  ),
  proxied(t('update.stamp'), 'stamp-kept', 'a corrected utterance keeps its old updated_at', () => {
    const stamps = new Map<string, unknown>();
    return onObjects(UTTERANCES, (o) => {
      const id = String(o.id);
      if (!stamps.has(id)) stamps.set(id, o.updated_at);
      return { ...o, updated_at: stamps.get(id) };
    });
  }),
  proxied(t('chunks.cursor.after'), 'at-or-after', 'chunks stamped at the cursor listed again', () =>
    atOrAfter('/v1/get-live-transcription-chunks'),
  ),
  proxied(
    t('chunks.cursor.first-page'),
    'refused',
    'get-live-transcription-chunks refuses the 1970 cursor',
    () => epochRefused('/v1/get-live-transcription-chunks'),
  ),
  proxied(t('chunks.cursor.moves'), 'ignored', 'get-live-transcription-chunks ignores last_updated_at', () =>
    ignored('/v1/get-live-transcription-chunks', 'last_updated_at'),
  ),
  proxied(t('chunks.message_id.filter'), 'ignored', 'get-live-transcription-chunks ignores message_id', () =>
    ignored('/v1/get-live-transcription-chunks', 'message_id'),
  ),
  proxied(t('chunks.has_more'), 'always-false', 'get-live-transcription-chunks has_more always false', () =>
    onAnswer('/v1/get-live-transcription-chunks', (b, s) => [s, s === 200 ? { ...b, has_more: false } : b]),
  ),
  proxied(
    t('chunks.limit.default'),
    'fifty',
    'get-live-transcription-chunks without a limit pages by 50',
    () => filledIn('/v1/get-live-transcription-chunks', 'limit', 50),
  ),
  proxied(t('chunks.nulls'), 'refused', 'get-live-transcription-chunks refuses message_id null', () =>
    nullRefused('/v1/get-live-transcription-chunks', 'message_id'),
  ),
  proxied(t('utterances.cursor.after'), 'at-or-after', 'utterances stamped at the cursor listed again', () =>
    atOrAfter('/v1/get-transcript-utterances'),
  ),
  proxied(
    t('utterances.cursor.first-page'),
    'refused',
    'get-transcript-utterances refuses the 1970 cursor',
    () => epochRefused('/v1/get-transcript-utterances'),
  ),
  proxied(t('utterances.cursor.moves'), 'ignored', 'get-transcript-utterances ignores last_updated_at', () =>
    ignored('/v1/get-transcript-utterances', 'last_updated_at'),
  ),
  proxied(t('utterances.message_id.filter'), 'ignored', 'get-transcript-utterances ignores message_id', () =>
    ignored('/v1/get-transcript-utterances', 'message_id'),
  ),
  proxied(t('utterances.has_more'), 'always-false', 'get-transcript-utterances has_more always false', () =>
    onAnswer('/v1/get-transcript-utterances', (b, s) => [s, s === 200 ? { ...b, has_more: false } : b]),
  ),
  proxied(
    t('utterances.limit.default'),
    'fifty',
    'get-transcript-utterances without a limit pages by 50',
    () => filledIn('/v1/get-transcript-utterances', 'limit', 50),
  ),
  proxied(t('utterances.nulls'), 'refused', 'get-transcript-utterances refuses limit null', () =>
    nullRefused('/v1/get-transcript-utterances', 'limit'),
  ),
  proxied(
    t('limits.transcription.default'),
    'hundred-one',
    'transcription lists without a limit page by 101',
    () => filledIn('/v1/get-transcript-utterances', 'limit', 101),
  ),
];
