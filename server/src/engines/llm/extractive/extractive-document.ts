import type { DocumentResult, MeetingContext } from '../llm.engine.js';
import { clock, displayName, meetingSentences } from '../meeting-text.js';
import { detectActionItems } from './action-items.js';
import { applyEdits } from './document-edits.js';
import {
  actionLines,
  buildSummary,
  EXTRACTIVE_MODEL,
  focusTerms,
  overview,
  pickKeyPoints,
} from './extractive-summary.js';
import { mdText } from './markdown-text.js';

// Documents from a prompt, without a language model. The prompt picks the kind of document by
// keyword, checked in this order, and its remaining content words pick the sentences:
//   transcript / verbatim          → the whole transcript
//   minutes                        → overview, the 15 most central sentences in time order, action items
//   action item / task / to-do     → the action items
//   summary / summarize            → the extractive summary, focused by the prompt
//   anything else                  → the sentences that contain the prompt's words, best first in time order
// With source content the prompt is an edit instruction instead (document-edits.ts).

const MINUTES_POINTS = 15;
const RELEVANT_POINTS = 10;

export function buildDocument(
  meeting: MeetingContext,
  prompt: string,
  sourceContent?: string | null,
): DocumentResult {
  if (sourceContent !== undefined && sourceContent !== null) {
    const edited = applyEdits(sourceContent, prompt, meeting);
    return { ai_model: EXTRACTIVE_MODEL, markdown: edited.markdown, notes: edited.notes };
  }
  const p = prompt.toLowerCase();
  const sentences = meetingSentences(meeting);
  const title = `# ${mdText(titleFrom(prompt) || meeting.title || 'Meeting document')}`;
  const footer = `_Written by ${EXTRACTIVE_MODEL} from the meeting "${mdText(meeting.title || 'Untitled meeting')}": quoted sentences, nothing generated._`;
  if (/\b(?:transcript|verbatim)\b/.test(p)) {
    const spoken = [...meeting.utterances].sort((a, b) => (a.start_seconds ?? 0) - (b.start_seconds ?? 0));
    const body = [
      ...spoken.map((u) => {
        const at = u.start_seconds === undefined ? '' : `[${clock(u.start_seconds)}] `;
        return `- **${at}${mdText(displayName(meeting, u.speaker))}:** ${mdText(u.text)}`;
      }),
      ...meeting.messages.map(
        (m) => `- **(chat) ${mdText(displayName(meeting, m.sender_id))}:** ${mdText(m.text)}`,
      ),
    ];
    return result([title, '', ...body, '', footer], 'transcript');
  }
  if (/\bminutes\b/.test(p)) {
    const points = pickKeyPoints(sentences, focusTerms(prompt), Math.min(MINUTES_POINTS, sentences.length));
    return result(
      [
        title,
        '',
        '## Overview',
        '',
        ...overview(meeting, sentences),
        '',
        '## Discussion',
        '',
        ...points.map((s) => `- **${mdText(s.speaker)}:** ${mdText(s.text)}`),
        '',
        '## Action items',
        '',
        ...actionLines(detectActionItems(sentences)),
        '',
        footer,
      ],
      'minutes',
    );
  }
  if (/\b(?:action items?|tasks?|to-?dos?|next steps?)\b/.test(p)) {
    return result([title, '', ...actionLines(detectActionItems(sentences)), '', footer], 'action items');
  }
  if (/\bsummar/.test(p)) {
    const summary = buildSummary(meeting, prompt);
    return {
      ai_model: EXTRACTIVE_MODEL,
      markdown: summary.markdown,
      notes: ['kind: summary, focused by the prompt'],
    };
  }
  const focus = focusTerms(prompt);
  const relevant = sentences.filter((s) => [...focus].some((t) => s.text.toLowerCase().includes(t)));
  const points = pickKeyPoints(relevant, focus, Math.min(RELEVANT_POINTS, relevant.length));
  const body =
    points.length > 0
      ? points.map((s) => `- ${mdText(s.text)} — *${mdText(s.speaker)}*`)
      : [`_Nothing in the meeting mentions ${[...focus].map((t) => `"${t}"`).join(', ') || 'the prompt'}._`];
  return result([title, '', '## From the meeting', '', ...body, '', footer], 'relevant sentences');
}

function result(lines: string[], kind: string): DocumentResult {
  return { ai_model: EXTRACTIVE_MODEL, markdown: lines.join('\n'), notes: [`kind: ${kind}`] };
}

/** The prompt's first line, without a trailing question mark or period, at most 80 characters. */
function titleFrom(prompt: string): string {
  const first =
    prompt
      .trim()
      .split('\n')[0]
      ?.replace(/[.?!:]+$/, '') ?? '';
  return first.length > 80 ? `${first.slice(0, 77)}…` : first;
}
