import type { EngineStatus } from '../engine.js';
import type { TranslateEngine } from '../translate/translate.engine.js';
import { extractContacts } from './contact-extraction.js';
import { buildDocument } from './extractive/extractive-document.js';
import { buildSummary, EXTRACTIVE_MODEL } from './extractive/extractive-summary.js';
import { buildFollowUpEmail } from './extractive/followup-email.js';
import { answerQuestion } from './extractive/question-answer.js';
import { parseTranslateRequest, translateDocument } from './extractive/translate-request.js';
import {
  type DocumentResult,
  defaultNextActions,
  type MeetingAiEngine,
  type MeetingContext,
} from './llm.engine.js';

// Meeting AI with no language model: extractive summaries (TextRank), rule-based action items,
// documents and edits, a template follow-up e-mail and regex contact extraction. Deterministic —
// the same meeting always gives the same text — and named honestly in `ai_model`.

export const EXTRACTIVE_ADAPTER = 'parley-extractive';

export interface ExtractiveMeetingAiOptions {
  /** Serves "translate … into <language>" requests; without it they are answered untranslated, saying so. */
  translator?: TranslateEngine;
}

export function createExtractiveMeetingAi(options: ExtractiveMeetingAiOptions = {}): MeetingAiEngine {
  /** A document for `prompt`; a translate request builds what it names, then hands it to the translator. */
  const write = async (meeting: MeetingContext, prompt: string, sourceContent?: string | null) => {
    const translate = parseTranslateRequest(prompt);
    if (translate) {
      const hasSource = sourceContent !== undefined && sourceContent !== null;
      const document: DocumentResult = hasSource
        ? { ai_model: EXTRACTIVE_MODEL, markdown: sourceContent, notes: ['kind: source content'] }
        : buildDocument(meeting, translate.what || 'summary');
      return translateDocument(document, translate.language, options.translator);
    }
    if (sourceContent === undefined || sourceContent === null) {
      const answer = answerQuestion(meeting, prompt);
      if (answer) return answer;
    }
    return buildDocument(meeting, prompt, sourceContent);
  };
  return {
    model: EXTRACTIVE_MODEL,
    status: (): EngineStatus => ({
      engine: 'llm',
      adapter: EXTRACTIVE_ADAPTER,
      available: true,
      detail: `${EXTRACTIVE_MODEL}: extractive and rule-based, no language model${options.translator ? '; translate requests go to the translator' : ''}`,
    }),
    summarize: async (meeting, options = {}) => buildSummary(meeting, options.userPrompt),
    ask: async (meeting, request) => ({
      ...(await write(meeting, request.question, request.sourceContent)),
      next_actions: defaultNextActions(),
    }),
    generateDocument: (meeting, request) => write(meeting, request.prompt, request.sourceContent),
    followUpEmail: async (meeting, summary) => buildFollowUpEmail(meeting, summary ?? buildSummary(meeting)),
    extractContacts: async (meeting) => extractContacts(meeting),
  };
}
