import type { EngineStatus } from '../engine.js';
import { extractContacts } from './contact-extraction.js';
import { buildDocument } from './extractive/extractive-document.js';
import { buildSummary, EXTRACTIVE_MODEL } from './extractive/extractive-summary.js';
import { buildFollowUpEmail } from './extractive/followup-email.js';
import { answerQuestion } from './extractive/question-answer.js';
import { defaultNextActions, type MeetingAiEngine } from './llm.engine.js';

// Meeting AI with no language model: extractive summaries (TextRank), rule-based action items,
// documents and edits, a template follow-up e-mail and regex contact extraction. Deterministic —
// the same meeting always gives the same text — and named honestly in `ai_model`.

export const EXTRACTIVE_ADAPTER = 'parley-extractive';

export function createExtractiveMeetingAi(): MeetingAiEngine {
  return {
    model: EXTRACTIVE_MODEL,
    status: (): EngineStatus => ({
      engine: 'llm',
      adapter: EXTRACTIVE_ADAPTER,
      available: true,
      detail: `${EXTRACTIVE_MODEL}: extractive and rule-based, no language model`,
    }),
    summarize: async (meeting, options = {}) => buildSummary(meeting, options.userPrompt),
    ask: async (meeting, request) => ({
      ...((request.sourceContent === undefined || request.sourceContent === null
        ? answerQuestion(meeting, request.question)
        : undefined) ?? buildDocument(meeting, request.question, request.sourceContent)),
      next_actions: defaultNextActions(),
    }),
    generateDocument: async (meeting, request) =>
      buildDocument(meeting, request.prompt, request.sourceContent),
    followUpEmail: async (meeting, summary) => buildFollowUpEmail(meeting, summary ?? buildSummary(meeting)),
    extractContacts: async (meeting) => extractContacts(meeting),
  };
}
