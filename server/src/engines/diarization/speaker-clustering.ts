import { pool, type SpeakerFeatures, speakerDistance } from './speaker-features.js';
import { type SpeakerProfile, TELEPHONE_PROFILE } from './speaker-profile.js';

// Agglomerative clustering of segments by speaker. Segments of at least MIN_TURN_FRAMES start as
// one cluster each; the closest pair (distance between pooled statistics) merges until the closest
// pair is farther apart than the threshold and no more than `maxSpeakers` clusters remain. Shorter
// segments say too little to found a speaker of their own (one word's MFCCs are its phonemes more
// than its voice): each joins the cluster nearest to it afterwards.
//
// The stopping rule is a distance threshold that, in the telephone profile, depends on how much
// speech the closer pair holds. Between long stretches (≥ SETTLED_FRAMES, ~7 s) of the real
// recordings (fixtures/recordings), one speaker's last merge is at most 0.039 (the same woman in
// English and Spanish) and two speakers' at least 0.064: the profile's 0.05 sits between. Shorter
// stretches differ more by what is said, so one voice reads farther from itself (~2 s turns: up to
// 0.078): the limit grows as 1/frames below SETTLED_FRAMES, reaching ~0.09 at 1.3 s.

export const DEFAULT_MAX_SPEAKERS = 4;
/** ~1 s of kept frames: the shortest segment that founds a speaker. */
export const MIN_TURN_FRAMES = 70;
/** Kept frames past which a stretch's statistics stop settling (about 7 s of speech). */
const SETTLED_FRAMES = 500;

export interface ClusteringRule {
  profile: SpeakerProfile;
  /** Replaces the profile's long-stretch threshold (DiarizationOptions.threshold). */
  threshold?: number;
  maxSpeakers?: number;
}

/** The largest distance at which two clusters still merge, given the smaller one's frames. */
export function mergeLimit(rule: ClusteringRule, a: SpeakerFeatures, b: SpeakerFeatures): number {
  const frames = Math.min(a.frames, b.frames, SETTLED_FRAMES);
  const threshold = rule.threshold ?? rule.profile.threshold;
  return threshold + rule.profile.shortStretchSlope * (1 / Math.max(frames, 1) - 1 / SETTLED_FRAMES);
}

/** Cluster index per input (undefined inputs get the cluster of their nearest neighbour in order). */
export function clusterSpeakers(
  items: readonly (SpeakerFeatures | undefined)[],
  rule: ClusteringRule = { profile: TELEPHONE_PROFILE },
): number[] {
  const maxSpeakers = rule.maxSpeakers ?? DEFAULT_MAX_SPEAKERS;
  const known = items.flatMap((features, index) => (features ? [{ features, index }] : []));
  const long = known.filter((k) => k.features.frames >= MIN_TURN_FRAMES);
  // Only short segments: they are all there is to go on.
  const founders = long.length > 0 ? long : known;
  let clusters = founders.map(({ features, index }) => ({ features, members: [index] }));
  while (clusters.length > 1) {
    // The pair closest relative to its own limit merges first, so short stretches, whose limit is
    // wider, do not wait behind long ones that are nearer in raw distance.
    let best = { i: 0, j: 1, ratio: Number.POSITIVE_INFINITY };
    for (let i = 0; i < clusters.length; i++) {
      for (let j = i + 1; j < clusters.length; j++) {
        const a = clusters[i];
        const b = clusters[j];
        if (!a || !b) continue;
        const ratio = speakerDistance(a.features, b.features) / mergeLimit(rule, a.features, b.features);
        if (ratio < best.ratio) best = { i, j, ratio };
      }
    }
    if (best.ratio > 1 && clusters.length <= maxSpeakers) break;
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
  for (const { features, index } of known) {
    if (assignment[index] !== undefined) continue;
    assignment[index] = nearest(
      clusters.map((c) => c.features),
      features,
    );
  }
  return fillGaps(assignment);
}

/** Index of the speaker closest to `features`, with its distance (-1 and Infinity when none). */
export function nearestSpeaker(
  speakers: readonly SpeakerFeatures[],
  features: SpeakerFeatures,
): { index: number; distance: number } {
  let index = -1;
  let distance = Number.POSITIVE_INFINITY;
  speakers.forEach((speaker, i) => {
    const d = speakerDistance(speaker, features);
    if (d < distance) [index, distance] = [i, d];
  });
  return { index, distance };
}

function nearest(speakers: readonly SpeakerFeatures[], features: SpeakerFeatures): number | undefined {
  const { index } = nearestSpeaker(speakers, features);
  return index < 0 ? undefined : index;
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
