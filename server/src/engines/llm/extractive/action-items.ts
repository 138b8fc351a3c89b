import type { SpokenSentence } from '../meeting-text.js';

// Action items by rule, sentence by sentence. A sentence is an action item when it
//   - names one: "action item", "to-do", "follow up", "next step";
//   - commits someone: I/we/you/they/he/she or a capitalised name + will / 'll / shall / is going to /
//     need(s) to / have to / has to / must / should;
//   - proposes or asks: starts with "let's" / "let us" / "please", or "can/could you" + a task verb;
// and is not a negative commitment ("we won't", "no need to") nor a question other than such a request.
// Owner: a named person, the speaker for "I", "Team" for "we"/"let's"; due: "by Friday", "tomorrow",
// "end of the week", "next week", a date.

export interface ActionItem {
  text: string;
  owner?: string;
  due?: string;
}

const MARKER = /\b(?:action items?|to-?dos?|follow[- ]?up|next steps?)\b/i;
const COMMITMENT =
  /\b(i|we|you|they|he|she)(?:['’]ll|\s+(?:will|shall|am going to|are going to|is going to|need to|needs to|have to|has to|must|should))\b/i;
const NAMED_COMMITMENT = /\b([A-Z][\p{L}'-]+)\s+(?:will|is going to|needs to|has to|should)\b/u;
const PROPOSAL = /^(?:let['’]s|let us|please)\b/i;
const REQUEST =
  /\b(?:can|could|would) you\s+(?:please\s+)?(?:send|share|prepare|review|check|update|schedule|book|write|draft|call|e-?mail|follow|finish|fix|ask|set up|create|add)\b/i;
const NEGATIVE =
  /\b(?:won['’]t|will not|wouldn['’]t|no need to|don['’]t need to|do not need to|shouldn['’]t)\b/i;
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';
const DUE = new RegExp(
  `\\b(?:(?:by|before|until|due|on)\\s+((?:next\\s+|this\\s+)?${WEEKDAY}|(?:the\\s+)?end of (?:the\\s+)?(?:day|week|month|quarter|year)|eod|eow|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{4}-\\d{2}-\\d{2})|(tomorrow|tonight|next week|next month|this week|later today))\\b`,
  'i',
);
const NOT_NAMES = new Set([
  'We',
  'You',
  'They',
  'He',
  'She',
  'It',
  'This',
  'That',
  'There',
  'What',
  'Which',
  'Who',
  'Everyone',
  'Nobody',
  'Someone',
]);

export function isActionItem(sentence: string): boolean {
  if (NEGATIVE.test(sentence)) return false;
  if (REQUEST.test(sentence)) return true;
  if (/\?\s*$/.test(sentence)) return false;
  return (
    MARKER.test(sentence) ||
    COMMITMENT.test(sentence) ||
    PROPOSAL.test(sentence) ||
    namedOwner(sentence) !== undefined
  );
}

export function detectActionItems(sentences: readonly SpokenSentence[]): ActionItem[] {
  const seen = new Set<string>();
  const items: ActionItem[] = [];
  for (const s of sentences) {
    if (!isActionItem(s.text)) continue;
    const key = s.text.toLowerCase().replace(/\W+/g, ' ').trim();
    if (seen.has(key)) continue;
    seen.add(key);
    const owner = ownerOf(s);
    const due = DUE.exec(s.text);
    items.push({
      text: s.text,
      ...(owner ? { owner } : {}),
      ...(due ? { due: (due[1] ?? due[2] ?? '').replace(/\s+/g, ' ') } : {}),
    });
  }
  return items;
}

function ownerOf(s: SpokenSentence): string | undefined {
  const named = namedOwner(s.text);
  if (named) return named;
  const who = COMMITMENT.exec(s.text)?.[1]?.toLowerCase();
  if (who === 'i') return s.speaker;
  if (who === 'we' || /^let['’]s|^let us/i.test(s.text)) return 'Team';
  return undefined;
}

function namedOwner(text: string): string | undefined {
  const name = NAMED_COMMITMENT.exec(text)?.[1];
  return name && !NOT_NAMES.has(name) ? name : undefined;
}
