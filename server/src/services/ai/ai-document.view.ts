import type { AnswerResult, MeetingContext } from '../../engines/llm/llm.engine.js';
import type { AiDocumentRow, PlanStep } from '../../store/ai-documents.store.js';
import { formatMicros } from '../timestamps.js';
import type { ReadAttachments } from './ai-attachments.js';

// The workflow plan of an ask-ai call (what was read, what the engine did) and the stored
// document as the client sees it.

export type { PlanStep };

export interface AiDocumentView {
  /** Document id = workflow_plan_id; pass it as source_document_id to make the next version. */
  id: string;
  meeting_id: string;
  parent_id: string | null;
  version: number;
  kind: string;
  ai_model: string;
  markdown_body: string;
  plan: PlanStep[];
  created_at: string;
}

export function aiDocumentView(row: AiDocumentRow): AiDocumentView {
  return {
    id: row.id,
    meeting_id: row.meeting_id,
    parent_id: row.parent_id,
    version: row.version,
    kind: row.kind,
    ai_model: row.ai_model,
    markdown_body: row.markdown,
    plan: row.plan,
    created_at: formatMicros(row.created_us),
  };
}

export function planSteps(input: {
  context: MeetingContext;
  parent: AiDocumentRow | undefined;
  sourceGiven: boolean;
  attachments: ReadAttachments;
  answer: AnswerResult;
}): PlanStep[] {
  const { context, parent, answer } = input;
  const steps: PlanStep[] = [
    {
      step: 'read_meeting',
      detail: `${context.utterances.length} transcript utterances, ${context.messages.length} chat messages, ${context.participants.length} participants`,
    },
  ];
  if (parent) {
    const replaced = input.sourceGiven ? '; its text replaced by source_content' : '';
    steps.push({ step: 'load_source', detail: `document ${parent.id} version ${parent.version}${replaced}` });
  } else if (input.sourceGiven) {
    steps.push({ step: 'load_source', detail: 'source_content' });
  }
  for (const a of input.attachments.outcomes) {
    steps.push({ step: 'read_attachment', detail: `${a.url}: ${a.read ? 'read' : 'not read'}, ${a.detail}` });
  }
  const edited = parent !== undefined || input.sourceGiven;
  steps.push({
    step: edited ? 'edit' : 'answer',
    detail: `${answer.ai_model}${answer.notes.length > 0 ? `: ${answer.notes.join('; ')}` : ''}`,
  });
  return steps;
}
