import { getSchema, validate } from '@parley/schemas';
import type { Rng } from './random.js';

// Schema-violating request bodies generated from the request schemas. Each is proved invalid by
// the validator before it is sent, and carries the property that makes it invalid, so a check can
// demand that the answer's `loc` points there (other tools skip the proof and report false positives).

export interface NegativeBody {
  route: string;
  body: Record<string, unknown>;
  /** The property that makes the body invalid. */
  part: string;
  how: 'missing' | 'wrong-type';
  /** What the validator said about it. */
  proof: string;
}

const WRONG: Record<string, unknown[]> = {
  string: [12345, true, ['x'], { x: 1 }],
  array: ['not-an-array', 7, { x: 1 }],
  boolean: ['yes', 3],
  integer: ['ten', 1.5, true],
  number: ['ten', true],
  object: ['text', 9, [1]],
};

type Schema = { properties?: Record<string, { type?: string | string[] }>; required?: string[] };

export function negativeBodies(route: string, valid: Record<string, unknown>, rng: Rng): NegativeBody[] {
  const schema = getSchema(`${route}.request`) as Schema;
  const out: NegativeBody[] = [];
  for (const part of schema.required ?? []) {
    const { [part]: _dropped, ...body } = structuredClone(valid);
    out.push({ route, body, part, how: 'missing', proof: '' });
  }
  for (const [part, property] of Object.entries(schema.properties ?? {})) {
    const type = Array.isArray(property.type) ? undefined : property.type;
    const choices = type ? WRONG[type] : undefined;
    if (!choices) continue;
    out.push({
      route,
      body: { ...structuredClone(valid), [part]: rng.pick(choices) },
      part,
      how: 'wrong-type',
      proof: '',
    });
  }
  // Proved invalid, and invalid at `part`: anything else is dropped rather than sent.
  return out.filter((candidate) => {
    const result = validate(`${route}.request`, structuredClone(candidate.body));
    if (result.ok) return false;
    const hit = result.detail.find((d) => d.loc[1] === candidate.part);
    if (!hit) return false;
    candidate.proof = `${JSON.stringify(hit.loc)}: ${hit.msg}`;
    return true;
  });
}
