import { EngineFailedError, type EngineStatus } from '../engine.js';
import { extractContacts } from './contact-extraction.js';
import {
  type DocumentResult,
  defaultNextActions,
  type ExtractedContact,
  type MeetingAiEngine,
  type MeetingContext,
  type SummaryResult,
} from './llm.engine.js';
import { participantName, transcriptText } from './meeting-text.js';
import type { OpenAiCompatibleClient } from './openai-compatible.client.js';

// Meeting AI through an OpenAI-compatible chat model. Structured results (summary parts, e-mail,
// contacts) are asked for as JSON objects and checked field by field: an answer of the wrong shape
// is an upstream failure, never passed on. Contacts the rules find in the participant list are
// added when the model missed them, so no invited guest is ever dropped.

export const OPENAI_LLM_ADAPTER = 'openai-compatible';
export const DEFAULT_OPENAI_LLM_MODEL = 'gpt-4o-mini';
/** About 25,000 tokens of transcript: room for a two-hour meeting in any current chat model. */
const DEFAULT_MAX_TRANSCRIPT_CHARS = 100_000;

export interface OpenAiMeetingAiOptions {
  client: OpenAiCompatibleClient;
  model?: string;
  maxTranscriptChars?: number;
}

const SUMMARY_PROMPT =
  'You summarize meetings. Using only the transcript, write a Markdown summary with a "# Summary" title and ' +
  'the sections "## Overview", "## Key points" and "## Action items" (as "- [ ]" items naming the owner when known). ' +
  'Answer with a JSON object {"markdown": string, "key_points": [string], "action_items": [string]} where key_points ' +
  'and action_items repeat the listed items as plain text.';
const ANSWER_PROMPT =
  'You answer questions about a meeting in Markdown, using only its transcript. If the transcript does not hold the ' +
  'answer, say so. Answer with the Markdown only.';
const DOCUMENT_PROMPT =
  'You write documents from meeting transcripts in Markdown, following the request. Use only facts from the ' +
  'transcript. Answer with the Markdown document only.';
const EDIT_PROMPT =
  'You edit Markdown documents. Apply the instruction to the document, using the meeting transcript for facts, and ' +
  'answer with the complete edited document only, keeping everything the instruction does not change.';
const EMAIL_PROMPT =
  'You write follow-up e-mails after meetings. Answer with a JSON object {"subject": string, "body_html": string}: ' +
  'a short subject and an HTML body (p, ul, li, h3 only) thanking the participants, recapping key points and listing ' +
  'action items with owners.';
const CONTACTS_PROMPT =
  'You extract the contact details of guests from meeting data. Answer with a JSON object {"contacts": [{"name": ' +
  'string, "email": string, "company_name": string|null, "company_position": string|null, "social_profile_id": ' +
  'string|null}]}, one entry per distinct e-mail address that appears in the data; null when not stated.';

