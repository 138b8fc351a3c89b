import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Clock, manualClock } from '../src/core/clock.js';
import { sequentialIds } from '../src/core/ids.js';
import type { NewMeeting } from '../src/store/meetings.store.js';
import { openStore, type Store } from '../src/store/store.js';
import type { TestDatabase } from './databases.js';

// What store tests share: a store on a fresh database of each dialect, and a meeting to insert.

export interface TestStore {
  store: Store;
  /** Closes the store, drops its database and removes its data directory. */
  dispose(): Promise<void>;
}

export async function openTestStore(
  database: TestDatabase,
  clock: Clock = manualClock(),
): Promise<TestStore> {
  const { url, drop } = await database.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-store-'));
  const store = await openStore({ databaseUrl: url, dataDir, clock, ids: sequentialIds() });
  return {
    store,
    async dispose() {
      await store.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A live meeting hosted by `hostUserId`, as create-meeting would insert it. */
export function meetingInput(hostUserId: string, participantIds: string[] = [hostUserId]): NewMeeting {
  return {
    hostUserId,
    title: 't',
    status: 'MS_LIVE',
    language: 'en',
    languages: ['en'],
    translationLanguages: [],
    allowAddTranslationLanguages: true,
    invitationLinkTtlMicros: 1,
    participantIds,
  };
}
