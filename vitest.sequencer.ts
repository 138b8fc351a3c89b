import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Vitest's own order runs the projects one after another (alphabetically), each longest file first,
// and without a results cache (a fresh clone, or after `npm ci`) largest file first. With one pool
// of workers for all projects, the server's longest files (speech decoding, 1-2 min each) then
// started minutes in, and the last of them ran alone at the end (~50 s of one busy core).
// So the long files (LONG_FILE_MS and over) start first, longest first over every project at once:
// the durations of this machine's last run (vitest's cache), else those recorded in
// test-durations.json (`npm run test:durations` writes it from the cache after a full run). A file
// neither knows (a new one) counts as long, as vitest runs unknown files first. Failed files still
// run first.
//
// The rest run project by project (the project with the longest of them first, each longest file
// first). Vitest keeps a worker that shares its modules only while the next file in the queue is of
// the same project; a file of another project ends it. Ordered by duration alone, the projects
// interleaved and 95 of 121 workers ran a single file, each paying the server's import and engine
// loads again.
const LONG_FILE_MS = 20_000;

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
    const byDuration = [...files].sort((a, b) => {
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
    const startsFirst = (spec: TestSpecification) => {
      const fact = facts.get(spec);
      return fact?.failed || fact?.ms === undefined || fact.ms >= LONG_FILE_MS;
    };
    const first = byDuration.filter(startsFirst);
    // Map keeps its keys in insertion order: the project whose longest remaining file comes first.
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of byDuration.filter((spec) => !startsFirst(spec))) {
      const key = `${spec.project.config.sequence.groupOrder} ${spec.project.name}`;
      const project = byProject.get(key) ?? [];
      project.push(spec);
      byProject.set(key, project);
    }
    return [...first, ...[...byProject.values()].flat()];
  }
}