export function createOpenAiMeetingAi(options: OpenAiMeetingAiOptions): MeetingAiEngine {
  const model = options.model ?? DEFAULT_OPENAI_LLM_MODEL;
  const maxChars = options.maxTranscriptChars ?? DEFAULT_MAX_TRANSCRIPT_CHARS;
  const ask = (system: string, user: string, json = false) =>
    options.client.chat('llm', {
      model,
      json,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
  const context = (meeting: MeetingContext) => meetingContext(meeting, maxChars);
  const markdownDoc = async (system: string, user: string, note: string): Promise<DocumentResult> => ({
    ai_model: model,
    markdown: unfence(await ask(system, user)),
    notes: [note],
  });
  const documentFor = (
    meeting: MeetingContext,
    prompt: string,
    source: string | null | undefined,
    kind: string,
  ) =>
    source === undefined || source === null
      ? markdownDoc(
          kind === 'answer' ? ANSWER_PROMPT : DOCUMENT_PROMPT,
          `${context(meeting)}\n\nRequest: ${prompt}`,
          kind,
        )
      : markdownDoc(
          EDIT_PROMPT,
          `${context(meeting)}\n\nInstruction: ${prompt}\n\nDocument:\n${source}`,
          'edit',
        );

  return {
    model,
    status: (): EngineStatus => ({
      engine: 'llm',
      adapter: OPENAI_LLM_ADAPTER,
      available: true,
      detail: `${options.client.baseUrl} model ${model}`,
    }),
    async summarize(meeting, { userPrompt } = {}) {
      const focus = userPrompt?.trim() ? `\n\nFocus requested by the user: ${userPrompt.trim()}` : '';
      const answer = parseObject(await ask(SUMMARY_PROMPT, `${context(meeting)}${focus}`, true));
      const summary: SummaryResult = {
        ai_model: model,
        markdown: requireString(answer.markdown, 'markdown'),
        key_points: stringList(answer.key_points, 'key_points'),
        action_items: stringList(answer.action_items, 'action_items'),
      };
      return summary;
    },
    async ask(meeting, request) {
      const doc = await documentFor(meeting, request.question, request.sourceContent, 'answer');
      return { ...doc, next_actions: defaultNextActions() };
    },
    generateDocument: (meeting, request) =>
      documentFor(meeting, request.prompt, request.sourceContent, 'document'),
    async followUpEmail(meeting, summary) {
      const recap = summary ? `\n\nSummary already written:\n${summary.markdown}` : '';
      const answer = parseObject(await ask(EMAIL_PROMPT, `${context(meeting)}${recap}`, true));
      return {
        ai_model: model,
        subject: requireString(answer.subject, 'subject'),
        body_html: requireString(answer.body_html, 'body_html'),
      };
    },
    async extractContacts(meeting) {
      const answer = parseObject(await ask(CONTACTS_PROMPT, context(meeting), true));
      const fromModel = (Array.isArray(answer.contacts) ? answer.contacts : []).flatMap(toContact);
      const seen = new Set(fromModel.map((c) => c.email.toLowerCase()));
      return [...fromModel, ...extractContacts(meeting).filter((c) => !seen.has(c.email.toLowerCase()))];
    },
  };
}

function meetingContext(meeting: MeetingContext, maxChars: number): string {
  const people = meeting.participants
    .map(
      (p) =>
        `${participantName(p)}${p.email ? ` <${p.email}>` : p.id.startsWith('em:') ? ` <${p.id.slice(3)}>` : ''}`,
    )
    .join(', ');
  const when = meeting.start_at
    ? [`Started: ${meeting.start_at}${meeting.end_at ? `, ended: ${meeting.end_at}` : ''}`]
    : [];
  return [
    `Meeting: ${meeting.title || 'Untitled meeting'}`,
    ...when,
    `Participants: ${people || 'unknown'}`,
    '',
    'Transcript:',
    transcriptText(meeting, maxChars) || '(empty)',
  ].join('\n');
}

/** A reply wrapped whole in a ``` fence is unwrapped; anything else is returned trimmed. */
function unfence(text: string): string {
  const m = /^```[a-z]*\n([\s\S]*?)\n```$/i.exec(text.trim());
  return (m?.[1] ?? text).trim();
}

function parseObject(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(unfence(content));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new EngineFailedError('llm', `model did not answer a JSON object: ${content.slice(0, 200)}`);
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new EngineFailedError('llm', `model answer lacks "${field}"`);
  return value;
}

function stringList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new EngineFailedError('llm', `model answer's "${field}" is not a list of strings`);
  }
  return value;
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** One model contact, or none when its e-mail is not an address (models invent "N/A"). */
function toContact(raw: unknown): ExtractedContact[] {
  if (!raw || typeof raw !== 'object') return [];
  const c = raw as Record<string, unknown>;
  const email = typeof c.email === 'string' ? c.email.trim() : '';
  if (!EMAIL.test(email)) return [];
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  return [
    {
      email,
      name: text(c.name) ?? email.split('@')[0] ?? email,
      company_name: text(c.company_name),
      company_position: text(c.company_position),
      social_profile_id: text(c.social_profile_id),
    },
  ];
}
