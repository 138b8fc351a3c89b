import type { IncomingMessage, ServerResponse } from 'node:http';
import { MeetingStatus, MessageType } from '@parley/schemas/constants';
import { activeFaults } from './faults.catalog.js';
import { jsonOf } from './faults.lenience.js';
import { PAGE_FAULT_IDS, pageFaults } from './faults.pages.js';

// Faults that break the effects of writes as a reader sees them: a removal or a delete that does not
// show, a summary missing from the meeting's messages, a correction lost, a cursor ignored, a value
// the spec calls not updatable that changes (or is answered as changed while nothing was stored), one
// account's records listed to another, a write to a meeting the caller cannot see accepted. They
// remember what earlier answers said (per caller, by API key) and replay it into later ones; the
// request's body is observed as the route reads it (never read ahead of it) where a fault needs it.
// Beside them, faults of the records a deployment is given rather than writes: cached transcript
// records of another meeting, a shorter default page of chunks and utterances, an ended meeting
// listed without its end_at.

type Json = Record<string, unknown>;

const FAULT_IDS = [
  'participant-removal-ignored',
  'co-host-drops-participants',
  'meetings-cursor-ignored',
  'deleted-message-listed',
  'deleted-meeting-listed',
  'max-recording-updatable',
  'max-recording-answered-changed',
  'summary-not-listed',
  'utterance-correction-lost',
  'chunks-cursor-ignored',
  'foreign-meetings-listed',
  'foreign-write-accepted',
  'transcript-records-other-meeting',
  'transcription-default-limit-50',
  'ended-meeting-end-at-lost',
];

/** transcription-default-limit-50: the page the transcription lists give when the request names no limit. */
const SHORT_DEFAULT = 50;
const TRANSCRIPTION_LISTS: Record<string, string> = {
  'get-live-transcription-chunks': 'chunks',
  'get-transcript-utterances': 'utterances',
};

const WRITES = new Set([
  'add-meeting-participants',
  'remove-meeting-participants',
  'assign-co-host',
  'remove-co-host',
  'send-meeting-message',
  'delete-meeting-message',
  'delete-meeting',
  'update-transcript-utterance',
]);

interface Sent {
  key: string;
  body(): Json;
}

const sent = new WeakMap<ServerResponse, Sent>();
const participants = new Map<string, Set<string>>();
const messages = new Map<string, Map<string, Json>>();
const chunks = new Map<string, Map<string, Json>>();
const transcripts = new Map<string, unknown>();
/** Meetings each caller was listed, by API key. */
const meetings = new Map<string, Map<string, Json>>();
const settings = new Map<string, Json>();
const maxMinutes = new Map<string, unknown>();

/** Observes the request's body and caller when one of these faults is on. */
export function tapEffects(req: IncomingMessage, res: ServerResponse, path: string): void {
  if (!path.startsWith('/v1/') || ![...FAULT_IDS, ...PAGE_FAULT_IDS].some(activeFaults.has)) return;
  const parts: Buffer[] = [];
  const emit = req.emit.bind(req) as (event: string | symbol, ...args: unknown[]) => boolean;
  req.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'data') parts.push(Buffer.from(args[0] as Uint8Array));
    return emit(event, ...args);
  }) as typeof req.emit;
  sent.set(res, {
    key: String(req.headers['x-api-key'] ?? ''),
    body: () => jsonOf(Buffer.concat(parts)) ?? {},
  });
}

const remembered = <V>(map: Map<string, Map<string, V>>, key: string) => {
  const inner = map.get(key) ?? new Map<string, V>();
  map.set(key, inner);
  return inner;
};

