// The four automation-platform triggers share one shape: GET a route that answers a JSON array, newest
// first, at most 50 items, each `id` the deduplication key. Only the route, the words and the fields differ.
import { type Bundle, defineTrigger, type PlainOutputField, type ZObject } from 'zapier-platform-core';
import { dataOf, urls } from './service.client.js';

/** Items shown while the Zap editor loads samples: the platform keeps 3, so fetch no more to hand. */
export const SAMPLE_ITEMS = 3;

export interface PollingTriggerSpec<K extends string> {
  key: K;
  noun: string;
  label: string;
  /** Starts "Triggers when"; the publishing check D021 holds it to that. */
  description: string;
  /** Route under the automation-platform prefix, e.g. `/triggers/meeting-ended`. */
  path: string;
  sample: Record<string, unknown>;
  outputFields: PlainOutputField[];
}

export async function pollItems(z: ZObject, bundle: Bundle, path: string): Promise<{ id: string }[]> {
  const items = dataOf<unknown>(await z.request({ url: urls.partner(path) }));
  if (!Array.isArray(items)) {
    throw new z.errors.Error(`Parley answered ${path} with something other than a list`, 'bad_response', 502);
  }
  return bundle.meta?.isLoadingSample ? items.slice(0, SAMPLE_ITEMS) : items;
}

export const definePollingTrigger = <K extends string>(spec: PollingTriggerSpec<K>) =>
  defineTrigger({
    key: spec.key,
    noun: spec.noun,
    display: { label: spec.label, description: spec.description },
    operation: {
      type: 'polling',
      perform: (z, bundle) => pollItems(z, bundle, spec.path),
      sample: spec.sample,
      outputFields: spec.outputFields,
    },
  });
