import { Limits } from '@parley/schemas/constants';
import { triggerRoutes } from '@parley/schemas/routes';

// Trigger polling as the automation platform does it: GET the trigger, expect at most 50 items
// newest first, each with a unique `id` (its deduplication key) and the fields its item schema
// requires; count the items it has not seen before, which are the ones that would start a Zap.

export interface JsonSchemaLike {
  required?: string[];
  oneOf?: JsonSchemaLike[];
}

/** `required` of a schema, or of the first `oneOf` branch that has one. */
export function requiredFields(schema: JsonSchemaLike): string[] {
  if (schema.required) return schema.required;
  for (const branch of schema.oneOf ?? []) if (branch.required) return branch.required;
  return [];
}

/** The field a trigger's items are ordered by, newest first (the catalog's `trigger.orderedBy`). */
export function sortField(trigger: string): 'end_at' | 'created_at' {
  const route = triggerRoutes.find((r) => r.name === trigger);
  if (!route) throw new Error(`no trigger named ${trigger} in the route catalog (@parley/schemas/routes)`);
  return route.trigger.orderedBy;
}

/** Ways a trigger response breaks the spec's trigger rules (empty when it keeps them all). */
export function triggerProblems(trigger: string, body: unknown, required: readonly string[]): string[] {
  if (!Array.isArray(body)) return ['response is not a JSON array'];
  const problems: string[] = [];
  if (body.length > Limits.triggerItems)
    problems.push(`${body.length} items, more than ${Limits.triggerItems}`);
  const ids = new Set<string>();
  const field = sortField(trigger);
  let previous = Number.POSITIVE_INFINITY;
  body.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null) {
      problems.push(`item ${index} is not an object`);
      return;
    }
    const record = item as Record<string, unknown>;
    const missing = required.filter((name) => !(name in record));
    if (missing.length > 0) problems.push(`item ${index} lacks ${missing.join(', ')}`);
    const id = record.id;
    if (typeof id !== 'string' || id === '') problems.push(`item ${index} has no string id`);
    else if (ids.has(id)) problems.push(`item ${index} repeats id ${id}`);
    else ids.add(id);
    const at = Date.parse(String(record[field]));
    if (Number.isNaN(at)) problems.push(`item ${index} has no valid ${field}`);
    else if (at > previous) problems.push(`item ${index} is newer than the one before it (not newest first)`);
    else previous = at;
  });
  return problems;
}

/** What a polling client remembers between polls: the ids it has already seen, per trigger. */
export class PollTracker {
  private readonly seen = new Map<string, Set<string>>();

  /** Items of this poll not seen in an earlier one. The first poll only fills the table, as the platform's does. */
  newItems(trigger: string, items: readonly { id?: unknown }[]): number {
    let known = this.seen.get(trigger);
    const first = known === undefined;
    known ??= new Set();
    this.seen.set(trigger, known);
    let fresh = 0;
    for (const item of items) {
      if (typeof item.id !== 'string' || known.has(item.id)) continue;
      known.add(item.id);
      fresh++;
    }
    return first ? 0 : fresh;
  }
}

/** The short fixture partner-poll's setup streams into its meeting to end it. */
export const ENDING_FIXTURE = 'en/rms-02.wav';
