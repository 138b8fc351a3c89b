import type { DocumentResult, MeetingContext } from '../llm.engine.js';
import { clock, meetingSentences, type SpokenSentence } from '../meeting-text.js';
import { EXTRACTIVE_MODEL, focusTerms } from './extractive-summary.js';
import { mdText } from './markdown-text.js';
import { terms } from './text-terms.js';

// Questions that ask for a date, a number or a decision, answered without a language model: the
// answer is the sentence that carries one (a date, a figure, "we decided …") and shares the most
// words with the question, quoted with its speaker and time; other sentences on the topic follow.
// A question of another kind, or one no sentence answers, is left to the relevant-sentences document.

export type QuestionKind = 'date' | 'number' | 'decision';

const ASKS: Readonly<Record<QuestionKind, RegExp>> = {
  date: /\b(?:when|what (?:date|day|time)|which (?:date|day|week|month)|deadline|due date|how soon)\b/i,
  number:
    /\b(?:how (?:much|many|long|big|often)|what (?:is|was|['’]s) the (?:budget|cost|price|number|total|amount|figure|size)|budget|cost|price|headcount)\b/i,
  decision: /\b(?:decid\w*|decision\w*|agree\w*|conclu\w*|settle\w*|chose|choose|approv\w*)\b/i,
};

const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const MONTH =
  '(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)';
const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|half|percent)';

const CARRIES: Readonly<Record<QuestionKind, RegExp>> = {
  date: new RegExp(
    `\\b(?:${WEEKDAY}|${MONTH}\\b|tomorrow|tonight|next (?:week|month|quarter|year)|end of (?:the )?(?:day|week|month|quarter|year)|q[1-4]\\b|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)\\b|\\d{1,2}:\\d{2})`,
    'i',
  ),
  number: new RegExp(`\\d|\\b${NUMBER_WORD}\\b`, 'i'),
  decision:
    /\b(?:decided|agreed|decision|approved|settled on|concluded|we(?:['’]ll| will) go with|going with|chose)\b/i,
};

/** Words of the question that say what kind of answer it wants, not what it is about. */
const QUESTION_WORDS = new Set(
  'when date day time deadline due soon much many long big often number total amount figure size decide decided decision agree agreed conclude approved approve choose chose settle'.split(
    ' ',
  ),
);

export function questionKind(question: string): QuestionKind | undefined {
  if (ASKS.decision.test(question)) return 'decision';
  if (ASKS.date.test(question)) return 'date';
  if (ASKS.number.test(question)) return 'number';
  return undefined;
}

/** The answer document, or undefined when the question is not of a kind answered here or nothing carries it. */
export function answerQuestion(meeting: MeetingContext, question: string): DocumentResult | undefined {
  const kind = questionKind(question);
  if (!kind) return undefined;
  const topic = [...focusTerms(question)].filter((t) => !QUESTION_WORDS.has(t));
  const sentences = meetingSentences(meeting);
  const overlap = (s: SpokenSentence) => {
    const words = new Set(terms(s.text));
    return topic.filter((t) => words.has(t)).length;
  };
  const carriers = sentences
    .map((s, i) => ({ s, i, score: overlap(s) }))
    .filter(({ s, score }) => CARRIES[kind].test(s.text) && (score > 0 || topic.length === 0));
  if (carriers.length === 0) return undefined;
  // Most question words first; then a sentence that states a decision (the date "we decided" beats
  // the date someone floated); then the later one, which settles what came before.
  const rank = (c: (typeof carriers)[number]) => [c.score, CARRIES.decision.test(c.s.text) ? 1 : 0, c.i];
  const best = carriers.reduce((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    const i = ra.findIndex((v, k) => v !== rb[k]);
    return i >= 0 && (rb[i] ?? 0) > (ra[i] ?? 0) ? b : a;
  });
  const related = sentences.filter((s, i) => i !== best.i && topic.length > 0 && overlap(s) > 0).slice(0, 5);
  const quote = (s: SpokenSentence) =>
    `${mdText(s.text)} — *${mdText(s.speaker)}${s.at === undefined ? '' : `, ${clock(s.at)}`}*`;
  const lines = [
    `# ${mdText(question.trim())}`,
    '',
    '## Answer',
    '',
    `> ${quote(best.s)}`,
    ...(related.length ? ['', '## Also said on this', '', ...related.map((s) => `- ${quote(s)}`)] : []),
    '',
    `_Answered by ${EXTRACTIVE_MODEL}: the sentence of the meeting that states the ${kind} asked for, quoted as said._`,
  ];
  return { ai_model: EXTRACTIVE_MODEL, markdown: lines.join('\n'), notes: [`kind: answer (${kind})`] };
}
