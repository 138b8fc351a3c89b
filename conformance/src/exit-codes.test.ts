import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.js';

// The README's exit-code table is the code's (exit-codes.ts), row for row.

describe('exit codes', () => {
  it("the README's table lists every code with its meaning, and no other", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Exit codes'),
      readme.indexOf('\n## ', readme.indexOf('## Exit codes') + 1),
    );
    const rows = [...section.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map(([, code, means]) => [
      Number(code),
      means,
    ]);
    expect(rows).toEqual(Object.values(EXIT).map((e) => [e.code, e.means]));
  });
});
