// Splits text into runs to translate and runs to keep verbatim, so a translation keeps the text's
// structure: joining every run gives back the input exactly. Kept verbatim: line breaks and blank
// lines, fenced code blocks, inline code, link and image destinations, URLs, e-mail addresses, HTML tags, {{placeholders}},
// heading / list / quote / task markers, table pipes and separator rows, thematic breaks, the
// whitespace around text, and pieces with no letters (numbers, symbols). Emphasis markers (** _) stay
// inside the text runs: cutting sentences at them would hurt the translation more than it protects.
// Link text is translated as its own run: the URL after it must never reach a translator.

export interface Run {
  translate: boolean;
  text: string;
}

/** Longest run handed to a translator; longer text is cut at sentence ends, then at spaces. */
export const MAX_RUN_CHARS = 2_000;

const LINE = /[^\r\n]*(?:\r\n|\n|\r)?/g;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const TABLE_SEPARATOR = /^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)+\|?[ \t]*$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*\S+/;
const LINE_PREFIX =
  /^[ \t]*(?:>[ \t]?)*[ \t]*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/;
// Inline pieces kept verbatim; a link's text (group 2) is translated between its kept brackets.
const INLINE =
  /(`+)[^`]*?\1|(!?\[)([^\]\n]*)(\]\([^)\n]*\)|\]\[[^\]\n]*\])|<(?:https?:|mailto:)[^>\s]*>|<\/?[A-Za-z][^>\n]*>|https?:\/\/[^\s<>()]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\{\{[^}\n]*\}\}/g;
const HAS_LETTER = /\p{L}/u;

export function joinRuns(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join('');
}

export function splitRuns(source: string): Run[] {
  const runs: Run[] = [];
  let fence: { char: string; length: number } | undefined;
  for (const [full] of source.matchAll(LINE)) {
    if (full === '') continue;
    const body = full.replace(/(?:\r\n|\n|\r)$/, '');
    const ending = full.slice(body.length);
    const opening = FENCE_OPEN.exec(body);
    if (fence) {
      const closes = opening && opening[1]?.[0] === fence.char && (opening[1]?.length ?? 0) >= fence.length;
      if (closes && body.trim() === opening[1]) fence = undefined;
      keep(runs, full);
      continue;
    }
    if (opening?.[1]) {
      fence = { char: opening[1][0] ?? '`', length: opening[1].length };
      keep(runs, full);
      continue;
    }
    splitLine(runs, body);
    keep(runs, ending);
  }
  return runs;
}

function splitLine(runs: Run[], line: string): void {
  if (THEMATIC_BREAK.test(line) || TABLE_SEPARATOR.test(line) || LINK_DEFINITION.test(line)) {
    keep(runs, line);
    return;
  }
  const prefix = LINE_PREFIX.exec(line)?.[0] ?? '';
  keep(runs, prefix);
  const rest = line.slice(prefix.length);
  if (rest.trimStart().startsWith('|')) {
    // A table row: cells are translated one by one, the pipes stay.
    for (const part of rest.split(/(\|)/)) (part === '|' ? keep : splitInline)(runs, part);
    return;
  }
  splitInline(runs, rest);
}

function splitInline(runs: Run[], text: string): void {
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index ?? 0;
    addText(runs, text.slice(at, start));
    if (match[2] !== undefined) {
      keep(runs, match[2]);
      addText(runs, match[3] ?? '');
      keep(runs, match[4] ?? '');
    } else {
      keep(runs, match[0]);
    }
    at = start + match[0].length;
  }
  addText(runs, text.slice(at));
}

/** Text with its surrounding whitespace split off; letterless text is kept, long text is cut. */
function addText(runs: Run[], text: string): void {
  const core = text.trim();
  if (core === '' || !HAS_LETTER.test(core)) {
    keep(runs, text);
    return;
  }
  const lead = text.slice(0, text.indexOf(core));
  keep(runs, lead);
  for (const piece of cutLong(core)) {
    if (piece.translate) runs.push(piece);
    else keep(runs, piece.text);
  }
  keep(runs, text.slice(lead.length + core.length));
}

/** Cuts text longer than MAX_RUN_CHARS after sentence ends (else at spaces, else anywhere). */
function cutLong(text: string): Run[] {
  if (text.length <= MAX_RUN_CHARS) return [{ translate: true, text }];
  const out: Run[] = [];
  let rest = text;
  while (rest.length > MAX_RUN_CHARS) {
    const window = rest.slice(0, MAX_RUN_CHARS);
    const sentenceEnd = Math.max(
      ...[...window.matchAll(/[.!?。！？](\s+)/gu)].map((m) => (m.index ?? 0) + 1),
      -1,
    );
    const space = window.lastIndexOf(' ');
    const cut = sentenceEnd > 0 ? sentenceEnd : space > 0 ? space : MAX_RUN_CHARS;
    out.push({ translate: true, text: rest.slice(0, cut) });
    const gap = /^\s*/.exec(rest.slice(cut))?.[0] ?? '';
    if (gap) out.push({ translate: false, text: gap });
    rest = rest.slice(cut + gap.length);
  }
  if (rest) out.push({ translate: HAS_LETTER.test(rest), text: rest });
  return out;
}

function keep(runs: Run[], text: string): void {
  if (text === '') return;
  const last = runs.at(-1);
  if (last && !last.translate) last.text += text;
  else runs.push({ translate: false, text });
}