/** The answer of a meeting REST route as these faults would have it. */
export function effectsAnswer(
  res: ServerResponse,
  path: string,
  answer: { status: number; body: Json },
): { status: number; body: Json } {
  const { status, body } = answer;
  const request = sent.get(res);
  if (!request) return answer;
  const on = activeFaults.has;
  const route = path.slice('/v1/'.length);
  const asked = request.body();
  if (status === 404 && WRITES.has(route) && on('foreign-write-accepted'))
    return { status: 200, body: { success: true } };
  if (
    route === 'update-user-default-meeting-setting' &&
    'max_recording_minutes' in asked &&
    (on('max-recording-updatable') || on('max-recording-answered-changed'))
  ) {
    // max-recording-answered-changed: the answer says it changed, the store keeps what it had.
    if (on('max-recording-updatable')) maxMinutes.set(request.key, asked.max_recording_minutes);
    const { max_recording_minutes: _m, ...fields } = asked;
    return {
      status: 200,
      body: {
        success: true,
        setting: {
          ...settings.get(request.key),
          ...fields,
          max_recording_minutes: asked.max_recording_minutes,
        },
      },
    };
  }
  if (status !== 200) return { status, body };
  const setting = body.setting as Json | undefined;
  if (setting && route.endsWith('user-default-meeting-setting')) {
    settings.set(request.key, { ...setting });
    if (on('max-recording-updatable') && maxMinutes.has(request.key))
      setting.max_recording_minutes = maxMinutes.get(request.key);
  }
  const meeting = body.meeting as Json | undefined;
  for (const m of [meeting, ...((body.meetings as Json[] | undefined) ?? [])]) {
    if (!m) continue;
    if (on('participant-removal-ignored')) {
      const ids = participants.get(String(m.id)) ?? new Set<string>();
      for (const id of (m.participant_ids as string[]) ?? []) ids.add(id);
      participants.set(String(m.id), ids);
      m.participant_ids = [...ids];
    }
    if (on('co-host-drops-participants') && route.endsWith('co-host')) m.participant_ids = [m.host_user_id];
  }
  if (route === 'get-meetings') listMeetings(request.key, asked, body);
  givenRecords(route, asked, body);
  pageFaults(route, asked, body);
  if (route === 'get-meeting-messages' && on('summary-not-listed'))
    body.messages = ((body.messages as Json[]) ?? []).filter((m) => m.type !== MessageType.SUMMARY);
  if (route === 'get-meeting-messages' && on('deleted-message-listed'))
    replay(messages, String(asked.meeting_id), body, 'messages');
  if (route === 'get-live-transcription-chunks' && on('chunks-cursor-ignored'))
    replay(chunks, String(asked.meeting_id), body, 'chunks');
  if (route === 'get-transcript-utterances' && on('utterance-correction-lost'))
    for (const u of (body.utterances as Json[]) ?? []) {
      if (!transcripts.has(String(u.id))) transcripts.set(String(u.id), u.transcript);
      u.transcript = transcripts.get(String(u.id));
    }
  return { status, body };
}

/** The faults of the records a deployment is given (transcripts, ended meetings). */
function givenRecords(route: string, asked: Json, body: Json): void {
  const on = activeFaults.has;
  if (route === 'get-meeting-transcripts' && on('transcript-records-other-meeting'))
    for (const record of (body.transcripts as Json[]) ?? []) record.meeting_id = `${asked.meeting_id}_other`;
  const field = TRANSCRIPTION_LISTS[route];
  const items = field ? (body[field] as Json[] | undefined) : undefined;
  if (items && asked.limit == null && on('transcription-default-limit-50') && items.length > SHORT_DEFAULT) {
    items.length = SHORT_DEFAULT;
    body.has_more = true;
  }
  if (route === 'get-meetings' && on('ended-meeting-end-at-lost'))
    for (const m of (body.meetings as Json[]) ?? []) if (m.status === MeetingStatus.ENDED) delete m.end_at;
}

/** Items listed once for `scope` stay listed: deletes and cursors go unseen. */
function replay(store: Map<string, Map<string, Json>>, scope: string, body: Json, field: string): void {
  const items = (body[field] as Json[]) ?? [];
  const seen = remembered(store, scope);
  for (const item of items) seen.set(String(item.id), item);
  const listed = new Set(items.map((item) => String(item.id)));
  for (const [id, item] of seen) if (!listed.has(id)) items.push(item);
}

function listMeetings(key: string, asked: Json, body: Json): void {
  const on = activeFaults.has;
  const list = (body.meetings as Json[]) ?? [];
  const listed = new Set(list.map((m) => String(m.id)));
  const mine = remembered(meetings, key);
  const cursor = typeof asked.last_updated_at === 'string' ? asked.last_updated_at : undefined;
  if (cursor === undefined) {
    // The first page: what it lists is remembered; a meeting listed before and gone now is put back.
    if (on('deleted-meeting-listed')) for (const [id, m] of mine) if (!listed.has(id)) list.push(m);
    for (const m of list) mine.set(String(m.id), m);
    if (on('foreign-meetings-listed'))
      for (const [other, theirs] of meetings) if (other !== key) list.push(...theirs.values());
  } else if (on('meetings-cursor-ignored')) {
    for (const [id, m] of mine) if (!listed.has(id) && String(m.updated_at) >= cursor) list.push(m);
  }
}
