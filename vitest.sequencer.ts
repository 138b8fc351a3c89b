import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Vitest's own order runs the projects one after another (alphabetically), each longest file first,
// and without a results cache (a fresh clone, or after `npm ci`) largest file first. With one pool
// of workers for all projects, the server's longest files (speech decoding, 1-2 min each) then
// started minutes in, and the last of them ran alone at the end (~50 s of one busy core).
// This order is longest first over every project at once: the durations of this machine's last
// run (vitest's cache), else those recorded in test-durations.json (`npm run test:durations`
// writes it from the cache after a full run). A file neither knows (a new one) runs first, as
// vitest does with unknown files. Failed files still run first.

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const RECORDED = new URL('test-durations.json', import.meta.url);

function recordedSeconds(): Record<string, number> {
  try {
    return (JSON.parse(readFileSync(RECORDED, 'utf8')) as { seconds: Record<string, number> }).seconds;
  } catch {
    return {};
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedSeconds();
    const known = (spec: TestSpecification) => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec);
      const seconds = recorded[relative(ROOT, spec.moduleId)];
      return {
        failed: cached?.failed ?? false,
        ms: cached?.duration ?? (seconds === undefined ? undefined : seconds * 1000),
      };
    };
    const facts = new Map(files.map((spec) => [spec, known(spec)]));
    // Vitest's order (projects, then size) decides between files this order cannot tell apart.
    const rank = new Map((await super.sort(files)).map((spec, i) => [spec, i]));
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      const fa = facts.get(a);
      const fb = facts.get(b);
      if (fa?.failed !== fb?.failed) return fa?.failed ? -1 : 1;
      if (fa?.ms === undefined || fb?.ms === undefined) {
        if (fa?.ms !== fb?.ms) return fa?.ms === undefined ? -1 : 1;
      } else if (fa.ms !== fb.ms) return fb.ms - fa.ms;
      return (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
    });
  }
}
