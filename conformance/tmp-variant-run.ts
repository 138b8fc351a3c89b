import { join } from 'node:path';
import { protoDir } from '@parley/schemas/paths';
import { PROTO_FILES } from '@parley/schemas/proto';
import { CHECKS, run } from './src/index.js';
import { startReferenceServer } from './src/reference-server.js';
import { referenceTarget } from './src/testing/reference-target.js';
import { startVariantProxy } from './src/testing/variant-proxy.js';
import { VARIANTS } from './src/testing/variants.js';

const ids = process.argv.slice(2);
const server = await startReferenceServer();
const target = { ...referenceTarget(server), protoFiles: PROTO_FILES.map((f) => join(protoDir, f)), retries: 0 };
let exit = 0;
try {
  for (const variant of VARIANTS.filter((v) => ids.includes(v.id))) {
    const fullOnly = variant.only.some((id) => CHECKS.some((c) => c.id === id && !c.profiles.includes('smoke')));
    const proxy = await startVariantProxy(server, variant);
    const t0 = performance.now();
    try {
      const report = await run({ ...target, ...variant.options, baseUrl: proxy.baseUrl, wsUrl: proxy.wsUrl, seed: 1,
        profile: fullOnly ? 'full' : 'smoke', only: variant.only, progress: null, reporters: [] });
      const bad = report.results.filter((r) => r.status === 'FAIL' || r.status === 'COULD_NOT_JUDGE');
      if (bad.length || report.exitCode !== 0) exit = 1;
      console.log(variant.id, report.exitCode, JSON.stringify(report.summary), ((performance.now() - t0) / 1000).toFixed(1), 's');
      for (const r of report.results) console.log('  ', r.status, r.id, r.message ?? '', JSON.stringify(r.metrics ?? {}));
    } finally { await proxy.close(); }
  }
} finally { await server.close(); }
process.exit(exit);
