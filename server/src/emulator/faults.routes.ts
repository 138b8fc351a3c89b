import { ApiError } from '../core/api-error.js';
import type { ClusterSignals } from '../core/cluster-signals.js';
import type { RouteKit } from '../http/route-kit.js';
import { activeFaults, FAULTS, SOAK_FAULTS, unknownFaults } from './faults.catalog.js';

// GET /_emulator/faults lists every fault and which are on; PUT replaces the set that is on
// (`{faults: ["has-more-lies", ...]}`, `[]` turns all off); `soak_faults` are the load soak's seeded leak. Admin routes of the catalog, guarded
// by the admin token like every /_emulator route. A change reaches every server process on the
// same database (ClusterSignals); a read first syncs with the cluster, so a list read through one
// process right after another process changed it shows the change.

export function faultsRoutes(kit: RouteKit, signals: ClusterSignals): void {
  signals.subscribe('faults', (data) => activeFaults.set(JSON.parse(data) as string[]));
  kit.mountPublic('emulator-faults', async () => {
    await signals.sync();
    return { success: true, active: activeFaults.list(), faults: FAULTS, soak_faults: SOAK_FAULTS };
  });
  kit.mountPublic('emulator-set-faults', async (body) => {
    const unknown = unknownFaults(body.faults);
    if (unknown.length > 0) throw ApiError.badRequest(`Unknown faults: ${unknown.join(', ')}`);
    await signals.publish('faults', JSON.stringify(body.faults));
    return { success: true, active: activeFaults.list() };
  });
}
