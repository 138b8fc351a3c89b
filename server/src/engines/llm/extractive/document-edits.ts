import type { MeetingContext } from '../llm.engine.js';
import { meetingSentences, participantName } from '../meeting-text.js';
import { detectActionItems } from './action-items.js';
import { actionLines, focusTerms, keyPointCount, pickKeyPoints } from './extractive-summary.js';
import { mdText } from './markdown-text.js';

// Edit mode without a language model: the instruction is matched against a few fixed forms, each
// applied exactly; several can be chained with ";" or line breaks. Anything else leaves the
// document unchanged and says so in the notes — a rule-based editor must not pretend.
//   "change/set the title to X"             → the first "# " heading becomes X (added when missing)
//   "replace/change/rename X with/to Y"     → every occurrence of X (quotes optional)
//   "remove/delete the X section" / "remove X" → the section under a heading containing X, else the lines containing X
//   "add action items | key points | summary | participants | decisions" → that section, from the meeting
//   "add: text" / "append: text" / add "text" → the text as a new paragraph at the end
// Any of them can name a section ("in the Budget section, replace X with Y", "add: call Acme to the
// Next steps section", "remove Friday from the Risks section"): it then applies to that section
// alone, and a section the document does not have changes nothing and says so.

export interface EditOutcome {
  markdown: string;
  notes: string[];
}

export const SUPPORTED_EDITS =
  'change the title to X; replace X with Y; remove the X section; add action items / key points / participants / decisions; add: <text>';

