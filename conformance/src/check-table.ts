import { CHECKS } from './checks/index.js';
import { FAILURE_CODES } from './failure-codes.js';

// The check table of CHECKS.md: each check with the spec sentence it rests on and the choices of
// Parley's it also looks at (npm run check-table -w conformance prints it; a test keeps them equal).

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function checkTable(): string {
  const rows = CHECKS.map(
    (c) =>
      `| \`${c.id}\` | ${c.level} | ${c.profiles.join(', ')} | ${cell(c.title)} | ${cell(c.spec)} | ${cell(c.choices ?? '—')} |`,
  );
  return [
    "| Id | Level | Profiles | Rule | Rests on (the spec's sentence) | Parley's choices it notes (NON_STRICT unless `--parley-choices`) |",
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The failure codes of REPORTS.md, from FAILURE_CODES (the closed set a deviation's code is from). */
export function failureCodeTable(): string {
  return [
    '| Code | Means |',
    '|---|---|',
    ...Object.entries(FAILURE_CODES).map(([code, means]) => `| \`${code}\` | ${cell(means)} |`),
  ].join('\n');
}
