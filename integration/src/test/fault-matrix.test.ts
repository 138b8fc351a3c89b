// The fault matrix kept whole: the README's table says what FAULT_CASES says, every case runs in one
// of the two fault test files, and every fault of the server's catalog has a verdict for the app.
import { readFileSync } from 'node:fs';
import { FAULTS } from '@parley/server/faults';
import { describe, expect, it } from 'vitest';
import { FAULT_CASES, type FaultCaseName } from './fault-cases.test-support.js';
import { CATALOG_VERDICTS } from './fault-catalog.test-support.js';

const here = (path: string) => new URL(path, import.meta.url);
const README = readFileSync(here('../../README.md'), 'utf8');
const TEST_FILES = ['faults-server.test.ts', 'faults-answers.test.ts', 'faults-proxy.test.ts'].map((file) =>
  readFileSync(here(file), 'utf8'),
);
const HEADER = "| what the service did | made by | step(s) | what the Zap's owner sees |";

/** The rows of the README's fault table, cells trimmed, `\|` read as a pipe. */
function tableRows(): string[][] {
  const lines = README.split('\n');
  const start = lines.indexOf(HEADER);
  expect(start, `README.md has no table headed ${HEADER}`).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replaceAll('\\|', '|'));
    rows.push(cells);
  }
  return rows;
}

const asRow = (name: FaultCaseName) => {
  const c = FAULT_CASES[name];
  return [c.did, c.via, c.steps, c.sees];
};

describe('the fault matrix', () => {
  it("README.md's table holds exactly the cases the tests run, with the same words", () => {
    const expected = (Object.keys(FAULT_CASES) as FaultCaseName[]).map(asRow);
    expect(tableRows()).toEqual(expected);
  });

  it.each(Object.keys(FAULT_CASES))('%s runs in a fault test file', (name) => {
    expect(TEST_FILES.some((source) => source.includes(`'${name}'`) || source.includes(`${name}:`))).toBe(
      true,
    );
  });

  it("says for every fault of the server's catalog whether it touches the app", () => {
    const ids = FAULTS.map((fault) => fault.id);
    expect(
      ids.filter((id) => !(id in CATALOG_VERDICTS)),
      'faults without a verdict',
    ).toEqual([]);
    expect(
      Object.keys(CATALOG_VERDICTS).filter((id) => !ids.includes(id)),
      'verdicts of no fault',
    ).toEqual([]);
  });

  it.each(Object.entries(CATALOG_VERDICTS))('%s: a case names it, or a reason is given', (id, verdict) => {
    if ('case' in verdict) expect(FAULT_CASES[verdict.case].via).toContain(id);
    else expect(Object.values(verdict)[0]?.length).toBeGreaterThan(20);
  });
});
