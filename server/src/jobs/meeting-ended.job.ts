import { HookEvent } from '../core/contracts.js';
import type { MeetingAiEngine } from '../engines/llm/llm.engine.js';
import { meetingContext } from '../services/ai/ai-meeting-context.js';
import { emitHookEvent } from '../services/partner/hook-events.js';
import { PartnerMessageType } from '../services/partner/partner-message-types.js';
import { MEETING_ENDED_JOB } from '../store/meetings.store.js';
import type { Store } from '../store/store.js';
import type { JobHandler } from './job-worker.js';

// What a meeting's end produces for the partner triggers, by a durable job (enqueued in the same
// transaction that ends the meeting, MeetingsStore.end): one MT_CONTACT message per guest the
// meeting-AI engine finds (invitees known by e-mail, people named with an address in the
// transcript or chat), and one MT_FOLLOWUP_EMAIL message written by the engine. A job runs at
// least once, so each write checks what an earlier run already recorded.

export { MEETING_ENDED_JOB };

export interface MeetingEndedPayload {
  meetingId: string;
}

export function meetingEndedJobHandler(store: Store, llm: MeetingAiEngine): JobHandler {
  return async (payload) => {
    const { meetingId } = payload as MeetingEndedPayload;
    const meeting = await store.meetings.get(meetingId);
    if (!meeting) return; // deleted since it ended: nothing to write
    const context = await meetingContext(store, meeting);
    // The engine runs outside the transaction (it may be slow; a transaction may be retried).
    const contacts = await llm.extractContacts(context);
    const needsEmail = !(await store.partnerFeed.hasMessage(meetingId, PartnerMessageType.FOLLOWUP_EMAIL));
    const email = needsEmail ? await llm.followUpEmail(context) : undefined;
    await store.transaction(async (repos) => {
      if (!(await repos.meetings.get(meetingId))) return;
      // Each new message's hook event rides in the transaction that writes it (meeting-ended itself is
      // emitted by the end: services/meetings).
      const recorded = await repos.partnerFeed.messagesOfMeeting(meetingId, PartnerMessageType.CONTACT);
      const known = new Set(recorded.map((m) => String(m.payload.email ?? '').toLowerCase()));
      for (const contact of contacts) {
        const key = contact.email.toLowerCase();
        if (known.has(key)) continue;
        known.add(key);
        const message = await repos.messages.insert({
          meetingId,
          senderId: meeting.host_user_id,
          type: PartnerMessageType.CONTACT,
          text: contact.name,
          payload: { ...contact, email: key },
        });
        await emitHookEvent(repos, { event: HookEvent.CONTACT_DISCOVERED, meetingId, itemId: message.id });
      }
      if (email && !(await repos.partnerFeed.hasMessage(meetingId, PartnerMessageType.FOLLOWUP_EMAIL))) {
        const message = await repos.messages.insert({
          meetingId,
          senderId: meeting.host_user_id,
          type: PartnerMessageType.FOLLOWUP_EMAIL,
          text: email.subject,
          payload: { ...email },
        });
        await emitHookEvent(repos, { event: HookEvent.FOLLOWUP_EMAIL_READY, meetingId, itemId: message.id });
      }
    });
  };
}
