import type { LiveSttDeps } from '../engines/stt/live-stt.contract.js';
import type { Services } from '../services/services.js';
import { createLiveSttServer, type LiveSttServer } from './live-stt-server.js';

// The live STT server of WS /v1/stt/stream (catalog route `stt-stream`), authenticated by the
// accounts service and recording into meetings through the live results service. build-server.ts
// (main.ts and the test server) builds it here and hands it to createApp, which mounts it on the route kit, so
// tests exercise the same wiring as production.

export type LiveSttMountDeps = Omit<LiveSttDeps, 'authenticate' | 'sink'> & {
  services: Pick<Services, 'accounts' | 'liveResults'>;
};

export function createLiveStt(deps: LiveSttMountDeps): LiveSttServer {
  const { services, ...rest } = deps;
  return createLiveSttServer({
    ...rest,
    authenticate: (key) => services.accounts.authenticate(key),
    sink: services.liveResults,
  });
}
