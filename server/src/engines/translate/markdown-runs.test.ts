import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinRuns, MAX_RUN_CHARS, type Run, splitRuns } from './markdown-runs.js';

const translated = (text: string) =>
  splitRuns(text)
    .filter((r) => r.translate)
    .map((r) => r.text);
const kept = (text: string) =>
  splitRuns(text)
    .filter((r) => !r.translate)
    .map((r) => r.text);

describe('splitting text into translatable and verbatim runs', () => {
  it('gives back the input exactly when the runs are joined, whatever the input', () => {
    const markdownish = fc.string({
      unit: fc.constantFrom(
        'a',
        'B',
        'é',
        ' ',
        '\n',
        '\r\n',
        '\t',
        '#',
        '-',
        '*',
        '>',
        '`',
        '~',
        '[',
        ']',
        '(',
        ')',
        '|',
        '1',
        '.',
        '!',
        'h',
        't',
        'p',
        ':',
        '/',
        '<',
        '{',
        '}',
      ),
      maxLength: 200,
    });
    fc.assert(fc.property(markdownish, (text) => joinRuns(splitRuns(text)) === text));
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => joinRuns(splitRuns(text)) === text));
  });

  it('never has two verbatim runs side by side', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const runs: Run[] = splitRuns(text);
        return runs.every((r, i) => i === 0 || r.translate || runs[i - 1]?.translate);
      }),
    );
  });

  it('keeps headings, list, quote and task markers, translating only the words', () => {
    const text =
      '# Weekly sync\n\n- Budget review\n  1. Ask finance\n> Quoted remark\n- [ ] Send the notes\n';
    expect(translated(text)).toEqual([
      'Weekly sync',
      'Budget review',
      'Ask finance',
      'Quoted remark',
      'Send the notes',
    ]);
    expect(kept(text)[0]).toBe('# ');
  });

  it('keeps fenced code blocks whole, with ``` and ~~~ fences', () => {
    const text =
      'Run this:\n```bash\necho "hello world"\n```\nThen ~~~ that:\n~~~\nprint("done")\n~~~\nDone.';
    expect(translated(text)).toEqual(['Run this:', 'Then ~~~ that:', 'Done.']);
    expect(kept(text).join('')).toContain('```bash\necho "hello world"\n```\n');
  });

  it('keeps an unclosed fence verbatim to the end', () => {
    expect(translated('Intro\n```\nnot prose\nstill code')).toEqual(['Intro']);
  });

  it('keeps inline code, URLs, HTML tags and placeholders; translates link text but not its URL', () => {
    const text =
      'Use `npm test` and see [the guide](https://example.com/a_b "Guide") or https://x.test/y, <b>now</b> {{name}}.';
    expect(translated(text)).toEqual(
      ['Use', 'and see', 'the guide', 'or', ',', 'now', '.'].filter((t) => /\p{L}/u.test(t)),
    );
    expect(kept(text).join('')).toContain('](https://example.com/a_b "Guide")');
    expect(kept(text).join('')).toContain('{{name}}');
  });

  it('keeps image destinations and table pipes and separator rows', () => {
    const text = '![Team photo](img/team.png)\n| Name | Role |\n|---|:---:|\n| Ana | Lead dev |';
    expect(translated(text)).toEqual(['Team photo', 'Name', 'Role', 'Ana', 'Lead dev']);
    expect(joinRuns(splitRuns(text))).toBe(text);
  });

  it('keeps line breaks, blank lines, thematic breaks, numbers and symbols', () => {
    const text = 'First line\r\n\r\n---\n2024-05-01 → 42 %\nLast';
    expect(translated(text)).toEqual(['First line', 'Last']);
  });

  it('cuts very long paragraphs at sentence ends, keeping the spaces between', () => {
    const sentence = 'This sentence is part of a very long paragraph about the quarterly budget. ';
    const text = sentence.repeat(80).trim();
    const runs = translated(text);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.every((r) => r.length <= MAX_RUN_CHARS && r.endsWith('.'))).toBe(true);
    expect(joinRuns(splitRuns(text))).toBe(text);
  });
});
