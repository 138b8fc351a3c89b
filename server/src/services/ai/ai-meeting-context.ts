import type { MeetingContext, MeetingParticipant } from '../../engines/llm/llm.engine.js';
import type { MeetingRow } from '../../store/meetings.store.js';
import type { Repositories } from '../../store/store.js';
import { MAX_UTTERANCES } from '../cached-data/cached-data.view.js';
import { emailOf, isEmailParticipant } from '../meetings/participant-ids.js';
import { formatMicros } from '../timestamps.js';

// The meeting as the meeting-AI engine sees it: who took part (names and addresses), the finalized
// transcript utterances and the users' chat messages. Summaries and recordings are not content.

/** How the engine names the speaker of an utterance that diarization did not resolve. */
const UNKNOWN_SPEAKER = 'Unknown speaker';

/** Participants with their names and e-mail addresses, in the meeting's participant order. */
async function meetingParticipants(repos: Repositories, meeting: MeetingRow): Promise<MeetingParticipant[]> {
  const ids = meeting.participant_ids;
  const bare = ids.filter((id) => !isEmailParticipant(id));
  const emails = ids.filter(isEmailParticipant).map(emailOf);
  const found = await repos.accounts.usersByIdsOrEmails(bare, emails);
  const users = new Map(found.map((u) => [u.id, u]));
  const registeredEmails = new Map(found.map((u) => [u.email, u]));
  return ids.map((id): MeetingParticipant => {
    if (!isEmailParticipant(id)) {
      const user = users.get(id);
      return user ? { id, name: user.name, email: user.email, registered: true } : { id };
    }
    const email = emailOf(id);
    const user = registeredEmails.get(email);
    return user ? { id, name: user.name, email, registered: true } : { id, email };
  });
}

export async function meetingContext(repos: Repositories, meeting: MeetingRow): Promise<MeetingContext> {
  const [participants, utterances, messages] = await Promise.all([
    meetingParticipants(repos, meeting),
    repos.transcription.utterancesInOrder(meeting.id, MAX_UTTERANCES),
    repos.summaryCache.userMessages(meeting.id),
  ]);
  return {
    meeting_id: meeting.id,
    title: meeting.title,
    start_at: formatMicros(meeting.start_us),
    ...(meeting.end_us !== null ? { end_at: formatMicros(meeting.end_us) } : {}),
    participants,
    utterances: utterances.map((u) => ({
      speaker: u.speaker_v2 ?? UNKNOWN_SPEAKER,
      text: u.transcript,
      start_seconds: u.start_seconds,
      end_seconds: u.end_seconds,
    })),
    messages: messages.map((m) => ({
      sender_id: m.sender_id,
      text: m.text,
      created_at: formatMicros(m.created_us),
    })),
  };
}
