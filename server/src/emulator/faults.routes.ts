import type { EmulatorFaultsRequest } from '@parley/schemas/types';
import { ApiError } from '../core/api-error.js';
import type { RouteKit } from '../http/route-kit.js';
import { activeFaults, FAULTS } from './faults.catalog.js';

// GET /_emulator/faults lists every fault and which are on; PUT replaces the set that is on
// (`{faults: ["has-more-lies", ...]}`, `[]` turns all off). Admin routes of the catalog, guarded
// by the admin token like every /_emulator route.

export function faultsRoutes(kit: RouteKit): void {
  kit.mountPublic('emulator-faults', async () => ({
    success: true,
    active: activeFaults.list(),
    faults: FAULTS,
  }));
  kit.mountPublic<EmulatorFaultsRequest, unknown>('emulator-set-faults', async (body) => {
    const unknown = activeFaults.set(body.faults);
    if (unknown.length > 0) throw ApiError.badRequest(`Unknown faults: ${unknown.join(', ')}`);
    return { success: true, active: activeFaults.list() };
  });
}
