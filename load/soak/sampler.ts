import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { routePath } from '../src/routes.js';
import { metricValues, rssFromStatus, type ServerSample, serverSample } from '../src/soak-samples.js';

// One sample of the server: its process from outside (/proc/<pid>/status for RSS, /proc/<pid>/fd
// for descriptors) when the soak started it, the heap, handles and event-loop delay from its
// /metrics (prom-client's default metrics), the SQLite file and its WAL from the data directory.
// A deployment at BASE_URL gives what its /metrics gives (RSS and descriptors too, when it exposes
// prom-client's process metrics), no /proc and no database size.

export interface SampleTarget {
  baseUrl: string;
  pid?: number;
  dataDir?: string;
}

const DATABASE_FILES = ['parley.sqlite', 'parley.sqlite-wal'];

export async function sampleServer(target: SampleTarget, t: number): Promise<ServerSample> {
  const [metrics, proc] = await Promise.all([readMetrics(target.baseUrl), readProc(target)]);
  return serverSample(t, metrics, proc);
}

async function readMetrics(baseUrl: string): Promise<Map<string, number>> {
  try {
    const reply = await fetch(`${baseUrl}${routePath('metrics')}`, { signal: AbortSignal.timeout(10_000) });
    return reply.ok ? metricValues(await reply.text()) : new Map();
  } catch {
    return new Map();
  }
}

async function readProc(
  target: SampleTarget,
): Promise<{ rss?: number; fds?: number; databaseBytes?: number }> {
  const out: { rss?: number; fds?: number; databaseBytes?: number } = {};
  if (target.pid) {
    const [status, fds] = await Promise.all([
      readFile(`/proc/${target.pid}/status`, 'utf8').catch(() => ''),
      readdir(`/proc/${target.pid}/fd`).catch(() => undefined),
    ]);
    const rss = rssFromStatus(status);
    if (Number.isFinite(rss)) out.rss = rss;
    if (fds) out.fds = fds.length;
  }
  if (target.dataDir) {
    const sizes = await Promise.all(
      DATABASE_FILES.map((f) =>
        stat(join(target.dataDir ?? '', f)).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    out.databaseBytes = sizes.reduce((a, b) => a + b, 0);
  }
  return out;
}
