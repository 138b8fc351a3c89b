import type {
  UploadMeetingToWorkspaceRequest,
  UploadMeetingToWorkspaceResponse,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { MessageType } from '../../core/contracts.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import type { Store } from '../../store/store.js';
import type { WorkspaceConnection, WorkspaceTokenRow } from '../../store/workspace.store.js';
import { requireMeeting } from '../meetings/meeting-access.js';
import { formatMicros } from '../timestamps.js';
import { createNotionPage, type NotionParent } from './workspace-notion.client.js';
import { MAX_PAGE_UTTERANCES, meetingPage } from './workspace-page.js';

// upload-meeting-to-workspace: a Notion page with the meeting's title, its latest summary and its
// transcript, created with the access token stored for the caller. `user_id` must be the caller's
// own id (403 otherwise, the same whether that user exists or not): one user's token is never used
// for another. No connection is 409; the meeting gate is the usual 404.

export interface WorkspaceOptions {
  apiUrl: string;
  apiVersion: string;
  timeoutMs: number;
  /**
   * Default: an outbound client that may reach private addresses. The API URL comes from the
   * operator (a Notion-compatible service on the same network is legitimate), never from a request.
   */
  outbound: OutboundClient;
}

export const NO_WORKSPACE_TEXT = 'No workspace connected for this user';

export class WorkspaceService {
  private readonly outbound: OutboundClient;

  constructor(
    private readonly store: Store,
    private readonly options: WorkspaceOptions,
  ) {
    this.outbound = options.outbound;
  }

  async upload(
    caller: Caller,
    body: UploadMeetingToWorkspaceRequest,
  ): Promise<UploadMeetingToWorkspaceResponse> {
    if (body.user_id !== caller.userId) {
      throw ApiError.forbidden("user_id must be the caller's own user id");
    }
    const { meeting } = await requireMeeting(this.store, caller, body.meeting_id);
    const connection = await this.store.workspace.get(caller.userId);
    if (!connection) throw new ApiError('CONFLICT', NO_WORKSPACE_TEXT);

    const [summaries, utterances] = await Promise.all([
      this.store.messages.list(meeting.id, { limit: 1, type: MessageType.SUMMARY }),
      this.store.transcription.utterancesInOrder(meeting.id, MAX_PAGE_UTTERANCES),
    ]);
    const summary = summaries[0]?.summary ?? null;
    const page = meetingPage({
      title: meeting.title,
      startAt: formatMicros(meeting.start_us),
      participantCount: meeting.participant_ids.length,
      language: meeting.language,
      summaryMarkdown: summary?.markdown_body,
      utterances: utterances.map((u) => ({
        speaker: u.speaker_v2,
        startSeconds: u.start_seconds,
        text: u.transcript,
      })),
    });
    const { url } = await createNotionPage(
      {
        baseUrl: this.options.apiUrl,
        version: this.options.apiVersion,
        timeoutMs: this.options.timeoutMs,
        outbound: this.outbound,
      },
      connection.access_token,
      parentOf(connection),
      page,
    );
    return { success: true, workspace_page_url: url };
  }

  /** Stores (or replaces) a user's workspace connection; the emulator's stand-in for an OAuth flow. */
  async connect(input: WorkspaceConnection): Promise<WorkspaceTokenRow> {
    return this.store.transaction(async (repos) => {
      if (!(await repos.accounts.getUser(input.userId))) throw ApiError.notFound('User');
      return repos.workspace.upsert(input);
    });
  }

  async disconnect(userId: string): Promise<void> {
    if (!(await this.store.workspace.delete(userId))) throw ApiError.notFound('Workspace connection');
  }
}

function parentOf(connection: WorkspaceTokenRow): NotionParent {
  return connection.parent_page_id
    ? { type: 'page_id', page_id: connection.parent_page_id }
    : { type: 'workspace', workspace: true };
}