const QUOTED = `["“'‘]?(.+?)["”'’]?`;
const TITLE = new RegExp(`^(?:set|change|make|rename)\\s+the\\s+title\\s+(?:to\\s+)?${QUOTED}\\.?$`, 'i');
const REPLACE = new RegExp(
  `^(?:replace|change|rename)\\s+${QUOTED}\\s+(?:with|to|by|into)\\s+${QUOTED}\\.?$`,
  'i',
);
const REMOVE = new RegExp(
  `^(?:remove|delete|drop)\\s+(?:the\\s+)?(?:section\\s+)?${QUOTED}(?:\\s+section)?\\.?$`,
  'i',
);
const ADD_TEXT = /^(?:add|append)\s*(?::\s*(.+)|["“'‘](.+?)["”'’])$/is;
/** "<edit> in/to/from/under the X section" or "in/under the X section, <edit>". */
const SCOPE_AFTER = /^(.+?)\s+(?:in|to|from|under|within|of)\s+the\s+["“'‘]?(.+?)["”'’]?\s+section\.?$/is;
const SCOPE_BEFORE = /^(?:in|under|within)\s+the\s+["“'‘]?(.+?)["”'’]?\s+section\s*[,:]\s*(.+)$/is;
const ADD_SECTION = /^(?:add|append|include)\s+(?:an?\s+|the\s+)?(.+?)(?:\s+section)?\.?$/i;

export function applyEdits(source: string, instruction: string, meeting: MeetingContext): EditOutcome {
  let markdown = source;
  const notes: string[] = [];
  for (const clause of instruction
    .split(/;|\n+/)
    .map((c) => c.trim())
    .filter(Boolean)) {
    const result = applyOne(markdown, clause, meeting);
    markdown = result.markdown;
    notes.push(result.note);
  }
  return { markdown, notes };
}

function applyOne(doc: string, clause: string, meeting: MeetingContext): { markdown: string; note: string } {
  const before = SCOPE_BEFORE.exec(clause);
  const after = before ? null : SCOPE_AFTER.exec(clause);
  const scoped = before
    ? { section: before[1], edit: before[2] }
    : after
      ? { section: after[2], edit: after[1] }
      : null;
  if (scoped?.section && scoped.edit && !REMOVE_WHOLE.test(clause))
    return inSection(doc, scoped.section.trim(), scoped.edit.trim(), meeting);
  return applyEverywhere(doc, clause, meeting);
}

/** "remove/delete the X section" names the section it removes; it is not an edit scoped to one. */
const REMOVE_WHOLE = /^(?:remove|delete|drop)\s+the\s+.+?\s+section\.?$/i;

/** The edit applied to the body of the first section whose heading contains `name` (any case). */
function inSection(
  doc: string,
  name: string,
  edit: string,
  meeting: MeetingContext,
): { markdown: string; note: string } {
  const lines = doc.split('\n');
  const needle = name.toLowerCase();
  const start = lines.findIndex(
    (l) =>
      /^#{1,6}\s/.test(l) &&
      l
        .replace(/^#+\s*/, '')
        .toLowerCase()
        .includes(needle),
  );
  if (start < 0) return { markdown: doc, note: `no section "${name}" in the document; nothing changed` };
  const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
  let end = start + 1;
  while (end < lines.length && !new RegExp(`^#{1,${level}}\\s`).test(lines[end] ?? '')) end++;
  const trailing =
    lines
      .slice(start + 1, end)
      .join('\n')
      .match(/\n*$/)?.[0] ?? '';
  const body = lines
    .slice(start + 1, end)
    .join('\n')
    .replace(/\n*$/, '');
  const result = applyEverywhere(body, edit, meeting);
  const edited = `${result.markdown.replace(/\n*$/, '')}${trailing || (end < lines.length ? '\n' : '')}`;
  return {
    markdown: [...lines.slice(0, start + 1), ...edited.split('\n'), ...lines.slice(end)].join('\n'),
    note: `in section "${lines[start]?.replace(/^#+\s*/, '')}": ${result.note}`,
  };
}

function applyEverywhere(
  doc: string,
  clause: string,
  meeting: MeetingContext,
): { markdown: string; note: string } {
  let m = TITLE.exec(clause);
  if (m?.[1]) {
    const title = `# ${m[1].trim()}`;
    const lines = doc.split('\n');
    const at = lines.findIndex((l) => /^#\s/.test(l));
    if (at >= 0) lines[at] = title;
    else lines.unshift(title, '');
    return { markdown: lines.join('\n'), note: `title set to "${m[1].trim()}"` };
  }
  m = REPLACE.exec(clause);
  if (m?.[1] && m[2] !== undefined) {
    const [from, to] = [m[1], m[2]];
    const count = doc.split(from).length - 1;
    if (count > 0)
      return { markdown: doc.split(from).join(to), note: `replaced ${count} × "${from}" with "${to}"` };
    const loose = new RegExp(escapeRegExp(from), 'gi');
    const found = doc.match(loose)?.length ?? 0;
    if (found === 0) return { markdown: doc, note: `"${from}" not found; nothing replaced` };
    return {
      markdown: doc.replace(loose, to),
      note: `replaced ${found} × "${from}" (any case) with "${to}"`,
    };
  }
  m = REMOVE.exec(clause);
  if (m?.[1]) return removeSection(doc, m[1].trim());
  m = ADD_TEXT.exec(clause);
  const added = m?.[1] ?? m?.[2];
  if (added) return { markdown: appendBlock(doc, [added.trim()]), note: 'text appended' };
  m = ADD_SECTION.exec(clause);
  if (m?.[1]) {
    const section = meetingSection(m[1].toLowerCase(), meeting);
    if (section)
      return {
        markdown: appendBlock(doc, section.lines),
        note: `${section.name} section added from the meeting`,
      };
  }
  return {
    markdown: doc,
    note: `no rule-based edit matches "${clause}"; document unchanged (supported: ${SUPPORTED_EDITS})`,
  };
}

function removeSection(doc: string, target: string): { markdown: string; note: string } {
  const lines = doc.split('\n');
  const needle = target.toLowerCase();
  const start = lines.findIndex((l) => /^#{1,6}\s/.test(l) && l.toLowerCase().includes(needle));
  if (start >= 0) {
    const level = /^#+/.exec(lines[start] ?? '')?.[0].length ?? 1;
    let end = start + 1;
    while (end < lines.length && !new RegExp(`^#{1,${level}}\\s`).test(lines[end] ?? '')) end++;
    lines.splice(start, end - start);
    return { markdown: lines.join('\n'), note: `section "${target}" removed` };
  }
  const kept = lines.filter((l) => !l.toLowerCase().includes(needle));
  if (kept.length === lines.length) return { markdown: doc, note: `"${target}" not found; nothing removed` };
  return {
    markdown: kept.join('\n'),
    note: `${lines.length - kept.length} line(s) containing "${target}" removed`,
  };
}

function meetingSection(
  what: string,
  meeting: MeetingContext,
): { name: string; lines: string[] } | undefined {
  const sentences = meetingSentences(meeting);
  if (/action|task|to-?do|next step/.test(what)) {
    return {
      name: 'action items',
      lines: ['## Action items', '', ...actionLines(detectActionItems(sentences))],
    };
  }
  if (/key point|summary|highlight|takeaway/.test(what)) {
    const points = pickKeyPoints(sentences, focusTerms(''), keyPointCount(sentences.length));
    return {
      name: 'key points',
      lines: ['## Key points', '', ...points.map((s) => `- ${mdText(s.text)} — *${mdText(s.speaker)}*`)],
    };
  }
  if (/participant|attendee|who (?:was|attended)/.test(what)) {
    return {
      name: 'participants',
      lines: ['## Participants', '', ...meeting.participants.map((p) => `- ${mdText(participantName(p))}`)],
    };
  }
  if (/decision/.test(what)) {
    const decided = sentences.filter((s) =>
      /\b(?:decided|agreed|decision|approved|settled on)\b/i.test(s.text),
    );
    const body =
      decided.length > 0
        ? decided.map((s) => `- ${mdText(s.text)} — *${mdText(s.speaker)}*`)
        : ['_No decisions stated in the meeting._'];
    return { name: 'decisions', lines: ['## Decisions', '', ...body] };
  }
  return undefined;
}

function appendBlock(doc: string, lines: readonly string[]): string {
  return `${doc.replace(/\s+$/, '')}\n\n${lines.join('\n')}\n`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
