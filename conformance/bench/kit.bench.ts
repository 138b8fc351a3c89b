import { loadavg } from 'node:os';
import { run } from '../src/index.js';
import { startReferenceServer } from '../src/reference-server.js';

// bench:kit: how long the kit takes against the local reference server, smoke and full profile,
// beside the budgets (smoke 10 s, full 30 s; issue 20) and the machine's load average. The reference server
// starts once, outside the timings (its start is printed too); each profile runs --runs times
// (default 1). Every check runs, the partner ones with the reference server's OAuth client and user.

const BUDGET_MS = { smoke: 10_000, full: 30_000 } as const;
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 1);

const starting = performance.now();
const server = await startReferenceServer();
console.log(
  `reference server start (engines built, partner data seeded): ${Math.round(performance.now() - starting)} ms`,
);
try {
  const target = {
    baseUrl: server.baseUrl,
    wsUrl: server.wsUrl,
    apiKey: server.apiKey,
    secondApiKey: server.secondApiKey,
    audioBaseUrl: server.audioBaseUrl,
    transcriptMeetingId: server.transcriptMeetingId,
    oauthClient: server.partner.client,
    oauthUser: server.partner.user,
    oauthRedirectUri: server.partner.redirectUri,
    webhookSecret: server.partner.webhookSecret,
    callbackListen: '127.0.0.1:0',
  };
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('profile  run  wall ms  budget ms  ratio  failures  slowest checks');
  for (const profile of ['smoke', 'full'] as const) {
    for (let i = 1; i <= runs; i++) {
      const started = performance.now();
      const report = await run({ ...target, profile, seed: i, progress: null, reporters: [] });
      const wall = Math.round(performance.now() - started);
      const slowest = [...report.results]
        .sort((a, b) => b.durationMs - a.durationMs)
        .slice(0, 3)
        .map((r) => `${r.id} ${r.durationMs}`);
      const failures = report.results.filter(
        (r) => r.status === 'FAIL' || r.status === 'COULD_NOT_JUDGE',
      ).length;
      console.log(
        `${profile.padEnd(8)} ${String(i).padStart(3)}  ${String(wall).padStart(7)}  ${String(BUDGET_MS[profile]).padStart(9)}  ${(wall / BUDGET_MS[profile]).toFixed(2).padStart(5)}  ${String(failures).padStart(8)}  ${slowest.join(', ')}`,
      );
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await server.close();
}
