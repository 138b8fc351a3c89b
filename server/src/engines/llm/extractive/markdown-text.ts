// Quoted meeting text inside generated Markdown and HTML: it must read as text, never as markup.

/** Escapes the characters that would start emphasis, code, links, HTML or a block marker. */
export function mdText(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([#+-]|\d+[.)])(\s)/, '$1\\$2$3')
    .replace(/\s+/g, ' ')
    .trim();
}

export function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
