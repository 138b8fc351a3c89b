import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The kit's modules import in one direction: the check's types and verdicts (check.ts) and the leaf
// helpers (json-path, deadlines, failure codes) at the bottom, the HTTP client and the context above
// them, the checks and the runner on top. A circle makes a module's exports undefined while the
// circle is still loading (the order depends on which file is imported first), so none is allowed,
// type-only imports included: they are how a circle starts.

const SRC = 'conformance/src';

describe('imports of conformance/src', () => {
  it('has no import circle', async () => {
    const result = await cruise([SRC], {
      baseDir: fileURLToPath(new URL('../../', import.meta.url)),
      validate: true,
      ruleSet: {
        forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
      },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'conformance/tsconfig.json' },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules' },
    });
    const output = result.output;
    if (typeof output === 'string') throw new Error('dependency-cruiser returned text, not a result');
    const circles = output.summary.violations.map(
      (v) => `${v.from} -> ${(v.cycle ?? []).map((step) => step.name).join(' -> ')}`,
    );
    expect(output.summary.totalCruised).toBeGreaterThan(100);
    expect(circles).toEqual([]);
  });
});
