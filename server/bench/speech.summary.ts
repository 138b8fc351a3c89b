// The summary table bench:speech ends with: one row per figure, its aim where the issue sets one,
// and pass/miss. Printed as a Markdown table so it can go into the README as it is.

export type Verdict = 'pass' | 'miss';

export interface SummaryRow {
  figure: string;
  measured: string;
  aim?: string;
  verdict?: Verdict;
}

export function printSummary(rows: readonly SummaryRow[]): void {
  const cells = rows.map((r) => [r.figure, r.measured, r.aim ?? '—', r.verdict ?? '—']);
  const header = ['figure', 'measured', 'aim', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => `| ${c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}`);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
  const missed = rows.filter((r) => r.verdict === 'miss').length;
  const aimed = rows.filter((r) => r.verdict).length;
  console.log(`\n${aimed - missed} of ${aimed} aims met`);
}
