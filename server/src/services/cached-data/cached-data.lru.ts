import type { Clock } from '../../core/clock.js';

// A bounded in-process cache: least recently used entries go first once either bound is reached
// (entry count, or total weight — roughly the bytes a value holds), and an entry older than the TTL
// is never served. A Map keeps insertion order, so re-inserting on every hit makes its first key
// the least recently used one: no linked list needed.

export interface LruOptions<V> {
  maxEntries: number;
  /** Bound on the sum of `weigh(value)` over all entries. */
  maxWeight: number;
  ttlMicros: number;
  clock: Clock;
  /** Weight of a value; a value heavier than maxWeight is never stored. */
  weigh: (value: V) => number;
}

export interface LruStats {
  hits: number;
  misses: number;
  entries: number;
  weight: number;
}

interface Entry<V> {
  value: V;
  weight: number;
  expiresUs: number;
}

export class LruCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private weight = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly options: LruOptions<V>) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresUs <= this.options.clock.nowMicros()) {
      if (entry) this.delete(key);
      this.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.options.weigh(value);
    if (weight > this.options.maxWeight) return;
    this.entries.set(key, {
      value,
      weight,
      expiresUs: this.options.clock.nowMicros() + this.options.ttlMicros,
    });
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries && this.weight <= this.options.maxWeight) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  stats(): LruStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, weight: this.weight };
  }
}

/** Weight of a JSON value: its serialized length, a fair proxy for the memory it holds. */
export function jsonWeight(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}
