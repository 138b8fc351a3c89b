import { run } from '../src/index.ts';
import { startReferenceServer } from '../src/reference-server.ts';

let t = performance.now();
const server = await startReferenceServer();
console.log('start', Math.round(performance.now() - t));
const base = {
  baseUrl: server.baseUrl,
  wsUrl: server.wsUrl,
  apiKey: server.apiKey,
  secondApiKey: server.secondApiKey,
  audioBaseUrl: server.audioBaseUrl,
};
for (const only of [
  ['speech.03'],
  ['speech.03'],
  ['stream.02'],
  ['rest', 'errors'],
  ['speech.02', 'speech.04'],
]) {
  t = performance.now();
  const r = await run({ ...base, only, profile: 'smoke', seed: 1, progress: null, reporters: [] });
  console.log(
    only.join(','),
    Math.round(performance.now() - t),
    r.results.map((x) => `${x.id.slice(0, 9)} ${x.durationMs}`).join(', '),
  );
}
await server.close();
