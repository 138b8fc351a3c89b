// End to end, the app against every deployment the spec allows: one reference server in-process, and
// for each variant of the kit's catalog (VARIANTS) a proxy that turns it into that deployment. Every
// flow a Zap can run (connect, polls and their deduplication, the dropdown's pages, searches, actions,
// callbacks, refresh) gives what it gives against the reference server itself, normalised only where
// the variant's room makes it differ (variant-matrix.test-support.ts). `npm test` runs the REDUCED
// matrix; PARLEY_E2E_VARIANTS=all (`npm run e2e:variants -w integration`) runs every variant.

import { startVariantProxy } from '@parley/conformance/testing/variant-proxy';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { variantFlows } from './app-flows.test-support.js';
import { E2E_TIMEOUTS, keepHttpUnpatched, loadAppOn, startDeployment } from './e2e.test-support.js';
import { startFlows } from './flow-deployment.test-support.js';
import {
  comparable,
  DECISIONS,
  MUTANTS,
  REDUCED,
  VARIANTS,
  type Variant,
  variantsToRun,
} from './variant-matrix.test-support.js';

keepHttpUnpatched();
vi.setConfig(E2E_TIMEOUTS);

describe('the matrix decides every variant of the catalog', () => {
  it('names each variant once: run, or why it does not touch the app', () => {
    expect(Object.keys(DECISIONS).sort()).toEqual(VARIANTS.map((v) => v.id).sort());
    for (const [id, decision] of Object.entries(DECISIONS))
      expect(decision === 'run' || decision.length > 10, id).toBe(true);
    expect(REDUCED.filter((id) => DECISIONS[id] !== 'run')).toEqual([]);
  });
});

// `all`, or variant ids separated by commas (one variant while working on it); unset: REDUCED.
const asked = process.env.PARLEY_E2E_VARIANTS?.split(',') ?? REDUCED;
const chosen = variantsToRun().filter((v) => asked.includes('all') || asked.includes(v.id));
// Every variant's flows use the partner routes many times over: the per-token limit is another test's.
const deployment = await startDeployment({ PARLEY_PARTNER_RATE_LIMIT: '100000' });
const app = await loadAppOn(deployment.server);
const flows = await startFlows(deployment, app);
afterAll(async () => {
  await flows.close();
  await deployment.server.close();
});

const proxies = new Map<string, Awaited<ReturnType<typeof startVariantProxy>>>();
afterAll(() => Promise.all([...proxies.values()].map((p) => p.close())));
const proxyOf = (variant: Variant) => () => {
  const proxy = proxies.get(variant.id);
  if (!proxy) throw new Error('the proxy has not started');
  return proxy.baseUrl;
};
const upstream = { baseUrl: deployment.server.url, wsUrl: deployment.server.wsUrl };
const runs = chosen.map((variant) => ({
  variant,
  flows: variantFlows(flows, app, variant.id, proxyOf(variant)),
}));

for (const { variant, flows: variantRun } of runs) {
  describe(`variant ${variant.id}`, () => {
    for (const [flow, step] of variantRun.steps) {
      it(flow, async () => {
        if (!proxies.has(variant.id)) proxies.set(variant.id, await startVariantProxy(upstream, variant));
        const { got, want } = await step();
        const [a, b] = comparable(variant.id, flow, got, want);
        expect(a).toEqual(b);
      });
    }
  });
}

// The verdicts can fail: a deployment that breaks the spec makes its flow differ (with the full matrix).
describe.runIf(asked.includes('all'))('deployments that break the spec fail the matrix', () => {
  for (const { variant, fails } of MUTANTS) {
    it(`${variant.id}: ${fails} differs`, async () => {
      proxies.set(variant.id, await startVariantProxy(upstream, variant));
      const { steps } = variantFlows(flows, app, variant.id, proxyOf(variant));
      const at = steps.findIndex(([flow]) => flow === fails);
      for (const [, step] of steps.slice(0, at)) await step();
      const { got, want } = await (steps[at]?.[1] ?? (() => Promise.reject(new Error(`no flow ${fails}`))))();
      const [a, b] = comparable(variant.id, fails, got, want);
      expect(a).not.toEqual(b);
    });
  }
});

// The access token's hour passed (the server's clock then stays ahead: so after every other flow).
describe('an expired access token, refreshed twice', () => {
  for (const { variant, flows: variantRun } of runs) {
    it(`variant ${variant.id}`, async () => {
      const { got, want } = await variantRun.refresh();
      expect(got).toEqual(want);
    });
  }
});
