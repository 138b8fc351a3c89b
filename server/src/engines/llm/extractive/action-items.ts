import type { SpokenSentence } from '../meeting-text.js';

// Action items by rule, sentence by sentence. A sentence is an action item when it
//   - names one: "action item", "to-do", "follow up", "next step";
//   - commits someone: I/we/you/they/he/she or a capitalised name + will / 'll / shall / is going to /
//     need(s) to / have to / has to / must / should;
//   - proposes or asks: starts with "let's" / "let us" / "please", or "can/could you" + a task verb;
// and is not a negative commitment ("we won't", "no need to") nor a question other than such a request.
// A commitment is to do something: the verb after the modal is not a state ("I'll be out", "we need to
// know") and, without a date, not a part of running the meeting itself ("I'll keep time", "I'll take
// notes", "I'll go first"). A leading introduction ("I'm Priya, …") is not part of the item.
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
/** Modal + the verb phrase after it: what a commitment commits to. */
const COMMITTED_VERB =
  /\b(?:['’]ll|will|shall|going to|need to|needs to|have to|has to|must|should)\s+(?:also\s+|then\s+|just\s+)?([\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2})/iu;
/** Verbs of being, knowing and wanting: no one does anything after "I'll be" or "we need to know". */
const STATE_VERBS = new Set(
  'be know think feel hope like love want guess assume mean remember wonder seem'.split(' '),
);
/** Running the meeting now, not work after it (unless a date says otherwise). */
const MEETING_ROLE =
  /^(?:keep (?:the )?time|take (?:the )?(?:notes|minutes)|chair|moderate|facilitate|host|go first|start|begin|kick (?:it |things )?off|introduce|hand (?:it )?over|pass (?:it )?(?:on|over)|share my screen|present now|wrap up)\b/i;
/** "I'm Priya", "my name is Tomás Ortega", "this is Ben from Acme" opening a sentence, up to its comma or dash. */
const LEADING_INTRODUCTION =
  /^(?:[Hh]i|[Hh]ello|[Hh]ey)?[,!\s]*(?:I am|I['’]m|[Mm]y name is|[Tt]his is)\s+[A-Z][\p{L}'’-]*(?:\s+[A-Z][\p{L}'’-]*)*(?:\s+(?:from|at|with)\s+[A-Z][\p{L}\d&.-]*)?\s*[,;—–-]\s*/u;

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

export function isActionItem(text: string): boolean {
  const sentence = withoutIntroduction(text);
  if (NEGATIVE.test(sentence)) return false;
  if (!commitsToDoing(sentence)) return false;
  if (REQUEST.test(sentence)) return true;
  if (/\?\s*$/.test(sentence)) return false;
  return (
    MARKER.test(sentence) ||
    COMMITMENT.test(sentence) ||
    PROPOSAL.test(sentence) ||
    namedOwner(sentence) !== undefined
  );
}

/** "I'm Priya, I'll send the deck" → "I'll send the deck"; an introduction alone stays as it is. */
function withoutIntroduction(sentence: string): string {
  const intro = LEADING_INTRODUCTION.exec(sentence);
  return intro ? sentence.slice(intro[0].length) : sentence;
}

function commitsToDoing(sentence: string): boolean {
  const phrase = COMMITTED_VERB.exec(sentence)?.[1];
  if (phrase === undefined) return true;
  const verb = phrase.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (STATE_VERBS.has(verb)) return false;
  return !(MEETING_ROLE.test(phrase) && !DUE.test(sentence));
}

export function detectActionItems(sentences: readonly SpokenSentence[]): ActionItem[] {
  const seen = new Set<string>();
  const items: ActionItem[] = [];
  for (const s of sentences) {
    if (!isActionItem(s.text)) continue;
    const text = withoutIntroduction(s.text);
    const key = text.toLowerCase().replace(/\W+/g, ' ').trim();
    if (seen.has(key)) continue;
    seen.add(key);
    const owner = ownerOf({ ...s, text });
    const due = DUE.exec(text);
    items.push({
      text,
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
