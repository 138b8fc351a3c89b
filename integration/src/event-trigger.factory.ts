// The catalog's automation triggers (schemas/src/routes.ts `triggerRoutes`: meeting ended, summary ready,
// contact discovered, follow-up e-mail ready) are polling triggers on the spec's routes; each also has an instant twin (`<key>_instant`) on
// the service's hook subscriptions, a Parley extension: subscribed when a Zap turns on, unsubscribed when
// it turns off, its deliveries the items themselves, its `performList` the polling route (samples and the
// editor's test step). Both are built from one spec, so the words, sample, fields and items are the same.

import { type Bundle, defineTrigger, type PlainOutputField, type ZObject } from 'zapier-platform-core';
import { checkDelivery } from './answer-check.js';
import { newestFirstOnce } from './answer-shape.js';
import type { PartnerHookResponse } from './generated/schema-types.js';
import { type HOOK_EVENTS, PARTNER_TRIGGERS } from './generated/service-data.js';
import { dataOf, statusOfAppError, urls } from './service.client.js';
import { utcStamps } from './timestamps.js';

/** Items shown while the Zap editor loads samples: the platform keeps 3, so fetch no more to hand. */
export const SAMPLE_ITEMS = 3;

export type HookEventName = (typeof HOOK_EVENTS)[number];
/** A polling trigger of the catalog (schemas/src/routes.ts `triggerRoutes`), copied by sync-samples. */
export type PartnerTrigger = (typeof PARTNER_TRIGGERS)[number];
export type PartnerTriggerName = PartnerTrigger['name'];

export interface EventTriggerSpec<K extends string> {
  key: K;
  noun: string;
  label: string;
  /** Starts "Triggers when"; the publishing check D021 holds it to that. */
  description: string;
  /** The hook subscription's event (the instant trigger). */
  event: HookEventName;
  /** The newest items as the service lists them (polling, and the instant trigger's samples). */
  list: (z: ZObject, bundle: Bundle) => Promise<{ id: string }[]>;
  /** Fields derived from the item alone, no request (both kinds); the sample holds them already. */
  build?: (item: { id: string }) => { id: string };
  sample: Record<string, unknown>;
  outputFields: PlainOutputField[];
  /**
   * What the instant trigger adds from other routes (a few requests per item): applied to each
   * delivery, and to its list, which then keeps the platform's SAMPLE_ITEMS. Polling leaves it out:
   * every poll would repeat it for each of up to 50 items.
   */
  enrich?: {
    apply: (z: ZObject, item: { id: string }) => Promise<{ id: string }>;
    sample: Record<string, unknown>;
    outputFields: PlainOutputField[];
  };
}

/**
 * A polling route's items: GET under the automation-platform prefix, a JSON array (checkAnswer holds
 * it to its shape), put newest first by the catalog's `orderedBy` and each id once.
 */
export async function pollItems(
  z: ZObject,
  bundle: Bundle,
  trigger: Pick<PartnerTrigger, 'path' | 'orderedBy'>,
): Promise<{ id: string }[]> {
  const listed = dataOf<{ id: string }[]>(await z.request({ url: urls.partner(trigger.path) }));
  const items = newestFirstOnce(listed, trigger.orderedBy);
  return bundle.meta?.isLoadingSample ? items.slice(0, SAMPLE_ITEMS) : items;
}

/** What a deployment without the hook subscriptions (the spec shows none) answers their route. */
const NOT_SERVED = new Set([404, 405]);

/**
 * Subscribes the Zap's hook URL; the answer (its `id`) comes back as bundle.subscribeData. A deployment
 * without the hook extension gets one sentence naming what to use instead, when the Zap turns on.
 */
export async function subscribeHook(z: ZObject, bundle: Bundle, event: HookEventName, instead: string) {
  try {
    const response = await z.request({
      url: urls.partner('/hooks'),
      method: 'POST',
      body: { event, target_url: bundle.targetUrl },
    });
    return dataOf<PartnerHookResponse>(response);
  } catch (error) {
    if (!NOT_SERVED.has(statusOfAppError(error) ?? 0)) throw error;
    throw new z.errors.Error(
      `This service does not offer instant triggers (hook subscriptions); ${instead}`,
      'instant_triggers_not_offered',
      404,
    );
  }
}

