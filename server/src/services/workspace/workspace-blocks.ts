// The few Notion block and rich-text shapes the upload writes, and Notion's request limits
// (https://developers.notion.com/reference/request-limits): a text content of at most 2000
// characters, at most 100 rich-text items per block, at most 100 children per request, and a
// request body of at most 500 KB. Builders here never produce an item over those limits.

export const NotionLimits = {
  textChars: 2000,
  richTextItems: 100,
  children: 100,
  /** Below Notion's 500 KB, leaving room for the title and the JSON around the children. */
  childrenBytes: 450_000,
} as const;

export interface Annotations {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
}

export interface RichText {
  type: 'text';
  text: { content: string; link?: { url: string } };
  annotations?: Annotations;
}

type TextBlockType =
  | 'paragraph'
  | 'heading_1'
  | 'heading_2'
  | 'heading_3'
  | 'bulleted_list_item'
  | 'numbered_list_item'
  | 'quote';

export type Block =
  | { object: 'block'; type: TextBlockType; [key: string]: unknown }
  | { object: 'block'; type: 'to_do'; to_do: { rich_text: RichText[]; checked: boolean } }
  | { object: 'block'; type: 'code'; code: { rich_text: RichText[]; language: string } }
  | { object: 'block'; type: 'divider'; divider: Record<string, never> };

/** Rich-text items for `content`, cut into pieces of at most 2000 characters (never inside a surrogate pair). */
export function richText(content: string, annotations?: Annotations, link?: string): RichText[] {
  const items: RichText[] = [];
  for (const piece of pieces(content, NotionLimits.textChars)) {
    items.push({
      type: 'text',
      text: link ? { content: piece, link: { url: link } } : { content: piece },
      ...(annotations && Object.values(annotations).some(Boolean) ? { annotations: { ...annotations } } : {}),
    });
  }
  return items;
}

/** Text blocks holding `items`; more than 100 items continue in further blocks of the same type. */
export function textBlocks(type: TextBlockType, items: RichText[]): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < Math.max(items.length, 1); i += NotionLimits.richTextItems) {
    const rich_text = items.slice(i, i + NotionLimits.richTextItems);
    blocks.push({ object: 'block', type, [type]: { rich_text } });
  }
  return blocks;
}

export function todoBlock(items: RichText[], checked: boolean): Block {
  return {
    object: 'block',
    type: 'to_do',
    to_do: { rich_text: items.slice(0, NotionLimits.richTextItems), checked },
  };
}

export function codeBlock(content: string): Block {
  return {
    object: 'block',
    type: 'code',
    code: { rich_text: richText(content).slice(0, NotionLimits.richTextItems), language: 'plain text' },
  };
}

export function dividerBlock(): Block {
  return { object: 'block', type: 'divider', divider: {} };
}

function pieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + max, text.length);
    // Do not split a surrogate pair: Notion would count, and show, two broken halves.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
