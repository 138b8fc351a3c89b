import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROTO_CONTENT_TYPE, SessionTTSRequest, SessionTTSResponse } from '@parley/schemas/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test-support/spawned-server.js';

// The real entry point as `npm start` runs it (bundled to dist/ by scripts/build.mjs, run by plain
// Node): first start seeds and prints the demo credentials, SIGTERM stops it cleanly, and a restart
// on the same data directory keeps data and credentials. The bundle still finds every file it reads
// at run time (swagger-ui-dist's directory, the OpenAPI document and JSON Schemas, the seed fixture,
// the ffmpeg binary's package, the WASM engines loaded on first use), which is what bundling could
// break.

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(SERVER_DIR, 'dist/server.cjs');
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-main-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});
const build = () =>
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
beforeAll(build, 60_000);

const start = (dataDir: string, env: Record<string, string> = {}) =>
  spawnServer(dataDir, { bundle: true, env });

const GERMAN = 'Guten Morgen, wie geht es Ihnen heute? Das Wetter ist wirklich schön.';

const post = (url: string, key: string, body: object) =>
  fetch(url, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('main', () => {
  it('starts, serves the demo key, stops on SIGTERM, and keeps data and key across a restart', async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
    const created = await post(`${first.url}/v1/create-meeting`, first.demoKey, {
      title: 'survives restarts',
    });
    expect(created.status).toBe(200);
    const { meeting } = (await created.json()) as { meeting: { id: string } };
    expect(await first.stop()).toBe(0);

    const second = await start(dataDir);
    expect(second.demoKey).toBe(first.demoKey);
    const listed = await post(`${second.url}/v1/get-meetings`, second.demoKey, {});
    expect(listed.status).toBe(200);
    const { meetings } = (await listed.json()) as { meetings: { id: string }[] };
    expect(meetings.map((m) => m.id)).toContain(meeting.id);
    expect(await second.stop()).toBe(0);
  }, 60_000);

  it('finds the files it reads at run time from the bundle', async () => {
    // The denoise request below fetches a file of this same server.
    const server = await start(newDataDir(), { PARLEY_ALLOW_PRIVATE_URLS: 'true' });
    try {
      // Engines that need nothing but their npm packages: ffmpeg's path comes from @ffmpeg-installer
      // (required relative to a source file), the VAD and denoiser are WASM packages the bundle
      // imports from node_modules.
      const health = (await (await fetch(`${server.url}/health`)).json()) as {
        engines: Record<string, { available: boolean }>;
      };
      for (const engine of ['audio', 'vad', 'denoise', 'langid'])
        expect({ engine, ...health.engines[engine] }).toMatchObject({ engine, available: true });

      const docs = await fetch(`${server.url}/docs/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('swagger-ui');
      expect((await fetch(`${server.url}/docs/swagger-ui-bundle.js`)).status).toBe(200);
      // The pages' files found from the bundle: the AsyncAPI renderer, the playground and its protobuf runtime.
      for (const path of [
        '/docs/asyncapi/browser/index.js',
        '/playground/',
        '/playground/vendor/protobuf.min.js',
      ])
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);

      const openapi = await fetch(`${server.url}/openapi.yaml`);
      expect(openapi.status).toBe(200);
      expect(await openapi.text()).toMatch(/^openapi: 3\./m);
      expect((await fetch(`${server.url}/json/meeting.schema.json`)).status).toBe(200);

      const seedFile = fileURLToPath(new URL('../../fixtures/json/seed.json', import.meta.url));
      const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as { users: unknown[]; meetings: unknown[] };
      const seeded = await fetch(`${server.url}/_emulator/seed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(seeded.status).toBe(200);
      const { loaded } = (await seeded.json()) as { loaded: { users: number; meetings: number } };
      expect(loaded).toMatchObject({ users: seed.users.length, meetings: seed.meetings.length });

      // German speech: the language comes from fastText (a package required relative to its source
      // file), the voice from espeak-ng (imported on first use by the bundle's dynamic import()).
      const request = SessionTTSRequest.create({ session_id: 's1', message_id: 'm1', text: GERMAN });
      const tts = await fetch(`${server.url}/v1/tts?api_key=${server.demoKey}`, {
        method: 'POST',
        headers: { 'content-type': PROTO_CONTENT_TYPE },
        body: SessionTTSRequest.encode(request).finish(),
      });
      expect(tts.status).toBe(200);
      const answer = SessionTTSResponse.toObject(
        SessionTTSResponse.decode(new Uint8Array(await tts.arrayBuffer())),
      );
      expect(answer.audio_url).toMatch(/\/files\/.*\.ogg\?/);
      expect((await fetch(answer.audio_url as string)).status).toBe(200);

      // RNNoise runs on first use: its WASM package's default export is what the bundle calls.
      const denoised = await post(`${server.url}/v1/denoise`, server.demoKey, {
        audio_url: answer.audio_url,
      });
      expect(denoised.status).toBe(200);
      const after = (await (await fetch(`${server.url}/health`)).json()) as {
        engines: { langid: { available: boolean; detail?: string } };
      };
      expect(after.engines.langid).toMatchObject({
        available: true,
        detail: expect.stringMatching(/loaded in/),
      });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it('does not rebuild when nothing changed', () => {
    build();
    const before = statSync(BUNDLE).mtimeMs;
    build();
    expect(statSync(BUNDLE).mtimeMs).toBe(before);
  }, 60_000);
});
