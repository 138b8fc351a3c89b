import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generatedPath,
  render,
  renderShapes,
  renderTriggers,
  renderTypes,
  shapesPath,
  triggersPath,
  typesCopyPath,
} from '../../scripts/sync-samples.js';

describe('src/generated/service-data.ts', () => {
  it('matches the schemas it was copied from (run `npm run sync-samples -w integration` when not)', () => {
    expect(readFileSync(generatedPath, 'utf8')).toBe(render());
  });

  it("src/generated/schema-types.ts matches the schemas' types (same command)", () => {
    expect(readFileSync(typesCopyPath, 'utf8')).toBe(renderTypes());
  });

  it("src/generated/partner-triggers.ts imports the catalog's triggers (same command)", () => {
    expect(readFileSync(triggersPath, 'utf8')).toBe(renderTriggers());
  });

  it('src/generated/answer-shapes.ts holds the shapes of the answers the app reads (same command)', () => {
    expect(readFileSync(shapesPath, 'utf8')).toBe(renderShapes());
  });
});
