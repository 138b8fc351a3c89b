// The instant triggers share one shape: a REST hook (the service's hook subscriptions, a Parley
// extension) that the platform subscribes when a Zap turns on and unsubscribes when it turns off,
// whose deliveries are the items themselves, and a `performList` from a polling route for samples and
// the editor's test step. Only the event, the list, the words and the fields differ.

import { type Bundle, defineTrigger, type PlainOutputField, type ZObject } from 'zapier-platform-core';
import type { PartnerHookResponse } from './generated/schema-types.js';
import type { HOOK_EVENTS } from './generated/service-data.js';
import { dataOf, statusOfAppError, urls } from './service.client.js';

/** Items shown while the Zap editor loads samples: the platform keeps 3, so fetch no more to hand. */
export const SAMPLE_ITEMS = 3;

export type HookEventName = (typeof HOOK_EVENTS)[number];

export interface InstantTriggerSpec<K extends string> {
  key: K;
  noun: string;
  label: string;
  /** Starts "Triggers when"; the publishing check D021 holds it to that. */
  description: string;
  /** The hook subscription's event. */
  event: HookEventName;
  /** The newest items as the service lists them (samples and the editor's test step). */
  list: (z: ZObject, bundle: Bundle) => Promise<{ id: string }[]>;
  sample: Record<string, unknown>;
  outputFields: PlainOutputField[];
  /**
   * Adds what the item lacks from other routes (a few requests per item): applied to each delivery,
   * and to the list, which then keeps the platform's SAMPLE_ITEMS.
   */
  enrich?: (z: ZObject, item: { id: string }) => Promise<{ id: string }>;
}

/** A polling route's items: GET under the automation-platform prefix, a JSON array, newest first. */
export async function pollItems(z: ZObject, bundle: Bundle, path: string): Promise<{ id: string }[]> {
  const items = dataOf<unknown>(await z.request({ url: urls.partner(path) }));
  if (!Array.isArray(items)) {
    throw new z.errors.Error(`Parley answered ${path} with something other than a list`, 'bad_response', 502);
  }
  return bundle.meta?.isLoadingSample ? items.slice(0, SAMPLE_ITEMS) : items;
}

/** Subscribes the Zap's hook URL; the answer (its `id`) comes back as bundle.subscribeData. */
export async function subscribeHook(z: ZObject, bundle: Bundle, event: HookEventName) {
  const response = await z.request({
    url: urls.partner('/hooks'),
    method: 'POST',
    body: { event, target_url: bundle.targetUrl },
  });
  return dataOf<PartnerHookResponse>(response);
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
  const item = bundle.cleanedRequest as { id?: unknown } | undefined;
  if (!item || typeof item !== 'object' || typeof item.id !== 'string') {
    throw new z.errors.Error('Parley sent an event without an item id', 'bad_delivery', 400);
  }
  return [item as { id: string }];
}

export const defineInstantTrigger = <K extends string>(spec: InstantTriggerSpec<K>) => {
  const { enrich } = spec;
  const perform = async (z: ZObject, bundle: Bundle) => {
    const items = deliveredItems(z, bundle);
    return enrich ? Promise.all(items.map((item) => enrich(z, item))) : items;
  };
  const performList = async (z: ZObject, bundle: Bundle) => {
    const items = await spec.list(z, bundle);
    return enrich ? Promise.all(items.slice(0, SAMPLE_ITEMS).map((item) => enrich(z, item))) : items;
  };
  return defineTrigger({
    key: spec.key,
    noun: spec.noun,
    display: { label: spec.label, description: spec.description },
    operation: {
      type: 'hook',
      performSubscribe: (z, bundle) => subscribeHook(z, bundle, spec.event),
      performUnsubscribe: unsubscribeHook,
      perform,
      performList,
      sample: spec.sample,
      outputFields: spec.outputFields,
    },
  });
};

/** The four trigger events of the spec, listed by their polling routes. */
export const definePartnerInstantTrigger = <K extends string>(
  spec: Omit<InstantTriggerSpec<K>, 'list'> & { path: string },
) => defineInstantTrigger({ ...spec, list: (z, bundle) => pollItems(z, bundle, spec.path) });
