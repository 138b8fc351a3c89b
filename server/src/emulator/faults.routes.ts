import { Router } from 'express';
import { ApiError } from '../core/api-error.js';
import type { ClusterSignals } from '../core/cluster-signals.js';
import { activeFaults, FAULTS } from './faults.catalog.js';

// GET /_emulator/faults lists every fault and which are on; PUT replaces the set that is on
// (`{faults: ["has-more-lies", ...]}`, `[]` turns all off). Mounted inside the emulator router, so
// the admin token guards it like every /_emulator route. A change reaches every server process on
// the same database (ClusterSignals) before the answer.

export function faultsRoutes(signals: ClusterSignals): Router {
  const router = Router();
  signals.subscribe('faults', (data) => activeFaults.set(JSON.parse(data) as string[]));
  router.get('/_emulator/faults', (_req, res) => {
    res.json({ success: true, active: activeFaults.list(), faults: FAULTS });
  });
  router.put('/_emulator/faults', async (req, res) => {
    const ids = (req.body as { faults?: unknown }).faults;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
      throw ApiError.badRequest('faults must be an array of fault ids');
    }
    const unknown = ids.filter((id) => !FAULTS.some((f) => f.id === id));
    if (unknown.length > 0) throw ApiError.badRequest(`Unknown faults: ${unknown.join(', ')}`);
    await signals.publish('faults', JSON.stringify(ids));
    res.json({ success: true, active: activeFaults.list() });
  });
  return router;
}
