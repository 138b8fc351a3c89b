import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../../test-support/spawned-server.js';

// Acknowledged means committed, with commits grouped (commit-group.ts): the server process is killed
// (SIGKILL) while clients keep creating meetings, and a new process on the same SQLite file must
// list every meeting that was answered 200. Meetings whose answer never came may or may not exist.

const CLIENTS = 8;
/** Acknowledged meetings to wait for before the kill (bounded by KILL_AFTER_MS as well). */
const ACKNOWLEDGED = 300;
const KILL_AFTER_MS = 20_000;

const dataDir = mkdtempSync(join(tmpdir(), 'parley-durable-'));
const servers: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<SpawnedServer> {
  const server = await spawnServer(dataDir);
  servers.push(server);
  return server;
}

function call(server: SpawnedServer, route: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/v1/${route}`, {
    method: 'POST',
    headers: { 'X-API-Key': server.demoKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Every meeting id the demo user sees, paging through get-meetings. */
async function listed(server: SpawnedServer): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < 1_000; page++) {
    const response = await call(server, 'get-meetings', { limit: 50, last_updated_at: cursor });
    if (response.status !== 200) throw new Error(`get-meetings: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as {
      meetings: { id: string; updated_at: string }[];
      has_more: boolean;
    };
    for (const meeting of answer.meetings) ids.add(meeting.id);
    if (!answer.has_more) return ids;
    cursor = answer.meetings.at(-1)?.updated_at;
  }
  throw new Error('get-meetings never said has_more: false');
}

describe('create-meeting across a killed process (SQLite)', () => {
  it('loses no meeting whose creation was answered', async () => {
    const first = await start();
    const acknowledged: string[] = [];
    let killed = false;
    const client = async () => {
      while (!killed) {
        try {
          const answer = await call(first, 'create-meeting', { title: 'Durable' });
          if (answer.status === 200 && !killed) {
            acknowledged.push(((await answer.json()) as { meeting: { id: string } }).meeting.id);
          }
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    const deadline = Date.now() + KILL_AFTER_MS;
    while (acknowledged.length < ACKNOWLEDGED && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Answers read after this point are not counted: the kill races them.
    const counted = acknowledged.length;
    await first.kill();
    killed = true;
    await Promise.all(clients);

    const second = await start();
    const stored = await listed(second);
    const lost = acknowledged.slice(0, counted).filter((id) => !stored.has(id));
    expect(counted).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  }, 90_000);
});
