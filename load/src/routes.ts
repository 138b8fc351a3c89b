import { DEFAULT_PARTNER_SEGMENT } from '@parley/schemas/constants';
import { partnerPath } from '@parley/schemas/route-spec';
import { allRoutes, triggerRoutes } from '@parley/schemas/routes';
import {
  emulatorRoutes,
  oauthPageRoutes,
  partnerHookRoutes,
  serverOpsRoutes,
} from '@parley/schemas/server-routes';

// Paths come from the schemas' route catalog, the one home of every URL: a route is named, never
// spelled out here. Beside the spec's routes, the reference server's own that the soak uses: the
// OAuth pages a person signs in on, the hook subscriptions, /metrics and the emulator's faults.

const ROUTES = [
  ...allRoutes,
  ...oauthPageRoutes,
  ...partnerHookRoutes,
  ...serverOpsRoutes,
  ...emulatorRoutes,
];

export function routePath(name: string, options: { id?: string; partnerSegment?: string } = {}): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`no route named ${name} in the route catalog (@parley/schemas/routes)`);
  const path =
    route.group === 'partner' || route.group === 'oauth'
      ? partnerPath(route.path, options.partnerSegment ?? DEFAULT_PARTNER_SEGMENT)
      : route.path;
  if (!path.includes(':id')) return path;
  if (!options.id) throw new Error(`route ${name} needs an id`);
  return path.replace(':id', encodeURIComponent(options.id));
}

/** The catalog's polling triggers, by route name. */
export const TRIGGER_ROUTES = triggerRoutes.map((r) => r.name);