export async function unsubscribeHook(z: ZObject, bundle: Bundle) {
  const id = (bundle.subscribeData as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !id) {
    throw new z.errors.Error('This Zap has no Parley subscription to end.', 'no_subscription', 400);
  }
  try {
    return dataOf<PartnerHookResponse>(
      await z.request({ url: urls.partner(`/hooks/${encodeURIComponent(id)}`), method: 'DELETE' }),
    );
  } catch (error) {
    // Already gone (ended by the service after a 410, or by hand): the goal is met.
    if (statusOfAppError(error) === 404) return { id };
    throw error;
  }
}

/** A delivery is one item, the body of the service's POST. */
export function deliveredItems(z: ZObject, bundle: Bundle): { id: string }[] {
  // Held to the delivery's shape (one of the items the polling routes list, or a meeting) like an answer.
  return [checkDelivery<{ id: string }>(z, bundle.cleanedRequest, 'partner-hook-delivery', 'an event')];
}

const built = <K extends string>(spec: EventTriggerSpec<K>, items: { id: string }[]) =>
  (spec.build ? items.map(spec.build) : items).map(utcStamps);

/** The polling trigger: the list, each item built; what the spec defines. */
export const definePollingTrigger = <K extends string>(spec: EventTriggerSpec<K>) =>
  defineTrigger({
    key: spec.key,
    noun: spec.noun,
    display: { label: spec.label, description: spec.description },
    operation: {
      type: 'polling',
      perform: async (z, bundle) => built(spec, await spec.list(z, bundle)),
      sample: spec.sample,
      outputFields: spec.outputFields,
    },
  });

/** The instant trigger under its own key (the spec's polling key keeps its type, so no Zap changes). */
export const defineInstantTrigger = <K extends string>(
  spec: EventTriggerSpec<K>,
  named: { key: string; label: string; instead: string } = {
    key: `${spec.key}_instant`,
    label: `${spec.label} (Instant)`,
    instead: `use the polling trigger '${spec.label}' instead.`,
  },
) => {
  const enrich = spec.enrich;
  const finish = (z: ZObject, items: { id: string }[]) =>
    enrich ? Promise.all(items.map((item) => enrich.apply(z, item))) : items;
  return defineTrigger({
    key: named.key,
    noun: spec.noun,
    display: { label: named.label, description: spec.description },
    operation: {
      type: 'hook',
      performSubscribe: (z, bundle) => subscribeHook(z, bundle, spec.event, named.instead),
      performUnsubscribe: unsubscribeHook,
      perform: (z, bundle) => finish(z, built(spec, deliveredItems(z, bundle))),
      performList: async (z, bundle) => {
        const items = built(spec, await spec.list(z, bundle));
        return finish(z, enrich ? items.slice(0, SAMPLE_ITEMS) : items);
      },
      sample: { ...spec.sample, ...enrich?.sample },
      outputFields: [...spec.outputFields, ...(enrich?.outputFields ?? [])],
    },
  });
};

/** A spec's polling and instant triggers. */
export const defineEventTriggers = <K extends string>(spec: EventTriggerSpec<K>) => ({
  polling: definePollingTrigger(spec),
  instant: defineInstantTrigger(spec),
});

/** The app's key for a catalog trigger: its path segment in snake case (`meeting_ended`). */
export const triggerKey = (trigger: PartnerTrigger) =>
  trigger.event.replaceAll('-', '_') as SnakeCase<PartnerTrigger['event']>;
type SnakeCase<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${SnakeCase<B>}` : S;

/**
 * A catalog trigger's operations, the default export of its src/triggers/<slug>.trigger.ts: the key,
 * polling route and hook event come from the catalog entry `name`; the file gives the words, sample,
 * fields and any per-item building. src/generated/partner-triggers.ts collects them by catalog name.
 */
export const definePartnerTriggers = <N extends PartnerTriggerName>(
  name: N,
  spec: Omit<EventTriggerSpec<string>, 'key' | 'event' | 'list'>,
) => {
  const trigger = PARTNER_TRIGGERS.find((t) => t.name === name);
  if (!trigger) throw new Error(`${name} is no trigger of the catalog`);
  const triggers = defineEventTriggers({
    ...spec,
    key: triggerKey(trigger),
    event: trigger.event,
    list: (z, bundle) => pollItems(z, bundle, trigger),
  });
  return { name, ...triggers };
};
