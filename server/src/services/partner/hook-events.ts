import { HookEvent, type HookEventName, MessageType } from '../../core/contracts.js';
import { newDeliveryId } from '../../core/ids.js';
import type { Viewer } from '../../store/meeting-visibility.query.js';
import type { Repositories } from '../../store/store.js';
import { toMeeting } from '../meetings/meeting.view.js';
import { contactItem, followupItem, meetingEndedItem, summaryItem } from './partner.service.js';
import { PartnerMessageType, TRIGGER_LIMIT } from './partner-message-types.js';

// The events of the hook subscriptions (a Parley extension). An event is what happened at its time:
// `emitHookEvent` runs in the transaction of the write that caused it and fixes, for each
// subscription to the event whose user may see the item (the polling triggers' own visibility), the
// item that user sees now, queued as one delivery job (the durable outbox) with its `webhook-id`.
// The delivery (jobs/hook-delivery.job.ts) sends that item whatever became of the record since
// (deleted, changed); only a subscription removed or a grant revoked meanwhile stops it.

/** Events queued by versions that fanned out at run time; jobs/hook-event.job.ts drains them. */
export const HOOK_EVENT_JOB = 'partner-hook-event';
export const HOOK_DELIVERY_JOB = 'partner-hook-delivery';

export interface HookEventPayload {
  event: HookEventName;
  meetingId: string;
  /** The meeting id for meeting events, the message id for message events. */
  itemId: string;
}

export interface HookDeliveryPayload {
  /** The `webhook-id`: one per event and subscription, the same on every try. */
  deliveryId: string;
  subscriptionId: string;
  event: string;
  /** The item as JSON text, fixed when the event happened. */
  body: string;
  /** The item's meeting, for the deployment's `meeting_url` (absent on deliveries of older versions, whose body has it). */
  meetingId?: string;
}

type EventRepos = Pick<Repositories, 'jobs' | 'hookSubscriptions' | 'accounts' | 'meetings' | 'partnerFeed'>;

/** Fixes the event's item for each subscriber who may see it and queues their deliveries, in `repos`' transaction. */
export async function emitHookEvent(repos: EventRepos, payload: HookEventPayload): Promise<void> {
  // The common case, nobody subscribed, costs one prepared query.
  if (!(await repos.hookSubscriptions.hasEvent(payload.event))) return;
  // A user with several subscriptions (one per client) sees one item.
  const items = new Map<string, object | undefined>();
  for (const subscription of await repos.hookSubscriptions.ofEvent(payload.event)) {
    if (!items.has(subscription.userId)) {
      const user = await repos.accounts.getUser(subscription.userId);
      const viewer = user && { userId: user.id, email: user.email.toLowerCase() };
      items.set(subscription.userId, viewer && (await hookItem(repos, viewer, payload)));
    }
    const item = items.get(subscription.userId);
    if (!item) continue;
    const delivery: HookDeliveryPayload = {
      deliveryId: newDeliveryId(),
      subscriptionId: subscription.id,
      event: payload.event,
      body: JSON.stringify(item),
      meetingId: payload.meetingId,
    };
    await repos.jobs.enqueue({ kind: HOOK_DELIVERY_JOB, payload: delivery });
  }
}

const MESSAGE_EVENTS = {
  [HookEvent.SUMMARY_READY]: { type: MessageType.SUMMARY, item: summaryItem },
  [HookEvent.CONTACT_DISCOVERED]: { type: PartnerMessageType.CONTACT, item: contactItem },
  [HookEvent.FOLLOWUP_EMAIL_READY]: { type: PartnerMessageType.FOLLOWUP_EMAIL, item: followupItem },
} as const;

/**
 * The event's item as `viewer` may see it, as the polling trigger lists it (without `meeting_url`,
 * which the delivery adds); undefined when the viewer does not take part, or it is gone.
 */
async function hookItem(
  repos: Pick<Repositories, 'meetings' | 'partnerFeed'>,
  viewer: Viewer,
  payload: HookEventPayload,
): Promise<object | undefined> {
  const { event, meetingId, itemId } = payload;
  if (event === HookEvent.MEETING_CREATED) {
    const row = await repos.meetings.getVisible(meetingId, viewer);
    return row && toMeeting(row, row.participant_ids, row.co_host_ids);
  }
  if (event === HookEvent.MEETING_ENDED) {
    const meeting = await repos.partnerFeed.meeting(viewer, meetingId);
    return meeting && meeting.endUs !== null ? meetingEndedItem(meeting) : undefined;
  }
  const kind = MESSAGE_EVENTS[event];
  const rows = await repos.partnerFeed.messagesOfVisibleMeeting(viewer, meetingId, kind.type, TRIGGER_LIMIT);
  const row = rows.find((m) => m.id === itemId);
  return row && kind.item(row);
}
