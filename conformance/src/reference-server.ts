import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';

// What the kit uses of the server, through its production export: the in-process server (a real
// listening server over a fresh database, built by the server's buildServer with every local
// engine, with seeded users) and a fresh PostgreSQL database.
import { createPostgresDatabase, startInProcessServer } from '@parley/server/in-process';

// With no --base-url the kit checks the reference server, started here in-process on 127.0.0.1
// with every local engine, a second account for the cross-account checks, and a small host that
// serves fixtures/audio as the public storage an audio_url points at.

import { FIXTURES_DIR } from './fixture-dir.js';
import type { ReferenceDatabase, ReferenceServer } from './reference.js';
import { setUpPartner } from './reference-partner.js';
import { seedTranscript } from './reference-transcript.js';
import { connectWorkspace, serveWorkspace } from './reference-workspace.js';

const TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.webm': 'audio/webm',
};

/**
 * Starts the reference server: on in-memory SQLite by default; `postgres`: on a fresh database of
 * the PostgreSQL server PARLEY_TEST_PG_URL names, dropped at close.
 */
export async function startReferenceServer(
  options: { database?: ReferenceDatabase } = {},
): Promise<ReferenceServer> {
  let database: { url: string; drop(): Promise<void> } | undefined;
  if (options.database === 'postgres') {
    const serverUrl = process.env.PARLEY_TEST_PG_URL;
    if (!serverUrl) throw new Error('a reference server on PostgreSQL needs PARLEY_TEST_PG_URL');
    database = await createPostgresDatabase(serverUrl);
  }
  const workspace = await serveWorkspace();
  const server = await startInProcessServer({
    ...(database ? { databaseUrl: database.url } : {}),
    // 127.0.0.1 callbacks (the kit's receiver) and audio_url (the fixture host) are allowed; meeting
    // pages go to the notes workspace on 127.0.0.1.
    env: { PARLEY_ALLOW_PRIVATE_URLS: 'true', PARLEY_WORKSPACE_API_URL: workspace.url },
  });
  const [first, second] = [await server.user('Kit'), await server.user('Other')];
  // The partner checks' user is a third one, so what the REST checks create never shows in its triggers.
  const partner = await setUpPartner(server, await server.user('Partner'));
  const transcriptMeetingId = await seedTranscript(server, first);
  const workspaceUserId = await connectWorkspace(server, first, workspace);
  const audio = await serveFixtures();
  return {
    baseUrl: server.url,
    wsUrl: server.wsUrl,
    apiKey: first.key,
    secondApiKey: second.key,
    adminToken: server.adminToken,
    audioBaseUrl: audio.url,
    transcriptMeetingId,
    workspaceUserId,
    partner,
    async close() {
      await server.built.jobs.stop();
      await new Promise<void>((resolve) => audio.server.close(() => resolve()));
      await new Promise<void>((resolve) => workspace.server.close(() => resolve()));
      await server.close();
      await database?.drop();
    },
  };
}

/** Serves fixtures/audio read-only on 127.0.0.1 (what `--audio-base-url` points at for a deployment). */
export async function serveFixtures(): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    const bytes = path.includes('..')
      ? undefined
      : await readFile(join(FIXTURES_DIR, path)).catch(() => undefined);
    if (!bytes) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
