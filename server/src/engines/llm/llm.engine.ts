import { NextActionType } from '@parley/schemas/constants';
import type { Engine } from '../engine.js';

// Meeting AI: summaries (summarize-meeting), answers and edits (ask-ai-for-meeting), documents
// (generate-document), follow-up e-mails and contact extraction (the partner triggers). Plain data
// in and out; the services load the meeting and store what comes back. Every result names the
// model that produced it (`ai_model`), so a reader can tell an extractive summary from an LLM's.

export interface MeetingParticipant {
  /** Bare user id, or `em:<email>` for an invitee known by e-mail. */
  id: string;
  name?: string;
  email?: string;
  /** True for a registered user of the service (not a guest). */
  registered?: boolean;
}

export interface MeetingUtterance {
  /** Speaker label ("0", "1") or a participant id. */
  speaker: string;
  text: string;
  start_seconds?: number;
  end_seconds?: number;
}

export interface MeetingChatMessage {
  sender_id: string;
  text: string;
  created_at?: string;
}

export interface MeetingContext {
  meeting_id: string;
  title: string;
  start_at?: string;
  end_at?: string;
  participants: MeetingParticipant[];
  utterances: MeetingUtterance[];
  messages: MeetingChatMessage[];
}

export interface NextAction {
  type: string;
  label: string;
  priority: number;
}

export interface SummaryResult {
  ai_model: string;
  markdown: string;
  /** The action items the summary lists, as plain text (the follow-up e-mail reuses them). */
  action_items: string[];
  /** The summary's key points as plain text. */
  key_points: string[];
}

export interface DocumentResult {
  ai_model: string;
  markdown: string;
  /** What was done to produce it, for the caller's log and for honesty about rule-based edits. */
  notes: string[];
}

export interface AnswerResult extends DocumentResult {
  next_actions: NextAction[];
}

export interface FollowUpEmail {
  ai_model: string;
  subject: string;
  body_html: string;
}

/** The fields of a contact-discovered trigger item that come from the meeting itself. */
export interface ExtractedContact {
  name: string;
  email: string;
  company_name: string | null;
  company_position: string | null;
  social_profile_id: string | null;
}

export interface MeetingAiEngine extends Engine {
  /** `ai_model` of everything this adapter produces. */
  readonly model: string;
  summarize(meeting: MeetingContext, options?: { userPrompt?: string | null }): Promise<SummaryResult>;
  /** A question about the meeting; with `sourceContent` the question is an edit instruction for that Markdown. */
  ask(
    meeting: MeetingContext,
    request: { question: string; sourceContent?: string | null },
  ): Promise<AnswerResult>;
  /** A document written to `prompt`; with `sourceContent`, that document edited as `prompt` says. */
  generateDocument(
    meeting: MeetingContext,
    request: { prompt: string; sourceContent?: string | null },
  ): Promise<DocumentResult>;
  followUpEmail(meeting: MeetingContext, summary?: SummaryResult): Promise<FollowUpEmail>;
  extractContacts(meeting: MeetingContext): Promise<ExtractedContact[]>;
}

/** What ask-ai suggests next: the spec shows one type; every answer offers the meeting summary. */
export function defaultNextActions(): NextAction[] {
  return [{ type: NextActionType.VIEW_SUMMARY, label: 'View the meeting summary', priority: 1 }];
}
