// Adding a trigger is a catalog entry (schemas/src/routes.ts) plus its operation file here: the app's
// trigger list is derived from the two, and these checks fail when they disagree.
import { readdirSync } from 'node:fs';
import { triggerRoutes } from '@parley/schemas/routes';
import { describe, expect, it } from 'vitest';
import { partnerTriggerOperations } from '../generated/partner-triggers.js';
import { App } from './app.test-support.js';

const catalogNames = triggerRoutes.map((route) => route.name);
const snake = (name: string) => name.replace(/^trigger-/, '').replaceAll('-', '_');

/** Every src/triggers/*.trigger.ts with its default export. */
const triggersDir = new URL('../triggers/', import.meta.url);
const operationFiles = await Promise.all(
  readdirSync(triggersDir)
    .filter((file) => file.endsWith('.trigger.ts'))
    .map(async (file) => ({ file, operation: (await import(new URL(file, triggersDir).href)).default })),
);
/** The files whose default export is a catalog trigger's operations (definePartnerTriggers). */
const partnerFiles = operationFiles.filter(
  ({ operation }) => 'polling' in operation && 'instant' in operation,
);

describe("the app's triggers, derived from the catalog", () => {
  it('collects one operation per catalog trigger, under its catalog name, in catalog order', () => {
    expect(Object.keys(partnerTriggerOperations)).toEqual(catalogNames);
    for (const [name, operation] of Object.entries(partnerTriggerOperations)) {
      expect(operation.name).toBe(name);
    }
  });

  it('has no operation file that names a trigger the catalog lacks, or is named for another', () => {
    expect(partnerFiles.map(({ operation }) => operation.name).sort()).toEqual([...catalogNames].sort());
    for (const { file, operation } of partnerFiles) {
      expect(file).toBe(`${operation.name.replace(/^trigger-/, '')}.trigger.ts`);
    }
  });

  it("lists each catalog trigger's polling trigger and instant twin, then the app's own triggers", () => {
    const own = operationFiles.filter((entry) => !partnerFiles.includes(entry));
    const keys = Object.keys(App.triggers ?? {});
    const fromCatalog = [...catalogNames.map(snake), ...catalogNames.map((name) => `${snake(name)}_instant`)];
    expect(keys.slice(0, fromCatalog.length)).toEqual(fromCatalog);
    expect(keys.slice(fromCatalog.length).sort()).toEqual(own.map(({ operation }) => operation.key).sort());
  });
});
