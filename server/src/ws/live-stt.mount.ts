import type { Server } from 'node:http';
import { LIVE_STT_PATH } from '../core/contracts.js';
import type { LiveSttDeps } from '../engines/stt/live-stt.contract.js';
import { routeUpgrades } from '../http/upgrade-router.js';
import type { Services } from '../services/services.js';
import { createLiveSttServer, type LiveSttServer } from './live-stt-server.js';

// Puts WS /v1/stt/stream on an HTTP server, authenticated by the accounts service and recording
// into meetings through the live results service. main.ts and the test server both mount it here,
// so tests exercise the same wiring as production.

export type LiveSttMountDeps = Omit<LiveSttDeps, 'authenticate' | 'sink'> & {
  services: Pick<Services, 'accounts' | 'liveResults'>;
};

export function mountLiveStt(server: Server, deps: LiveSttMountDeps): LiveSttServer {
  const { services, ...rest } = deps;
  const live = createLiveSttServer({
    ...rest,
    authenticate: (key) => services.accounts.authenticate(key),
    sink: services.liveResults,
  });
  routeUpgrades(server, { [LIVE_STT_PATH]: (req, socket, head) => live.handleUpgrade(req, socket, head) });
  return live;
}
