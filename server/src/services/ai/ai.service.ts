import type {
  AskAiForMeetingRequest,
  AskAiForMeetingResponse,
  SummarizeMeetingRequest,
  SummarizeMeetingResponse,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { HookEvent, MessageType, NextActionType, SummaryStatus } from '../../core/contracts.js';
import type { MeetingAiEngine, NextAction } from '../../engines/llm/llm.engine.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import type { Store } from '../../store/store.js';
import type { MeetingDataCache } from '../cached-data/cached-data.cache.js';
import { queueMails, summaryMails } from '../mail/mail.service.js';
import { requireMeeting } from '../meetings/meeting-access.js';
import { messageView } from '../meetings/message.view.js';
import { emitHookEvent } from '../partner/hook-events.js';
import { readAttachments } from './ai-attachments.js';
import { type AiDocumentView, aiDocumentView, planSteps } from './ai-document.view.js';
import { meetingContext } from './ai-meeting-context.js';

// summarize-meeting and ask-ai-for-meeting. The engine runs outside any transaction (it may take
// seconds, and a transaction may be retried); what it produced is then stored in one transaction
// that checks membership again, so a meeting deleted meanwhile gets no orphan rows.

/** The only `model` number of ask-ai: this server's meeting-AI engine. */
export const DEFAULT_ASK_MODEL = 0;

export interface AiServiceDeps {
  store: Store;
  llm: MeetingAiEngine;
  cache: MeetingDataCache;
  outbound: OutboundClient;
}

/** ask-ai's answer: the spec's fields plus the document it made (a Parley addition). */
export type AskAiResult = AskAiForMeetingResponse & { document: AiDocumentView };

export class AiService {
  constructor(private readonly deps: AiServiceDeps) {}

  async summarize(caller: Caller, body: SummarizeMeetingRequest): Promise<SummarizeMeetingResponse> {
    const { store, llm } = this.deps;
    const { meeting } = await requireMeeting(store, caller, body.meeting_id);
    const context = await meetingContext(store, meeting);
    const result = await llm.summarize(context, { userPrompt: body.user_prompt ?? null });
    const summary = { ai_model: result.ai_model, markdown_body: result.markdown };
    const row = await store.transaction(async (repos) => {
      await requireMeeting(repos, caller, meeting.id);
      const message = await repos.messages.insert({
        meetingId: meeting.id,
        senderId: caller.userId,
        type: MessageType.SUMMARY,
        text: '',
        summary,
        summaryStatus: SummaryStatus.SUCCESS,
        payload: {
          user_prompt: body.user_prompt ?? null,
          key_points: result.key_points,
          action_items: result.action_items,
        },
      });
      await emitHookEvent(repos, {
        event: HookEvent.SUMMARY_READY,
        meetingId: meeting.id,
        itemId: message.id,
      });
      if (body.send_email_to_participants) {
        const mails = summaryMails({
          meeting,
          participants: context.participants,
          markdown: result.markdown,
          aiModel: result.ai_model,
          senderName: caller.name || caller.email,
        });
        await queueMails(repos, mails);
      }
      return message;
    });
    await this.deps.cache.invalidate(meeting.id);
    return {
      success: true,
      meeting_message: { ...messageView(row), type: MessageType.SUMMARY, summary },
    };
  }

  async ask(caller: Caller, body: AskAiForMeetingRequest): Promise<AskAiResult> {
    const { store, llm } = this.deps;
    const model = body.model ?? DEFAULT_ASK_MODEL;
    if (model !== DEFAULT_ASK_MODEL) {
      throw ApiError.badRequest(
        `Unknown model ${model}: this server offers model ${DEFAULT_ASK_MODEL} (${llm.model}) only`,
      );
    }
    const { meeting } = await requireMeeting(store, caller, body.meeting_id);
    const parent = body.source_document_id
      ? await store.aiDocuments.get(meeting.id, body.source_document_id)
      : undefined;
    if (body.source_document_id && !parent) throw ApiError.notFound('Source document');
    const source = body.source_content ?? parent?.markdown ?? null;

    const context = await meetingContext(store, meeting);
    const attachments = await readAttachments(this.deps.outbound, body.attachment_urls ?? []);
    const answer = await llm.ask(
      { ...context, messages: [...context.messages, ...attachments.messages] },
      { question: body.message.text, sourceContent: source },
    );
    const hasSummary = (await store.summaryCache.latestSummary(meeting.id)) !== undefined;
    const nextActions = offeredActions(answer.next_actions, hasSummary);

    const row = await store.transaction(async (repos) => {
      await requireMeeting(repos, caller, meeting.id);
      return repos.aiDocuments.insert({
        meeting_id: meeting.id,
        user_id: caller.userId,
        parent_id: parent?.id ?? null,
        version: parent ? parent.version + 1 : 1,
        kind: source === null ? 'answer' : 'edit',
        prompt: body.message.text,
        source_markdown: body.source_content ?? null,
        markdown: answer.markdown,
        ai_model: answer.ai_model,
        model,
        attachment_urls: body.attachment_urls ?? [],
        plan: planSteps({ context, parent, sourceGiven: body.source_content != null, attachments, answer }),
        next_actions: nextActions,
      });
    });
    return {
      success: true,
      workflow_plan_id: row.id,
      next_actions: nextActions,
      document: aiDocumentView(row),
    };
  }
}

/**
 * The spec shows one next-action type, ENAT_VIEW_SUMMARY: it is offered when the meeting has a
 * summary to view, and withheld otherwise (whatever the engine suggested). Lower priority first.
 */
export function offeredActions(suggested: readonly NextAction[], hasSummary: boolean): NextAction[] {
  const others = suggested.filter((a) => a.type !== NextActionType.VIEW_SUMMARY);
  const view = suggested.find((a) => a.type === NextActionType.VIEW_SUMMARY) ?? {
    type: NextActionType.VIEW_SUMMARY,
    label: 'View the meeting summary',
    priority: 1,
  };
  return [...(hasSummary ? [view] : []), ...others].sort((a, b) => a.priority - b.priority);
}
