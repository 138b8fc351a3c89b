import type {
  DeleteMeetingMessageRequest,
  DeleteMeetingMessageResponse,
  GetMeetingMessagesRequest,
  GetMeetingMessagesResponse,
  SendMeetingMessageRequest,
  SendMeetingMessageResponse,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { Limits, MessageType } from '../../core/contracts.js';
import type { Store } from '../../store/store.js';
import type { MeetingDataInvalidator } from '../cached-data/cached-data.cache.js';
import { cursorMicros, takePage } from '../paging.js';
import { requireMeeting, requireRole } from './meeting-access.js';
import { messageView } from './message.view.js';

// send-meeting-message, delete-meeting-message, get-meeting-messages. Any member of a meeting may
// read and post; a message may be deleted by its sender, the host or a co-host.

export class MessagesService {
  constructor(
    private readonly store: Store,
    private readonly cache: MeetingDataInvalidator,
  ) {}

  async send(caller: Caller, body: SendMeetingMessageRequest): Promise<SendMeetingMessageResponse> {
    const { meeting_id, text } = body.meeting_message;
    return this.store.transaction(async (repos) => {
      const { meeting } = await requireMeeting(repos, caller, meeting_id);
      const row = await repos.messages.insert({
        meetingId: meeting.id,
        senderId: caller.userId,
        type: MessageType.USER,
        text,
      });
      return { success: true, meeting_message: messageView(row) };
    });
  }

  async delete(caller: Caller, body: DeleteMeetingMessageRequest): Promise<DeleteMeetingMessageResponse> {
    try {
      return await this.store.transaction(async (repos) => {
        const access = await requireMeeting(repos, caller, body.meeting_id);
        const message = await repos.messages.get(access.meeting.id, body.message_id);
        if (!message) throw ApiError.notFound('Message');
        if (message.sender_id !== caller.userId) {
          requireRole(access, ['host', 'co-host'], "delete another participant's message");
        }
        await repos.messages.delete(access.meeting.id, message.id);
        return { success: true };
      });
    } finally {
      // A summary is a message: the cached summaries go. After a failure too (it may have committed).
      await this.cache.invalidate(body.meeting_id);
    }
  }

  async list(caller: Caller, body: GetMeetingMessagesRequest): Promise<GetMeetingMessagesResponse> {
    const { meeting } = await requireMeeting(this.store, caller, body.meeting_id);
    const limit = body.limit ?? Limits.meetingMessages.default;
    const rows = await this.store.messages.list(meeting.id, {
      beforeUs: cursorMicros(body.last_updated_at),
      limit: limit + 1,
    });
    const page = takePage(rows, limit);
    return { success: true, messages: page.items.map(messageView), has_more: page.hasMore };
  }
}
