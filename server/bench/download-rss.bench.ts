// Memory of a server process under the audio_url download attack: N parallel POST /v1/stt whose
// audio_url serves a large body (random bytes, so ffmpeg refuses it once it has it all). Prints the
// process's RSS before (the same-run baseline), at its peak and after, with the load average.
//   npm run bench:download -w server -- [--parallel 10] [--mb 60]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnServer } from '../test-support/spawned-server.js';

const { values } = parseArgs({
  options: { parallel: { type: 'string', default: '10' }, mb: { type: 'string', default: '60' } },
});
const parallel = Number(values.parallel);
const bytes = Number(values.mb) * 1024 * 1024;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
};

// The source streams its body in 1 MiB pieces of random-looking bytes (never one big buffer here).
const piece = Buffer.alloc(1024 * 1024);
for (let i = 0; i < piece.length; i++) piece[i] = (i * 2654435761) >>> 24;
const source = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(bytes) });
  let sent = 0;
  const more = () => {
    while (sent < bytes) {
      sent += piece.length;
      if (!res.write(sent > bytes ? piece.subarray(0, piece.length - (sent - bytes)) : piece)) {
        res.once('drain', more);
        return;
      }
    }
    res.end();
  };
  more();
});
await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
const sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/audio.wav`;

const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-rss-'));
const server = await spawnServer(dataDir, { env: { PARLEY_ALLOW_PRIVATE_URLS: 'true' } });
const pid = server.child.pid ?? 0;
try {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: parallel }, () =>
      fetch(`${server.url}/v1/stt?api_key=${server.demoKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ audio_url: sourceUrl }),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  clearInterval(sampler);
  const after = rssMb(pid);
  const tally = new Map<number, number>();
  for (const s of statuses) tally.set(s, (tally.get(s) ?? 0) + 1);
  const counts = [...tally].map(([status, n]) => `${n}×${status}`);
  console.log(`download attack: ${parallel} parallel × ${values.mb} MiB audio_url bodies, ${seconds} s`);
  console.log(`answers: ${counts.join(', ')}`);
  console.log(
    `RSS MiB  baseline (idle, same run) ${before}  peak ${peak}  after ${after}  peak-baseline ${peak - before}`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.stop();
  source.close();
  rmSync(dataDir, { recursive: true, force: true });
}
