import type { TranslateEngine } from '../../translate/translate.engine.js';
import type { DocumentResult } from '../llm.engine.js';

// "Translate the action items into Spanish", "… in French": an extractive engine cannot write in
// another language, but the service has a translator. The request is split into what to produce
// (built as usual) and the target language, and the result goes through the translator. A language
// the translator cannot reach leaves the document as it is, with a note that says why.

const REQUEST =
  /^(?:please\s+)?(?:can you\s+|could you\s+)?translate\s+(.*?)\s*(?:(?:in)?to|in)\s+([\p{L}][\p{L} ()-]*?)\s*(?:please)?[.?!]*$/iu;

export interface TranslateRequestParts {
  /** What to translate, as a prompt of its own ("the action items"); '' for "translate this". */
  what: string;
  /** The language as asked for: a code or a name. */
  language: string;
}

export function parseTranslateRequest(prompt: string): TranslateRequestParts | undefined {
  const m = REQUEST.exec(prompt.trim());
  if (!m?.[2]) return undefined;
  const what = (m[1] ?? '').replace(/^(?:this|it|that|the document|the text)$/i, '').trim();
  return { what, language: m[2].trim() };
}

export async function translateDocument(
  document: DocumentResult,
  language: string,
  translator: TranslateEngine | undefined,
): Promise<DocumentResult> {
  if (!translator) return untranslated(document, language, 'no translator is configured');
  const available = translator.status();
  if (!available.available)
    return untranslated(document, language, available.detail ?? 'the translator is unavailable');
  try {
    const result = await translator.translate({ text: document.markdown, targets: [language] });
    const [translation] = result.translations;
    if (!translation) return untranslated(document, language, 'the translator returned nothing');
    const via = translation.via?.length ? ` via ${translation.via.join(', ')}` : '';
    return {
      ...document,
      markdown: translation.text,
      notes: [
        ...document.notes,
        `translated from ${result.source_language} into ${translation.language}${via} by ${available.adapter}`,
      ],
    };
  } catch (error) {
    return untranslated(document, language, error instanceof Error ? error.message : String(error));
  }
}

function untranslated(document: DocumentResult, language: string, why: string): DocumentResult {
  return {
    ...document,
    markdown: `_Not translated into ${language}: ${why}._\n\n${document.markdown}`,
    notes: [...document.notes, `not translated into ${language}: ${why}`],
  };
}
