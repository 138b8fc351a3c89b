import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSync, skipReason } from '@parley/test-browser/child-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema, startTestServer, type TestServer } from '../../test-support/test-server.js';

// SQLite on a disk that fills up: writes get 503 DATABASE_UNAVAILABLE in the error shape, reads go
// on, nothing crashes, and once there is room again writes succeed and every acknowledged one is
// there. The disk is a small tmpfs of the test's own, which takes root (or CAP_SYS_ADMIN).

const root = mkdtempSync(join(tmpdir(), 'parley-full-'));
const disk = join(root, 'disk');

/** Mounts the test's tmpfs, or says why it cannot. */
function mountDisk(): string | undefined {
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs takes root';
  runSync('mkdir', ['-p', disk], { encoding: 'utf8' });
  const mounted = runSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', disk], { encoding: 'utf8' });
  return mounted.status === 0
    ? undefined
    : `this machine does not let root mount a tmpfs (${mounted.stderr.trim()})`;
}

const cannotMount = mountDisk();
let server: TestServer;

beforeAll(async () => {
  if (cannotMount) return;
  server = await startTestServer({ databaseUrl: `sqlite:${join(disk, 'parley.sqlite')}` });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (!cannotMount) runSync('umount', [disk], { encoding: 'utf8' });
  rmSync(root, { recursive: true, force: true });
});

describe('SQLite on a full disk', () => {
  it.skipIf(cannotMount)(
    `refuses writes with 503, keeps serving reads, and writes again once there is room${skipReason(cannotMount)}`,
    async () => {
      const writer = await server.user('Writer');
      const create = (title: string) =>
        server.call<{ meeting?: { id: string } }>('create-meeting', writer.key, { title });
      const acknowledged: string[] = [];
      for (let i = 0; i < 3; i++)
        if ((await create(`before-${i}`)).status === 200) acknowledged.push(`before-${i}`);
      expect(acknowledged).toHaveLength(3);

      // Everything left on the disk taken by another file; SQLite may still have room in pages it
      // holds already, so writes go on until one is refused (bounded).
      const filler = join(disk, 'filler');
      try {
        writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      let refused: Awaited<ReturnType<typeof create>> | undefined;
      for (let i = 0; i < 500 && !refused; i++) {
        const reply = await create(`during-${i}`);
        if (reply.status === 200) acknowledged.push(`during-${i}`);
        else refused = reply;
      }
      expect(refused?.status, JSON.stringify(refused?.body)).toBe(503);
      expectSchema('api-error', refused?.body);
      expect(refused?.body).toEqual({
        success: false,
        code: 'DATABASE_UNAVAILABLE',
        error: 'The database has a full disk; try again later',
      });
      // Still full: the next write is refused the same way, and reads are served.
      expect((await create('still-full')).status).toBe(503);
      const list = await server.call<{ meetings: { title: string }[] }>('get-meetings', writer.key, {});
      expect(list.status).toBe(200);
      expect(list.body.meetings.map((m) => m.title)).toEqual(
        expect.arrayContaining(acknowledged.slice(0, 3)),
      );

      // Room again: writes succeed, and nothing acknowledged was lost.
      rmSync(filler);
      const after = await create('after');
      expect(after.status, JSON.stringify(after.body)).toBe(200);
      acknowledged.push('after');
      const titles = new Set(
        (await server.store.db.selectFrom('meetings').select('title').execute()).map((row) => row.title),
      );
      expect(acknowledged.filter((title) => !titles.has(title))).toEqual([]);
    },
    60_000,
  );
});
