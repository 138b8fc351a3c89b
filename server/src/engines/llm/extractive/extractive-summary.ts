import type { MeetingContext, SummaryResult } from '../llm.engine.js';
import { meetingSentences, participantName, type SpokenSentence } from '../meeting-text.js';
import { type ActionItem, detectActionItems } from './action-items.js';
import { mdText } from './markdown-text.js';
import { rankSentences, topIndices } from './sentence-rank.js';
import { terms } from './text-terms.js';

// The extractive summary: key sentences quoted from the meeting (TextRank over TF-IDF), the action
// items found by rule, and an overview from the meeting's data. A user prompt steers it the only
// way an extractive method can, deterministically: its content words ("focus terms") boost every
// sentence that contains them (×1.75 per distinct term), and the prompt is printed as the Focus line.

export const EXTRACTIVE_MODEL = 'parley-extractive-1';

/** Words of a prompt that ask for the summary rather than name a topic; they do not steer ranking. */
const INSTRUCTION_WORDS = new Set(
  'summary summarize summarise summarizing focus emphasis emphasize highlight please meeting include mention point key main short brief detailed list write give make call discussion discuss talk'.split(
    ' ',
  ),
);

export function focusTerms(prompt: string | null | undefined): Set<string> {
  return new Set(terms(prompt ?? '').filter((t) => !INSTRUCTION_WORDS.has(t)));
}

/** About √n key points, between 3 and 10. */
export function keyPointCount(sentences: number): number {
  return Math.min(sentences, Math.max(3, Math.min(10, Math.round(Math.sqrt(sentences) * 1.2))));
}

export function pickKeyPoints(sentences: readonly SpokenSentence[], focus: ReadonlySet<string>, k: number) {
  const scores = rankSentences(
    sentences.map((s) => s.text),
    focus,
  );
  return topIndices(scores, k).map((i) => sentences[i] as SpokenSentence);
}

export function buildSummary(meeting: MeetingContext, userPrompt?: string | null): SummaryResult {
  const sentences = meetingSentences(meeting);
  const prompt = userPrompt?.trim();
  const keyPoints = pickKeyPoints(sentences, focusTerms(prompt), keyPointCount(sentences.length));
  const actions = detectActionItems(sentences);
  const lines = [`# Summary: ${mdText(meeting.title || 'Untitled meeting')}`, ''];
  if (prompt) lines.push(`**Focus:** ${mdText(prompt)}`, '');
  lines.push('## Overview', '', ...overview(meeting, sentences), '');
  lines.push('## Key points', '');
  if (keyPoints.length === 0) lines.push('_Nothing was said or written in this meeting._');
  for (const s of keyPoints) lines.push(`- ${mdText(s.text)} — *${mdText(s.speaker)}*`);
  lines.push('', '## Action items', '', ...actionLines(actions), '');
  lines.push(
    `_Extractive summary (${EXTRACTIVE_MODEL}): the points above are sentences quoted from the meeting, chosen by ranking; nothing was generated._`,
  );
  return {
    ai_model: EXTRACTIVE_MODEL,
    markdown: lines.join('\n'),
    key_points: keyPoints.map((s) => s.text),
    action_items: actions.map(actionText),
  };
}

export function actionLines(actions: readonly ActionItem[]): string[] {
  if (actions.length === 0) return ['_No action items detected._'];
  return actions.map((a) => {
    const meta = [a.owner ? `**Owner:** ${mdText(a.owner)}` : '', a.due ? `**Due:** ${mdText(a.due)}` : '']
      .filter(Boolean)
      .join(' · ');
    return `- [ ] ${mdText(a.text)}${meta ? ` — ${meta}` : ''}`;
  });
}

export function actionText(a: ActionItem): string {
  return [
    a.text,
    a.owner ? `(owner: ${a.owner}${a.due ? `, due: ${a.due}` : ''})` : a.due ? `(due: ${a.due})` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function overview(meeting: MeetingContext, sentences: readonly SpokenSentence[]): string[] {
  const lines: string[] = [];
  if (meeting.start_at) {
    const start = new Date(meeting.start_at);
    const when = `${start.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const minutes = meeting.end_at
      ? Math.round((Date.parse(meeting.end_at) - start.getTime()) / 60_000)
      : undefined;
    lines.push(`- **When:** ${when}${minutes !== undefined && minutes >= 0 ? ` (${minutes} min)` : ''}`);
  }
  const names = meeting.participants.map(participantName);
  if (names.length > 0) lines.push(`- **Participants (${names.length}):** ${names.map(mdText).join(', ')}`);
  const spoken = sentences.filter((s) => s.source === 'transcript').length;
  lines.push(`- **Source:** ${spoken} transcript sentences, ${sentences.length - spoken} chat sentences`);
  return lines;
}
