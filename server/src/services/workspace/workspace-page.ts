import { clock } from '../../engines/llm/meeting-text.js';
import {
  type Block,
  dividerBlock,
  NotionLimits,
  type RichText,
  richText,
  textBlocks,
} from './workspace-blocks.js';
import { markdownBlocks } from './workspace-markdown.js';

// The Notion page made from a meeting: its title, a line of facts, the latest summary and the
// transcript, within Notion's limits. The summary comes first and is kept whole when it fits; the
// transcript fills what is left, several utterances to a block, and a closing note says how much
// of it did not fit rather than letting the page end silently.

export interface PageUtterance {
  speaker: string | null;
  startSeconds: number;
  text: string;
}

export interface PageInput {
  title: string;
  startAt: string;
  participantCount: number;
  language: string;
  summaryMarkdown?: string | undefined;
  utterances: readonly PageUtterance[];
}

export interface PageContent {
  /** The `title` property of a page whose parent is a page (or the workspace). */
  properties: { title: { title: RichText[] } };
  children: Block[];
  /** Utterances of the input left out because the page was full. */
  omittedUtterances: number;
}

export const UNTITLED = 'Untitled meeting';
/** The most utterance lines a page can hold (two rich-text items each); reading more is wasted. */
export const MAX_PAGE_UTTERANCES = (NotionLimits.children * NotionLimits.richTextItems) / 2;

export function meetingPage(input: PageInput): PageContent {
  const title = richText(input.title.trim() || UNTITLED).slice(0, NotionLimits.richTextItems);
  const budget = new Budget();
  const facts = `${input.startAt.slice(0, 16).replace('T', ' ')} UTC · ${input.participantCount} participant${input.participantCount === 1 ? '' : 's'} · language ${input.language}`;
  budget.add(textBlocks('paragraph', richText(facts, { italic: true })));

  // Room stays for the closing notes of a cut summary and of a cut transcript.
  const hasTranscript = input.utterances.length > 0;
  if (input.summaryMarkdown?.trim()) {
    const summary = markdownBlocks(input.summaryMarkdown);
    const kept = budget.addWhileRoom(summary, hasTranscript ? 2 : 1);
    if (kept < summary.length)
      budget.add(note(`Summary cut: ${summary.length - kept} more blocks did not fit.`));
  }
  let omitted = 0;
  if (hasTranscript) {
    const heading = [dividerBlock(), ...textBlocks('heading_2', richText('Transcript'))];
    if (budget.fits(heading, 1)) budget.add(heading);
    const lines = input.utterances.map(utteranceLine);
    let shown = 0;
    while (shown < lines.length) {
      let count = linesThatFit(lines, shown);
      while (count > 0 && !budget.fits([transcriptBlock(lines, shown, count)], 1)) count--;
      if (count === 0) break;
      budget.add([transcriptBlock(lines, shown, count)]);
      shown += count;
    }
    omitted = lines.length - shown;
    if (omitted > 0) budget.add(note(`Transcript cut: only the first ${shown} utterances fit on the page.`));
  } else if (!input.summaryMarkdown?.trim()) {
    budget.add(textBlocks('paragraph', richText('This meeting has no summary or transcript yet.')));
  }
  return { properties: { title: { title } }, children: budget.blocks, omittedUtterances: omitted };
}

/** How many lines from `start` share one block: as many as stay within 100 rich-text items, at least one. */
function linesThatFit(lines: readonly RichText[][], start: number): number {
  let items = 0;
  let count = 0;
  while (start + count < lines.length) {
    items += lines[start + count]?.length ?? 0;
    if (items > NotionLimits.richTextItems) break;
    count++;
  }
  return Math.max(count, 1);
}

/** One paragraph of `count` lines; a single line longer than a block allows is cut at the block's end. */
function transcriptBlock(lines: readonly RichText[][], start: number, count: number): Block {
  const items = lines
    .slice(start, start + count)
    .flat()
    .slice(0, NotionLimits.richTextItems);
  return textBlocks('paragraph', items)[0] as Block;
}

/** "[01:02] Speaker 1: " in bold, then the text, ending the line. */
function utteranceLine(u: PageUtterance): RichText[] {
  const who =
    u.speaker === null
      ? ''
      : /^\d+$/.test(u.speaker)
        ? ` Speaker ${Number(u.speaker) + 1}:`
        : ` ${u.speaker}:`;
  return [
    ...richText(`[${clock(u.startSeconds)}]${who} `, { bold: true }),
    ...richText(`${u.text.trim()}\n`),
  ];
}

function note(text: string): Block[] {
  return textBlocks('paragraph', richText(text, { italic: true }));
}

/** Children added so far, against Notion's block count and the request size. */
class Budget {
  readonly blocks: Block[] = [];
  private bytes = 0;

  fits(blocks: readonly Block[], reserve: number): boolean {
    const size = blocks.reduce((sum, b) => sum + Buffer.byteLength(JSON.stringify(b)), 0);
    return (
      this.blocks.length + blocks.length + reserve <= NotionLimits.children &&
      this.bytes + size <= NotionLimits.childrenBytes
    );
  }

  add(blocks: readonly Block[]): void {
    for (const b of blocks) {
      this.blocks.push(b);
      this.bytes += Buffer.byteLength(JSON.stringify(b));
    }
  }

  /** Adds blocks in order while they fit with `reserve` blocks to spare; returns how many. */
  addWhileRoom(blocks: readonly Block[], reserve: number): number {
    let added = 0;
    for (const b of blocks) {
      if (!this.fits([b], reserve)) break;
      this.add([b]);
      added++;
    }
    return added;
  }
}
