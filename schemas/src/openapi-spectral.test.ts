// openapi.yaml under Spectral's `spectral:oas` ruleset (what `spectral lint` applies by default to an
// OpenAPI document), with the schema files its $refs name resolved from disk. Redocly's lint is in
// openapi.test.ts; the two rulesets catch different things (Spectral: operation descriptions, contact,
// examples against their schemas).
import { readFileSync } from 'node:fs';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { httpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { openapiPath } from './paths.js';

async function lint(text: string) {
  const spectral = new Spectral({ resolver: httpAndFileResolver });
  // The ruleset's published type omits `extends`, which the definition type requires.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const results = await spectral.run(new Document(text, Yaml, openapiPath));
  return results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
}

describe('openapi.yaml under spectral:oas', () => {
  const text = readFileSync(openapiPath, 'utf8');

  it('has no error, warning or hint', async () => {
    expect(await lint(text)).toEqual([]);
  }, 60_000);

  it('reports an operation without a description', async () => {
    const doc = parse(text);
    delete doc.paths['/v1/create-meeting'].post.description;
    delete doc.info.contact;
    const found = await lint(stringify(doc));
    expect(found).toContainEqual(expect.stringMatching(/^info-contact /));
    expect(found).toContainEqual(expect.stringMatching(/^operation-description /));
  }, 60_000);
});
