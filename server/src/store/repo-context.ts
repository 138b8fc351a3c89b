import type { Kysely } from 'kysely';
import type { IdGenerator } from '../core/ids.js';
import type { Database, Dialect } from './database.js';
import type { Stamps } from './stamps.js';

/** What every repository is built on; `db` is the connection or the current transaction. */
export interface RepoContext {
  db: Kysely<Database>;
  dialect: Dialect;
  ids: IdGenerator;
  stamps: Stamps;
}
