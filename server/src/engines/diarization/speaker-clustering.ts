import { pool, type SpeakerFeatures, speakerDistance } from './speaker-features.js';

// Agglomerative clustering of segments by speaker: start with one cluster per segment, merge the
// closest pair (distance between pooled statistics) until the closest pair is farther apart than
// the threshold and no more than `maxSpeakers` clusters remain.

export const DEFAULT_THRESHOLD = 0.45;
export const DEFAULT_MAX_SPEAKERS = 4;

/** Cluster index per input (undefined inputs get the cluster of their nearest neighbour in order). */
export function clusterSpeakers(
  items: readonly (SpeakerFeatures | undefined)[],
  threshold = DEFAULT_THRESHOLD,
  maxSpeakers = DEFAULT_MAX_SPEAKERS,
): number[] {
  let clusters = items.flatMap((features, index) => (features ? [{ features, members: [index] }] : []));
  while (clusters.length > 1) {
    let best = { i: 0, j: 1, d: Number.POSITIVE_INFINITY };
    for (let i = 0; i < clusters.length; i++) {
      for (let j = i + 1; j < clusters.length; j++) {
        const a = clusters[i];
        const b = clusters[j];
        if (!a || !b) continue;
        const d = speakerDistance(a.features, b.features).total;
        if (d < best.d) best = { i, j, d };
      }
    }
    if (best.d > threshold && clusters.length <= maxSpeakers) break;
    const a = clusters[best.i];
    const b = clusters[best.j];
    if (!a || !b) break;
    const merged = { features: pool(a.features, b.features), members: [...a.members, ...b.members] };
    clusters = clusters.filter((_, k) => k !== best.i && k !== best.j);
    clusters.push(merged);
  }
  const assignment: (number | undefined)[] = new Array(items.length).fill(undefined);
  clusters.forEach((cluster, c) => {
    for (const member of cluster.members) assignment[member] = c;
  });
  return fillGaps(assignment);
}

/** Renumbers labels in order of first appearance: the first speaker heard is 0. */
export function byFirstAppearance(labels: readonly number[]): number[] {
  const order = new Map<number, number>();
  return labels.map((label) => {
    if (!order.has(label)) order.set(label, order.size);
    return order.get(label) ?? 0;
  });
}

function fillGaps(assignment: readonly (number | undefined)[]): number[] {
  return assignment.map((label, i) => {
    if (label !== undefined) return label;
    for (let step = 1; step < assignment.length; step++) {
      const before = assignment[i - step];
      if (before !== undefined) return before;
      const after = assignment[i + step];
      if (after !== undefined) return after;
    }
    return 0;
  });
}
