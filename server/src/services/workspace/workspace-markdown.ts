import {
  type Annotations,
  type Block,
  codeBlock,
  dividerBlock,
  type RichText,
  richText,
  textBlocks,
  todoBlock,
} from './workspace-blocks.js';

// Summary Markdown -> Notion blocks. Covers what summaries contain: headings, bullet, numbered and
// task lists, quotes, rules, fenced code and paragraphs, with **bold**, *italic*/_italic_, `code`,
// [links](https://…) and backslash escapes inline. Anything else is kept as plain text, so nothing
// of the summary is lost even where the formatting is not understood.

const BLOCK_RULES: { pattern: RegExp; build: (m: RegExpExecArray) => Block[] }[] = [
  { pattern: /^(-{3,}|\*{3,}|_{3,})$/, build: () => [dividerBlock()] },
  {
    pattern: /^(#{1,6})\s+(.*)$/,
    build: (m) => textBlocks(headingOf(m[1]?.length ?? 1), inline(m[2] ?? '')),
  },
  {
    pattern: /^[-*+]\s+\[([ xX])\]\s+(.*)$/,
    build: (m) => [todoBlock(inline(m[2] ?? ''), m[1] !== ' ')],
  },
  { pattern: /^[-*+]\s+(.*)$/, build: (m) => textBlocks('bulleted_list_item', inline(m[1] ?? '')) },
  { pattern: /^\d+[.)]\s+(.*)$/, build: (m) => textBlocks('numbered_list_item', inline(m[1] ?? '')) },
  { pattern: /^>\s?(.*)$/, build: (m) => textBlocks('quote', inline(m[1] ?? '')) },
];

export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(...textBlocks('paragraph', inline(paragraph.join(' '))));
    paragraph.length = 0;
  };
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line.startsWith('```')) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !(lines[i] ?? '').trim().startsWith('```')) code.push(lines[i] ?? '');
      blocks.push(codeBlock(code.join('\n')));
      continue;
    }
    if (line === '') {
      flush();
      continue;
    }
    const rule = BLOCK_RULES.map((r) => ({ r, m: r.pattern.exec(line) })).find((x) => x.m);
    if (!rule?.m) {
      paragraph.push(line);
      continue;
    }
    flush();
    blocks.push(...rule.r.build(rule.m));
  }
  flush();
  return blocks;
}

function headingOf(level: number): 'heading_1' | 'heading_2' | 'heading_3' {
  return level <= 1 ? 'heading_1' : level === 2 ? 'heading_2' : 'heading_3';
}

const LINK = /^\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/;
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Inline Markdown -> rich-text items with annotations. */
export function inline(text: string): RichText[] {
  const items: RichText[] = [];
  const state: Annotations = {};
  let buffer = '';
  const flush = () => {
    if (buffer) items.push(...richText(buffer, state));
    buffer = '';
  };
  const toggle = (key: 'bold' | 'italic') => {
    flush();
    state[key] = !state[key];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && /[\\`*_[\]<>|#+\-.!()]/.test(next)) {
      buffer += next;
      i++;
    } else if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) buffer += c;
      else {
        flush();
        items.push(...richText(text.slice(i + 1, end), { ...state, code: true }));
        i = end;
      }
    } else if (c === '*' && next === '*') {
      toggle('bold');
      i++;
    } else if (c === '*' || (c === '_' && !(isWordChar(text[i - 1]) && isWordChar(next)))) {
      toggle('italic');
    } else if (c === '[' && LINK.test(text.slice(i))) {
      const m = LINK.exec(text.slice(i)) as RegExpExecArray;
      flush();
      items.push(...richText(m[1] ?? '', state, m[2]));
      i += m[0].length - 1;
    } else buffer += c;
  }
  flush();
  return items;
}
