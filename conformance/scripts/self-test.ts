import { FAULTS } from '../../server/src/emulator/faults.catalog.js';
import { CHECKS, run } from '../src/index.js';
import { startReferenceServer } from '../src/reference-server.js';

// The kit is measured, not trusted: the full kit against the reference server must pass with no
// failure; then with each injected fault on, the kit (that fault's area) must fail, naming the
// check the fault is meant to break. Prints the kill rate (faults caught / faults); exit 1 below 100%.

const server = await startReferenceServer();
const target = {
  baseUrl: server.baseUrl,
  wsUrl: server.wsUrl,
  apiKey: server.apiKey,
  secondApiKey: server.secondApiKey,
  audioBaseUrl: server.audioBaseUrl,
};
const setFaults = (faults: string[]) =>
  fetch(`${server.baseUrl}/_emulator/faults`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  }).then((r) => {
    if (r.status !== 200) throw new Error(`PUT /_emulator/faults answered ${r.status}`);
  });
let exit = 0;
try {
  const clean = await run({ ...target, seed: 1, progress: null, reporters: [] });
  const failed = clean.results.filter((r) => r.status === 'FAIL');
  console.log(
    `clean run: ${JSON.stringify(clean.summary)}${failed.map((r) => `\n  FAIL ${r.id}: ${r.message}`).join('')}`,
  );
  if (failed.length > 0) exit = 1;
  let caught = 0;
  for (const fault of FAULTS) {
    await setFaults([fault.id]);
    try {
      // The smoke profile of the fault's area when it holds the check (quicker), the full one otherwise.
      const profile = CHECKS.find((c) => c.id === fault.check)?.profiles.includes('smoke') ? 'smoke' : 'full';
      const report = await run({
        ...target,
        seed: 1,
        profile,
        only: [fault.area],
        progress: null,
        reporters: [],
      });
      const hit = report.results.find((r) => r.id === fault.check);
      const ok = hit?.status === 'FAIL' && report.exitCode === 1;
      if (ok) caught++;
      console.log(
        `${ok ? 'caught' : 'MISSED'} ${fault.id.padEnd(26)} ${fault.check}${ok ? '' : ` (${hit?.status}: ${hit?.message})`}`,
      );
    } finally {
      await setFaults([]);
    }
  }
  console.log(`kill rate: ${caught}/${FAULTS.length} = ${((100 * caught) / FAULTS.length).toFixed(1)}%`);
  if (caught < FAULTS.length) exit = 1;
} finally {
  await server.close();
}
process.exit(exit);
