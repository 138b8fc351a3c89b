import { sql } from 'kysely';
import { MeetingStatus, MessageType } from '../src/core/contracts.js';
import type { Store } from '../src/store/store.js';

// One user's history of ended meetings, written in bulk (a multi-row insert per table and batch,
// one transaction per batch): each meeting hosted by the user with a guest invitee, a chat message,
// a summary, a contact message and the guest contact, a live chunk and an utterance. The plan
// tests (read-plans.test.ts) and bench:history seed with it; 100,000 meetings take about a minute.

/** The user whose history it is. */
export interface HistoryOwner {
  userId: string;
  email: string;
}

/** Partner message type of a discovered contact (services/partner/partner-message-types.ts). */
const CONTACT_TYPE = 'MT_CONTACT';
const BATCH = 1000;
/** Stamps of seeded rows: in the past, 100 µs apart per meeting, so later seeds are newer. */
export const HISTORY_STAMP_STEP = 100;

export interface SeededHistory {
  /** How many meetings the owner now has from seeding. */
  meetings: number;
  /** The newest seeded meeting's id (its messages, chunk and utterance are seeded too). */
  newestMeetingId: string;
}

/**
 * Adds meetings number `from` to `to - 1` to the owner's history (call again with a larger `to` to
 * grow it). `base` is the stamp of meeting 0: the same for every call on one history.
 */
export async function seedHistory(
  store: Store,
  owner: HistoryOwner,
  range: { from: number; to: number; base: number },
): Promise<SeededHistory> {
  for (let start = range.from; start < range.to; start += BATCH) {
    const end = Math.min(start + BATCH, range.to);
    await store.transaction((repos) => seedBatch(repos, owner, range.base, start, end));
  }
  if (store.dialect === 'postgres') await sql`analyze`.execute(store.db);
  return { meetings: range.to, newestMeetingId: meetingId(owner, range.to - 1) };
}

const meetingId = (owner: HistoryOwner, i: number) => `hist_${owner.userId}_${i}`;

type Repos = Parameters<Parameters<Store['transaction']>[0]>[0];

async function seedBatch(
  repos: Repos,
  owner: HistoryOwner,
  base: number,
  start: number,
  end: number,
): Promise<void> {
  const indexes = Array.from({ length: end - start }, (_, k) => start + k);
  const at = (i: number, offset: number) => base + i * HISTORY_STAMP_STEP + offset;
  const guest = (i: number) => `guest${i}@history.example`;
  const json = JSON.stringify;
  const db = repos.db;
  await db
    .insertInto('meetings')
    .values(
      indexes.map((i) => ({
        id: meetingId(owner, i),
        host_user_id: owner.userId,
        title: `Weekly sync ${i}`,
        status: MeetingStatus.ENDED,
        language: 'en',
        languages: json(['en']),
        translation_languages: '[]',
        allow_add_translation_languages: 1,
        tags: '[]',
        invitation_link_expires_us: at(i, 0),
        start_us: at(i, 0),
        end_us: at(i, 50),
        created_us: at(i, 0),
        updated_us: at(i, 50),
        participant_ids: json([owner.userId, `em:${guest(i)}`]),
        co_host_ids: '[]',
      })),
    )
    .execute();
  await db
    .insertInto('meeting_participants')
    .values(
      indexes.flatMap((i) => [
        { meeting_id: meetingId(owner, i), participant_id: owner.userId, position: 0 },
        { meeting_id: meetingId(owner, i), participant_id: `em:${guest(i)}`, position: 1 },
      ]),
    )
    .execute();
  const message = (i: number, k: number, type: string, text: string, extra: object) => ({
    id: `${meetingId(owner, i)}_msg${k}`,
    meeting_id: meetingId(owner, i),
    sender_id: owner.userId,
    type,
    text,
    summary: null,
    summary_status: null,
    payload: null,
    created_us: at(i, 10 + k),
    updated_us: at(i, 10 + k),
    ...extra,
  });
  await db
    .insertInto('messages')
    .values(
      indexes.flatMap((i) => [
        message(i, 0, MessageType.USER, 'Notes for the record', {}),
        message(i, 1, MessageType.SUMMARY, '', {
          summary: json({ ai_model: 'seed', markdown_body: `# Meeting ${i}\n\nDecisions.` }),
          summary_status: 'ESS_SUCCESS',
        }),
        message(i, 2, CONTACT_TYPE, guest(i), {
          payload: json({ name: `Guest ${i}`, email: guest(i), company_name: 'Acme' }),
        }),
      ]),
    )
    .execute();
  await db
    .insertInto('guest_contacts')
    .values(
      indexes.map((i) => ({
        id: `${meetingId(owner, i)}_cnt`,
        owner_user_id: owner.userId,
        meeting_id: meetingId(owner, i),
        name: `Guest ${i}`,
        email: guest(i),
        company_name: 'Acme',
        company_position: null,
        social_profile_id: null,
        created_us: at(i, 20),
        updated_us: at(i, 20),
      })),
    )
    .execute();
  const spoken = (i: number) => ({
    meeting_id: meetingId(owner, i),
    language: 'en',
    speaker_v2: '0',
    texts: '{}',
    created_us: at(i, 5),
    updated_us: at(i, 5),
  });
  await db
    .insertInto('transcription_chunks')
    .values(
      indexes.map((i) => ({
        ...spoken(i),
        id: `${meetingId(owner, i)}_chunk`,
        meeting_message_id: `${meetingId(owner, i)}_msg0`,
        session_id: null,
        text: 'hello everyone',
        start_duration: 0,
        end_duration: 1.5,
        is_final: 1,
      })),
    )
    .execute();
  await db
    .insertInto('transcript_utterances')
    .values(
      indexes.map((i) => ({
        ...spoken(i),
        id: `${meetingId(owner, i)}_utt`,
        message_id: `${meetingId(owner, i)}_msg0`,
        start_seconds: 0,
        end_seconds: 1.5,
        transcript: 'hello everyone',
        confidence: 0.9,
      })),
    )
    .execute();
  await repos.meetingViewers.syncRosters(indexes.map((i) => meetingId(owner, i)));
  await repos.viewerPeople.contactsSaved(indexes.map((i) => `${meetingId(owner, i)}_cnt`));
}
