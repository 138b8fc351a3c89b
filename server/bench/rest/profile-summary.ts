import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Where a V8 CPU profile (`node --cpu-prof`) spent its time, as text: self time by area (a package,
// a file of ours, node internals, GC) and the hottest functions by self and by inclusive time.
// Idle samples are left out, so shares are of the time the process was busy.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const IDLE = '(idle)';
const TOP = 20;

/** `express`, `src/http/route-kit.ts`, `node:internal/...`, or a V8 pseudo-frame like `(garbage collector)`. */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const path = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg?.[1]) return pkg[1];
  const ours = /\/((?:server|schemas)\/src\/.+)$/.exec(path);
  if (ours?.[1]) return ours[1];
  if (path.startsWith('node:')) return path.split('/').slice(0, 2).join('/');
  return path;
}

function frameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  // A bundle's line numbers say nothing about the source file: its frames name the file only.
  const line = url.startsWith('bundle:') ? '' : `:${lineNumber + 1}`;
  const where = url ? `${areaOf(url, functionName)}${line}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

function table(title: string, entries: Map<string, number>, total: number): string {
  const top = [...entries].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  const lines = top.map(([name, ms]) => `  ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${name}`);
  return [title, ...lines].join('\n');
}

export function summarizeProfile(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const samplesOf = new Map<number, number>();
  for (const id of profile.samples) samplesOf.set(id, (samplesOf.get(id) ?? 0) + 1);
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);

  const selfByArea = new Map<string, number>();
  const selfByFrame = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busyMs = 0;
  // Depth-first from the root; a frame's inclusive time counts once even when it recurses.
  const walk = (id: number, onStack: Set<string>): number => {
    const node = byId.get(id);
    if (!node) return 0;
    const frame = frameOf(node);
    const self = node.callFrame.functionName === IDLE ? 0 : (samplesOf.get(id) ?? 0) * msPerSample;
    busyMs += self;
    if (self > 0) {
      const area = areaOf(node.callFrame.url, node.callFrame.functionName);
      selfByArea.set(area, (selfByArea.get(area) ?? 0) + self);
      selfByFrame.set(frame, (selfByFrame.get(frame) ?? 0) + self);
    }
    const fresh = !onStack.has(frame);
    if (fresh) onStack.add(frame);
    let total = self;
    for (const child of node.children ?? []) total += walk(child, onStack);
    if (fresh) {
      onStack.delete(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + total);
    }
    return total;
  };
  const root = profile.nodes[0];
  if (root) walk(root.id, new Set());
  inclusive.delete(root ? frameOf(root) : '');
  return [
    `busy ${(busyMs / 1000).toFixed(1)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled`,
    table('self time by area:', selfByArea, busyMs),
    table('self time by function:', selfByFrame, busyMs),
    table('inclusive time by function:', inclusive, busyMs),
  ].join('\n');
}

// esbuild writes `// <path>` before each module it bundles (server/src/…, node_modules/…): a frame
// in the bundle (npm start's dist/server.cjs) is put back in the file its code came from.
const MODULE_MARKER = /^\/\/ ((?:server|schemas)\/src\/\S+|node_modules\/\S+)$/;

function unbundled(profile: CpuProfile): CpuProfile {
  const markers = new Map<string, { line: number; path: string }[]>();
  const markersOf = (url: string) => {
    let found = markers.get(url);
    if (!found) {
      found = [];
      try {
        readFileSync(new URL(url), 'utf8')
          .split('\n')
          .forEach((text, line) => {
            const path = MODULE_MARKER.exec(text)?.[1];
            if (path) found?.push({ line, path });
          });
      } catch {
        // Not readable (deleted since): frames keep the bundle's name.
      }
      markers.set(url, found);
    }
    return found;
  };
  for (const node of profile.nodes) {
    const { url, lineNumber } = node.callFrame;
    if (!url.endsWith('.cjs') || !url.startsWith('file://')) continue;
    const list = markersOf(url);
    let lo = 0;
    let hi = list.length - 1;
    let at: string | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const marker = list[mid] as { line: number; path: string };
      if (marker.line <= lineNumber) {
        at = marker.path;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (at) node.callFrame = { ...node.callFrame, url: `bundle:///${at}` };
  }
  return profile;
}

/** The summary of the newest profile in `dir` (the one the run that just ended wrote). */
export function summarizeProfiles(dir: string): string {
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)[0];
  if (!newest) return `no .cpuprofile in ${dir}`;
  const profile = JSON.parse(readFileSync(newest.path, 'utf8')) as CpuProfile;
  return `CPU profile of the reference server (${newest.path}):\n${summarizeProfile(unbundled(profile))}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: profile-summary.ts <dir with .cpuprofile files>');
  process.stdout.write(`${summarizeProfiles(dir)}\n`);
}
