import { readFile } from 'node:fs/promises';
import { validate } from '@parley/schemas';
import type { EmulatorSeedRequest } from '@parley/schemas/types';
import { ApiError } from '../core/api-error.js';
import type { AccountsService } from '../services/accounts/accounts.service.js';
import { parseTimestamp } from '../services/timestamps.js';
import type { Repositories, Store } from '../store/store.js';
import { type StampedTable, unusedStamp } from '../store/unused-stamp.js';

// Loads a seed document (fixtures/json/seed.json has the format) into the database: users with
// their API keys, meetings with participants and co-hosts, messages, recordings, utterances, live
// chunks, default settings and guest contacts. The document has been checked against its schema
// (emulator-seed.request) by the route, or when the default seed was read; timestamps are kept as given (moved by a microsecond where two collide, see store/unused-stamp.ts).

export const SEED_FILE = new URL('../../../fixtures/json/seed.json', import.meta.url);
/** Message type of a recording (the seed's `recordings`): transcripts and chunks point at it. */
export const RECORDING_MESSAGE_TYPE = 'MT_RECORDING';

/** A seed document: schemas/json/emulator-seed.request.schema.json. */
export type SeedDocument = EmulatorSeedRequest;

export async function readDefaultSeed(): Promise<SeedDocument> {
  const result = validate<SeedDocument>(
    'emulator-seed.request',
    JSON.parse(await readFile(SEED_FILE, 'utf8')),
  );
  if (!result.ok)
    throw new Error(`${SEED_FILE.pathname} is no valid seed: ${JSON.stringify(result.detail[0])}`);
  return result.value;
}

export async function loadSeed(store: Store, accounts: AccountsService, doc: SeedDocument) {
  for (const user of doc.users ?? []) {
    await accounts.createUser({ email: user.email, name: user.name, userId: user.id });
  }
  for (const key of doc.api_keys ?? []) await accounts.issueKey(key.user_id, 'seed', key.key);
  try {
    await store.transaction((repos) => loadRecords(repos, doc));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('CONFLICT', 'The seed conflicts with existing data (reset first)', { cause: error });
  }
  const count = (list?: unknown[]) => list?.length ?? 0;
  return {
    users: count(doc.users),
    api_keys: count(doc.api_keys),
    meetings: count(doc.meetings),
    meeting_messages: count(doc.meeting_messages) + count(doc.recordings),
    transcript_utterances: count(doc.transcript_utterances),
    live_transcription_chunks: count(doc.live_transcription_chunks),
    user_default_meeting_settings: count(doc.user_default_meeting_settings),
    guest_contacts: count(doc.guest_contacts),
  };
}

const us = (text: string): number => {
  const micros = parseTimestamp(text);
  if (micros === undefined) throw ApiError.badRequest(`Seed timestamp is not RFC 3339: ${text}`);
  return micros;
};

/** The fields a row takes from a seed record under the same name (the rest are mapped one by one). */
function same<T, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = record[key];
  return picked;
}

async function loadRecords(repos: Repositories, doc: SeedDocument): Promise<void> {
  const { db } = repos;
  /** A row's stamps: as given, `updated_us` moved by a microsecond where two collide in `table`. */
  const stamps = async (table: StampedTable, created: string, updated = created) => ({
    created_us: us(created),
    updated_us: await unusedStamp(db, table, us(updated)),
  });
  for (const m of doc.meetings ?? []) {
    await repos.meetings.importRow(
      {
        ...same(m, ['id', 'host_user_id', 'title', 'status']),
        language: m.language ?? 'en',
        languages: m.languages ?? [m.language ?? 'en'],
        translation_languages: m.translation_languages ?? [],
        allow_add_translation_languages: m.allow_users_to_add_translation_languages !== false,
        tags: m.tags ?? [],
        invitation_link_expires_us: us(m.invitation_link_expires_at ?? m.start_at),
        start_us: us(m.start_at),
        end_us: m.end_at ? us(m.end_at) : null,
        ...(await stamps('meetings', m.created_at, m.updated_at)),
      },
      {
        participantIds: [m.host_user_id, ...m.participant_ids.filter((id) => id !== m.host_user_id)],
        coHostIds: m.co_host_ids ?? [],
      },
    );
  }
  for (const r of doc.recordings ?? []) {
    await repos.messages.importRow({
      ...same(r, ['id', 'meeting_id']),
      sender_id: doc.meetings?.find((m) => m.id === r.meeting_id)?.host_user_id ?? '',
      type: RECORDING_MESSAGE_TYPE,
      text: '',
      summary: null,
      summary_status: null,
      payload: same(r, ['fixture_id', 'fixture_path', 'duration_s']),
      ...(await stamps('messages', r.created_at)),
    });
  }
  for (const m of doc.meeting_messages ?? []) {
    await repos.messages.importRow({
      ...same(m, ['id', 'meeting_id', 'sender_id', 'type']),
      text: m.text ?? '',
      summary: m.summary ?? null,
      summary_status: m.summary_status ?? null,
      payload: null,
      ...(await stamps('messages', m.created_at, m.updated_at)),
    });
  }
  for (const u of doc.transcript_utterances ?? []) {
    await repos.transcription.importUtterance({
      ...same(u, ['id', 'meeting_id', 'message_id']),
      ...same(u, ['start_seconds', 'end_seconds', 'transcript', 'confidence', 'language']),
      speaker_v2: u.speaker_v2 ?? null,
      texts: u.texts ?? {},
      ...(await stamps('transcript_utterances', u.created_at, u.updated_at)),
    });
  }
  for (const c of doc.live_transcription_chunks ?? []) {
    await repos.transcription.importChunk({
      ...same(c, ['id', 'meeting_id', 'meeting_message_id']),
      ...same(c, ['text', 'language', 'start_duration', 'end_duration']),
      session_id: null,
      is_final: c.is_final === true,
      speaker_v2: c.speaker_v2 ?? null,
      texts: c.texts ?? {},
      ...(await stamps('transcription_chunks', c.created_at, (c as { updated_at?: string }).updated_at)),
    });
  }
  for (const s of doc.user_default_meeting_settings ?? []) {
    await repos.settings.upsert({
      ...same(s, ['user_id', 'view_language', 'max_recording_minutes']),
      ...same(s, ['original_languages', 'translation_languages', 'contextual_keywords']),
    });
  }
  for (const c of doc.guest_contacts ?? []) {
    await repos.contacts.importRow({
      ...same(c, ['id', 'owner_user_id', 'name', 'email']),
      meeting_id: c.meeting_id ?? null,
      company_name: c.company_name ?? null,
      company_position: c.company_position ?? null,
      social_profile_id: c.social_profile_id ?? null,
      ...(await stamps('guest_contacts', c.created_at)),
    });
  }
}
