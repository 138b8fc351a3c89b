import { HookEvent, type HookEventName, MessageType } from '../../core/contracts.js';
import type { Viewer } from '../../store/meeting-visibility.query.js';
import type { Repositories, Store } from '../../store/store.js';
import { toMeeting } from '../meetings/meeting.view.js';
import type { MeetingLink } from './meeting-link.js';
import { contactItem, followupItem, meetingEndedItem, summaryItem } from './partner.service.js';
import { PartnerMessageType, TRIGGER_LIMIT } from './partner-message-types.js';

// The events of the hook subscriptions (a Parley extension): where something happens, `emitHookEvent`
// enqueues one job in the same transaction (the durable outbox, so an event is never lost with a
// crash); the job (jobs/hook-event.job.ts) finds the subscriptions and builds each subscriber's item
// with `hookItem`, through the same visibility as the polling triggers.

export const HOOK_EVENT_JOB = 'partner-hook-event';

export interface HookEventPayload {
  event: HookEventName;
  meetingId: string;
  /** The meeting id for meeting events, the message id for message events. */
  itemId: string;
}

/** Queues the event when anyone subscribes to it (no job for the common case of no subscriber). */
export async function emitHookEvent(
  repos: Pick<Repositories, 'jobs' | 'hookSubscriptions'>,
  payload: HookEventPayload,
): Promise<void> {
  if (!(await repos.hookSubscriptions.hasEvent(payload.event))) return;
  await repos.jobs.enqueue({ kind: HOOK_EVENT_JOB, payload });
}

const MESSAGE_EVENTS = {
  [HookEvent.SUMMARY_READY]: { type: MessageType.SUMMARY, item: summaryItem },
  [HookEvent.CONTACT_DISCOVERED]: { type: PartnerMessageType.CONTACT, item: contactItem },
  [HookEvent.FOLLOWUP_EMAIL_READY]: { type: PartnerMessageType.FOLLOWUP_EMAIL, item: followupItem },
} as const;

/** The event's item as `viewer` may see it (undefined when the viewer does not take part, or it is gone). */
export async function hookItem(
  store: Store,
  viewer: Viewer,
  payload: HookEventPayload,
  link: MeetingLink,
): Promise<object | undefined> {
  const { event, meetingId, itemId } = payload;
  if (event === HookEvent.MEETING_CREATED) {
    const row = await store.meetings.getVisible(meetingId, viewer);
    return row && link(toMeeting(row, row.participant_ids, row.co_host_ids), row.id);
  }
  if (event === HookEvent.MEETING_ENDED) {
    const meeting = await store.partnerFeed.meeting(viewer, meetingId);
    return meeting && meeting.endUs !== null ? link(meetingEndedItem(meeting), meeting.id) : undefined;
  }
  const kind = MESSAGE_EVENTS[event];
  const rows = await store.partnerFeed.messagesOfVisibleMeeting(viewer, meetingId, kind.type, TRIGGER_LIMIT);
  const row = rows.find((m) => m.id === itemId);
  return row && link(kind.item(row), row.meetingId);
}
