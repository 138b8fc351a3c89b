import type { EngineHealth, HealthResponse } from '@parley/schemas/types';
import type { Clock } from '../../core/clock.js';
import { API_VERSION } from '../../core/contracts.js';
import type { EngineStatus } from '../../engines/engine.js';
import type { Metrics } from '../../http/metrics.js';
import { Reply } from '../../http/reply.js';
import type { RouteKit } from '../../http/route-kit.js';
import type { Store } from '../../store/store.js';

// GET /health (no auth; always 200, as the spec says, with the state of the database and of every
// engine) and GET /metrics (Prometheus text format).

/** Whatever can list the engines' states; the engines registry implements it. */
export interface EngineStatusSource {
  statuses(): EngineStatus[] | Promise<EngineStatus[]>;
}

export interface OpsDeps {
  store: Store;
  clock: Clock;
  metrics: Metrics;
  engines?: EngineStatusSource | undefined;
  /** Catalog routes not served (http/unserved-routes.ts), reported so a client knows. */
  notServed: readonly string[];
}

export function opsRoutes(kit: RouteKit, deps: OpsDeps): void {
  const startedUs = deps.clock.nowMicros();

  kit.mountPublic('health', async (): Promise<HealthResponse & { database: object }> => {
    const [databaseOk, statuses] = await Promise.all([deps.store.ping(), deps.engines?.statuses() ?? []]);
    const engines: Record<string, EngineHealth> = {};
    for (const status of statuses) {
      // Several adapters of one kind: report the one that can serve.
      if (engines[status.engine]?.available) continue;
      engines[status.engine] = {
        adapter: status.adapter,
        available: status.available,
        ...(status.detail ? { [status.available ? 'detail' : 'reason']: status.detail } : {}),
        ...(status.languages ? { languages: status.languages } : {}),
      };
    }
    const healthy = databaseOk && statuses.every((s) => s.available);
    return {
      status: healthy ? 'ok' : 'degraded',
      version: API_VERSION,
      uptime_seconds: Math.max(0, (deps.clock.nowMicros() - startedUs) / 1e6),
      database: { dialect: deps.store.dialect, ok: databaseOk },
      engines,
      routes_not_served: [...deps.notServed],
    };
  });

  kit.mountPublic(
    'metrics',
    async () =>
      new Reply(200, await deps.metrics.registry.metrics(), {
        'Content-Type': deps.metrics.registry.contentType,
      }),
  );
}
