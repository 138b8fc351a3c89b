import { readFile } from 'node:fs/promises';
import { validate } from '@parley/schemas';
import type { EmulatorSeedRequest } from '@parley/schemas/types';
import { ApiError } from '../core/api-error.js';
import type { AccountsService } from '../services/accounts/accounts.service.js';
import { parseTimestamp } from '../services/timestamps.js';
import { freeStamp } from '../store/free-stamp.js';
import type { Repositories, Store } from '../store/store.js';

// Loads a seed document (fixtures/json/seed.json has the format) into the database: users with
// their API keys, meetings with participants and co-hosts, messages, recordings, utterances, live
// chunks, default settings and guest contacts. The document has been checked against its schema
// (emulator-seed.request) by the route, or when the default seed was read; timestamps are kept as given (moved by a microsecond where two collide, see store/free-stamp.ts).

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

async function loadRecords(repos: Repositories, doc: SeedDocument): Promise<void> {
  const { db } = repos;
  for (const m of doc.meetings ?? []) {
    await repos.meetings.importRow(
      {
        id: m.id,
        host_user_id: m.host_user_id,
        title: m.title,
        status: m.status,
        language: m.language ?? 'en',
        languages: m.languages ?? [m.language ?? 'en'],
        translation_languages: m.translation_languages ?? [],
        allow_add_translation_languages: m.allow_users_to_add_translation_languages !== false,
        tags: m.tags ?? [],
        invitation_link_expires_us: us(m.invitation_link_expires_at ?? m.start_at),
        start_us: us(m.start_at),
        end_us: m.end_at ? us(m.end_at) : null,
        created_us: us(m.created_at),
        updated_us: await freeStamp(db, 'meetings', us(m.updated_at)),
      },
      {
        participantIds: [m.host_user_id, ...m.participant_ids.filter((id) => id !== m.host_user_id)],
        coHostIds: m.co_host_ids ?? [],
      },
    );
  }
  for (const r of doc.recordings ?? []) {
    const payload = { fixture_id: r.fixture_id, fixture_path: r.fixture_path, duration_s: r.duration_s };
    const stamp = us(r.created_at);
    const host = doc.meetings?.find((m) => m.id === r.meeting_id)?.host_user_id ?? '';
    await repos.messages.importRow({
      id: r.id,
      meeting_id: r.meeting_id,
      sender_id: host,
      type: RECORDING_MESSAGE_TYPE,
      text: '',
      summary: null,
      summary_status: null,
      payload,
      created_us: stamp,
      updated_us: await freeStamp(db, 'messages', stamp),
    });
  }
  for (const m of doc.meeting_messages ?? []) {
    await repos.messages.importRow({
      id: m.id,
      meeting_id: m.meeting_id,
      sender_id: m.sender_id,
      type: m.type,
      text: m.text ?? '',
      summary: m.summary ?? null,
      summary_status: m.summary_status ?? null,
      payload: null,
      created_us: us(m.created_at),
      updated_us: await freeStamp(db, 'messages', us(m.updated_at ?? m.created_at)),
    });
  }
  for (const u of doc.transcript_utterances ?? []) {
    await repos.transcription.importUtterance({
      id: u.id,
      meeting_id: u.meeting_id,
      message_id: u.message_id,
      start_seconds: u.start_seconds,
      end_seconds: u.end_seconds,
      transcript: u.transcript,
      confidence: u.confidence,
      language: u.language,
      speaker_v2: u.speaker_v2 ?? null,
      texts: u.texts ?? {},
      created_us: us(u.created_at),
      updated_us: await freeStamp(db, 'transcript_utterances', us(u.updated_at)),
    });
  }
  for (const c of doc.live_transcription_chunks ?? []) {
    const updated = (c as { updated_at?: string }).updated_at ?? c.created_at;
    await repos.transcription.importChunk({
      id: c.id,
      meeting_id: c.meeting_id,
      meeting_message_id: c.meeting_message_id,
      session_id: null,
      text: c.text,
      language: c.language,
      start_duration: c.start_duration,
      end_duration: c.end_duration,
      is_final: c.is_final === true,
      speaker_v2: c.speaker_v2 ?? null,
      texts: c.texts ?? {},
      created_us: us(c.created_at),
      updated_us: await freeStamp(db, 'transcription_chunks', us(updated)),
    });
  }
  for (const s of doc.user_default_meeting_settings ?? []) {
    await repos.settings.upsert({
      user_id: s.user_id,
      original_languages: s.original_languages,
      view_language: s.view_language,
      translation_languages: s.translation_languages,
      contextual_keywords: s.contextual_keywords,
      max_recording_minutes: s.max_recording_minutes,
    });
  }
  for (const c of doc.guest_contacts ?? []) {
    const stamp = us(c.created_at);
    await repos.contacts.importRow({
      id: c.id,
      owner_user_id: c.owner_user_id,
      meeting_id: c.meeting_id ?? null,
      name: c.name,
      email: c.email,
      company_name: c.company_name ?? null,
      company_position: c.company_position ?? null,
      social_profile_id: c.social_profile_id ?? null,
      created_us: stamp,
      updated_us: await freeStamp(db, 'guest_contacts', stamp),
    });
  }
}
