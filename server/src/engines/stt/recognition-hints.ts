import { Limits } from '../../core/contracts.js';

// Language hints and context keywords as the spec keeps them, for live streams and file requests alike.

/** Comma lists and repeated entries → trimmed, non-empty items. */
export function listItems(value: readonly string[] | string | undefined): string[] {
  if (value === undefined) return [];
  const entries = typeof value === 'string' ? [value] : value;
  return entries
    .flatMap((entry) => entry.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The first Limits.languageHintsKept distinct hints; extras are dropped, as the spec says. */
export function keepLanguageHints(value: readonly string[] | string | undefined): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const hint of listItems(value)) {
    if (seen.has(hint.toLowerCase())) continue;
    seen.add(hint.toLowerCase());
    kept.push(hint);
    if (kept.length === Limits.languageHintsKept) break;
  }
  return kept;
}

/** Keywords in order while their total length stays within Limits.contextKeywordsChars. */
export function keepContextKeywords(value: readonly string[] | string | undefined): string[] {
  const kept: string[] = [];
  let total = 0;
  for (const keyword of listItems(value)) {
    total += keyword.length;
    if (total > Limits.contextKeywordsChars) break;
    kept.push(keyword);
  }
  return kept;
}
