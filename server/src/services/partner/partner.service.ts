import type {
  GenerateDocumentRequest,
  PartnerMeetingResponse,
  PartnerMeResponse,
  TriggerContactDiscoveredItem,
  TriggerFollowupEmailReadyItem,
  TriggerMeetingEndedItem,
  TriggerSummaryReadyItem,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import { MessageType } from '../../core/contracts.js';
import type { MeetingAiEngine } from '../../engines/llm/llm.engine.js';
import type { FeedMeeting, FeedMessage } from '../../store/partner-feed.store.js';
import type { Store } from '../../store/store.js';
import { meetingContext } from '../ai/ai-meeting-context.js';
import { formatMicros } from '../timestamps.js';
import { type MeetingLink, meetingLink } from './meeting-link.js';
import { PartnerMessageType, TRIGGER_LIMIT } from './partner-message-types.js';

// The partner routes as plain functions of the token's user: the connection test, the four
// triggers, meeting details and a synchronous document. Every read goes through PartnerFeedStore,
// whose visibility is the meeting routes' own, so a token never reaches another user's data.

export interface PartnerUser {
  userId: string;
  email: string;
  name: string;
}

/** Tags of a meeting: its own tags, `lang:<code>` per spoken language, `summary` once summarized. */
export function meetingTags(meeting: FeedMeeting): string[] {
  const tags = [...meeting.tags, ...meeting.languages.map((code) => `lang:${code}`)];
  if (meeting.hasSummary) tags.push('summary');
  return [...new Set(tags)];
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export class PartnerService {
  constructor(
    private readonly store: Store,
    private readonly llm: MeetingAiEngine,
    /** Adds meeting_url when the deployment names its meeting page (meeting-link.ts). */
    private readonly link: MeetingLink = meetingLink(undefined),
  ) {}

  async user(userId: string): Promise<PartnerUser> {
    const user = await this.store.accounts.getUser(userId);
    // The token outlived its user (deleted account): the same answer as a revoked token.
    if (!user) throw new ApiError('UNAUTHORIZED', 'Invalid access token');
    return { userId: user.id, email: user.email, name: user.name };
  }

  me(user: PartnerUser): PartnerMeResponse {
    return { user_id: user.userId, email: user.email, display_name: user.name };
  }

  async meetingEnded(user: PartnerUser): Promise<TriggerMeetingEndedItem[]> {
    const meetings = await this.store.partnerFeed.endedMeetings(viewer(user), TRIGGER_LIMIT);
    return meetings.map((m) => this.link(meetingEndedItem(m), m.id));
  }

  async summaryReady(user: PartnerUser): Promise<TriggerSummaryReadyItem[]> {
    return (await this.messages(user, MessageType.SUMMARY)).map((m) =>
      this.link(summaryItem(m), m.meetingId),
    );
  }

  async contactDiscovered(user: PartnerUser): Promise<TriggerContactDiscoveredItem[]> {
    return (await this.messages(user, PartnerMessageType.CONTACT)).map((m) =>
      this.link(contactItem(m), m.meetingId),
    );
  }

  async followupEmailReady(user: PartnerUser): Promise<TriggerFollowupEmailReadyItem[]> {
    return (await this.messages(user, PartnerMessageType.FOLLOWUP_EMAIL)).map((m) =>
      this.link(followupItem(m), m.meetingId),
    );
  }

  async meeting(user: PartnerUser, meetingId: string): Promise<PartnerMeetingResponse> {
    const meeting = await this.store.partnerFeed.meeting(viewer(user), meetingId);
    if (!meeting) throw ApiError.notFound('Meeting');
    const [latest] = await this.store.partnerFeed.messagesOfVisibleMeeting(
      viewer(user),
      meetingId,
      MessageType.SUMMARY,
      1,
    );
    return this.link(
      {
        ...meetingFields(meeting),
        end_at: meeting.endUs === null ? null : formatMicros(meeting.endUs),
        latest_summary: latest
          ? {
              ai_model: str(latest.payload.ai_model),
              markdown_body: str(latest.payload.markdown_body),
              created_at: formatMicros(latest.createdUs),
            }
          : null,
      },
      meeting.id,
    );
  }

  /** The document text for a prompt (the synchronous answer, and the callback job's work). */
  async documentText(user: PartnerUser, meetingId: string, body: GenerateDocumentRequest): Promise<string> {
    const row = await this.store.meetings.getVisible(meetingId, viewer(user));
    if (!row) throw ApiError.notFound('Meeting');
    const context = await meetingContext(this.store, row);
    const result = await this.llm.generateDocument(context, { prompt: body.prompt });
    return result.markdown;
  }

  private messages(user: PartnerUser, type: string): Promise<FeedMessage[]> {
    return this.store.partnerFeed.messages(viewer(user), type, TRIGGER_LIMIT);
  }
}

function viewer(user: PartnerUser) {
  return { userId: user.userId, email: user.email };
}

/** What every message trigger's item carries besides the message's own payload fields. */
function messageFields(m: FeedMessage) {
  return {
    id: m.id,
    meeting_id: m.meetingId,
    meeting_title: m.meetingTitle,
    created_at: formatMicros(m.createdUs),
  };
}

function meetingFields(m: FeedMeeting) {
  return {
    id: m.id,
    title: m.title,
    start_at: formatMicros(m.startUs),
    language: m.language,
    host_user_id: m.hostUserId,
    participant_count: m.participantCount,
    tags: meetingTags(m),
  };
}

/** The items of the triggers, one row each (the lists above and the hook deliveries build them). */
export function meetingEndedItem(m: FeedMeeting): TriggerMeetingEndedItem {
  return { ...meetingFields(m), end_at: formatMicros(m.endUs ?? m.startUs) };
}

export function summaryItem(m: FeedMessage): TriggerSummaryReadyItem {
  return {
    ...messageFields(m),
    ai_model: str(m.payload.ai_model),
    markdown_body: str(m.payload.markdown_body),
  };
}

export function contactItem(m: FeedMessage): TriggerContactDiscoveredItem {
  return {
    ...messageFields(m),
    name: str(m.payload.name),
    email: str(m.payload.email),
    company_name: strOrNull(m.payload.company_name),
    company_position: strOrNull(m.payload.company_position),
    social_profile_id: strOrNull(m.payload.social_profile_id),
  };
}

export function followupItem(m: FeedMessage): TriggerFollowupEmailReadyItem {
  return { ...messageFields(m), subject: str(m.payload.subject), body_html: str(m.payload.body_html) };
}
