// How deep a JSON text nests, counted on the text so nothing recursive runs on an attacker's value
// (the HTTP body reader and the live stream's config frame refuse what nests too deep).

/**
 * True when arrays and objects in `text` nest deeper than `limit` (brackets inside strings do not
 * count). Checked before parsing: validation, the 422's echo of the input and logging all walk the
 * value recursively, and a thousands-deep one would overflow their stacks.
 */
export function nestingOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
