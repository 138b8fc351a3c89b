// Live STT under concurrent real-time sessions: N clients each send the same clip of the two-speaker
// fixture in 20 ms frames paced by the wall clock, then the empty frame, and wait for `finished`.
// Measured per level: first audio frame → first interim, empty frame → finished (p50/p95), and the
// server's CPU per stream, next to a bare `ws` server that receives the same paced frames (baseline:
// what the socket alone costs). Each server runs in a child process so its CPU is its own
// (live-stream.server.ts); bench:speech steps the level up with live-stream.levels.ts.
// Run: npm run bench:live -w server [-- --sessions 1,10,50 --seconds 10 --decoders N --max-sessions N]

import { isEntry, option } from './bench-kit.js';
import { benchClip, type LevelResult, runLevel } from './live-stream.levels.js';

const round = (v: number | undefined) => (v === undefined ? '-' : String(Math.round(v)));

/** One printable row: the columns bench:live has always printed. */
export function levelRow(level: LevelResult): Record<string, string | number> {
  const live = level.mode === 'live';
  return {
    mode: level.mode,
    sessions: level.sessions,
    closes: level.closes,
    'finals/served session': level.finalsPerSession?.toFixed(1) ?? '-',
    'first interim p50 ms': round(level.firstInterim?.p50),
    'first interim p95 ms': round(level.firstInterim?.p95),
    'finished p50 ms': round(level.finished?.p50),
    'finished p95 ms': round(level.finished?.p95),
    'server CPU %/stream': level.cpuPerStream.toFixed(2),
    'server CPU % total': level.cpuTotal.toFixed(1),
    'event loop busy %': level.eventLoopBusy.toFixed(0),
    'RSS MB': level.rssMb,
    ...(live ? { decoders: level.decoders ?? '-' } : {}),
  };
}

async function main(): Promise<void> {
  const levels = option('sessions', '1,10,50').split(',').map(Number);
  const seconds = Number(option('seconds', '10'));
  // 0: the server's default (LIVE_SESSIONS_PER_CPU per core); sessions beyond it are refused with 4503.
  const maxSessions = Number(option('max-sessions', '0'));
  const clip = await benchClip(seconds);
  // The run stops by itself: every level gets the clip's length plus a generous margin.
  const budgetMs = levels.length * 2 * (clip.pcm.length / 16 + 90_000);
  setTimeout(() => {
    console.error(`bench: gave up after ${Math.round(budgetMs / 1000)} s`);
    process.exit(1);
  }, budgetMs).unref();

  console.log(`clip: ${clip.label}`);
  const rows = [];
  for (const sessions of levels) {
    const decoders = Number(option('decoders', String(Math.min(sessions, 32))));
    for (const mode of ['bare', 'live'] as const) {
      rows.push(levelRow(await runLevel(mode, sessions, clip.pcm, { decoders, maxSessions })));
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
  console.table(rows);
  console.log(
    "first interim counts from the first audio frame; the clip's speech starts ~0.3 s in, and the endpointer needs ~0.2 s of voice to open an utterance.",
  );
}

if (isEntry(import.meta.url)) await main();
