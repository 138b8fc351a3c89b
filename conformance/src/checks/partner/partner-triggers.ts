import { type Validated, validate } from '@parley/schemas';
import { Limits } from '@parley/schemas/constants';
import { triggerRoutes } from '@parley/schemas/routes';
import { deviate, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at, pick } from '../../json-path.js';
import { partnerGet } from '../../partner-oauth.js';
import { schemaProblems, verifyStatus } from '../../schema-check.js';

// The four polling triggers as partner.04 judges them and the other partner checks read them.

/** The catalog's triggers (path segment after `triggers/`) and the field each is ordered by, newest first. */
export const TRIGGERS = triggerRoutes.map((route) => ({
  name: route.name.replace(/^trigger-/, ''),
  newestBy: route.trigger.orderedBy,
}));

export function triggerNamed(name: string): (typeof TRIGGERS)[number] {
  const trigger = TRIGGERS.find((t) => t.name === name);
  if (!trigger) throw new Error(`the catalog has no trigger ${name}`);
  return trigger;
}

/**
 * One trigger's items, checked: 200, an array of at most 50 schema-valid items, unique ids, newest
 * first. Every item is judged whatever its schema says (a broken item does not hide a repeated id),
 * so the items are read as unknown JSON, field by field.
 */
export async function triggerItems(
  ctx: CheckContext,
  trigger: (typeof TRIGGERS)[number],
): Promise<unknown[]> {
  const what = `trigger ${trigger.name}`;
  const reply = await partnerGet(ctx, `/api/partner/triggers/${trigger.name}`);
  // One trigger's fault does not hide another's: each is judged, then the next.
  if (!verifyStatus(reply, 200, what)) return [];
  const items: unknown = reply.body;
  if (!Array.isArray(items)) {
    deviate(
      'TYPE',
      `${what}: the answer is not a JSON array: ${reply.text.slice(0, 200)}`,
      at(what, '$', 'a JSON array', reply.text.slice(0, 200)),
    );
    return [];
  }
  verify(
    items.length <= Limits.triggerItems,
    'COUNT',
    `${what}: ${items.length} items, more than ${Limits.triggerItems}`,
    at(what, '$', `at most ${Limits.triggerItems} items`, items.length),
  );
  items.forEach((item, index) => {
    for (const p of schemaProblems(`trigger-${trigger.name}.item`, item, what))
      deviate(p.code, `${what}: item ${index}: ${p.message}`, {
        ...p.at,
        path: `${what} $[${index}]${p.at.path.slice(what.length + 2)}`,
      });
  });
  const seen = new Set<unknown>();
  for (const [i, item] of items.entries()) {
    const id = pick(item, 'id');
    verify(
      !seen.has(id),
      'DUPLICATE',
      `${what}: id "${id}" appears twice (ids are deduplication keys)`,
      at(what, `$[${i}].id`, 'a new id', id),
    );
    seen.add(id);
  }
  const newestBy = (i: number) => pick(items[i], trigger.newestBy);
  for (let i = 1; i < items.length; i++) {
    const [newer, older] = [newestBy(i - 1), newestBy(i)].map((x) => Date.parse(String(x)));
    verify(
      (newer ?? 0) >= (older ?? 0),
      'ORDER',
      `${what}: item ${i} (${trigger.newestBy} ${String(newestBy(i))}) is newer than item ${i - 1}: not newest first`,
      at(what, `$[${i}].${trigger.newestBy}`, `at most ${String(newestBy(i - 1))}`, newestBy(i)),
    );
  }
  return items;
}

/**
 * A trigger's items as answered that pass its item schema, typed by it: empty when it answers no
 * array. Unjudged (partner.04 judges them): an item the schema refuses is only left out.
 */
export async function listed<Id extends 'trigger-summary-ready.item' | 'trigger-meeting-ended.item'>(
  ctx: CheckContext,
  itemSchema: Id,
): Promise<Validated<Id>[]> {
  const name = itemSchema.replace(/^trigger-|\.item$/g, '');
  const reply = await partnerGet(ctx, `/api/partner/triggers/${triggerNamed(name).name}`);
  if (reply.status !== 200 || !Array.isArray(reply.body)) return [];
  return reply.body.flatMap((item: unknown) => {
    const result = validate(itemSchema, structuredClone(item));
    return result.ok ? [result.value] : [];
  });
}

/** An item without its id, keys sorted: what it says, to find it again in another poll. */
const contentOf = (item: unknown): string => {
  if (!item || typeof item !== 'object') return JSON.stringify(item);
  const { id: _id, ...rest } = item as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))));
};

/**
 * A trigger polled again: an item it answered before, unchanged but for its id, must keep that id
 * (it is the deduplication key: a new one makes the platform fire again). Items not found again
 * by their content are not judged.
 */
export async function judgeStableIds(
  ctx: CheckContext,
  trigger: (typeof TRIGGERS)[number],
  first: unknown[],
): Promise<void> {
  const what = `trigger ${trigger.name} polled again`;
  const reply = await partnerGet(ctx, `/api/partner/triggers/${trigger.name}`);
  if (reply.status !== 200 || !Array.isArray(reply.body)) return;
  const before = new Map<string, unknown[]>();
  for (const item of first)
    before.set(contentOf(item), [...(before.get(contentOf(item)) ?? []), pick(item, 'id')]);
  for (const [i, item] of (reply.body as unknown[]).entries()) {
    const ids = before.get(contentOf(item));
    const id = pick(item, 'id');
    if (ids)
      verify(
        ids.includes(id),
        'VALUE',
        `${what}: an item unchanged since the last poll has id "${String(id)}", was "${String(ids[0])}" (ids are deduplication keys)`,
        at(what, `$[${i}].id`, ids[0], id),
      );
  }
}
