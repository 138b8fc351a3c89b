import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite-adapter.js';

// The adapter keeps statements prepared between queries. A reused statement must behave like a
// fresh one: it sees other connections' commits, holds no read transaction between queries (a
// writer's checkpoint is never blocked), and an open iterator is not disturbed by the same SQL.

describe('openSqlite statement reuse', () => {
  let dir: string;
  let db: SqliteDatabase;
  let other: DatabaseSync;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-sqlite-'));
    const path = join(dir, 'db.sqlite');
    db = openSqlite(path);
    db.prepare('create table t (x integer)').run([]);
    db.prepare('insert into t (x) values (1), (2), (3)').run([]);
    other = new DatabaseSync(path);
  });
  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const values = (sql: string, parameters: unknown[] = []) =>
    (db.prepare(sql).all(parameters) as { x: number }[]).map((row) => row.x);

  it('sees rows another connection committed after an earlier run of the same SQL', () => {
    expect(values('select x from t order by x')).toEqual([1, 2, 3]);
    other.exec('insert into t (x) values (4)');
    expect(values('select x from t order by x')).toEqual([1, 2, 3, 4]);
    expect(values('select x from t where x > ? order by x', [2])).toEqual([3, 4]);
    expect(values('select x from t where x > ? order by x', [3])).toEqual([4]);
  });

  it('leaves no read transaction open after a query', () => {
    values('select x from t');
    other.exec('insert into t (x) values (5)');
    const checkpoint = other.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number };
    expect(checkpoint.busy).toBe(0);
  });

  it('keeps an open iterator going while the same SQL runs again', () => {
    const sql = 'select x from t order by x';
    const iterator = db.prepare(sql).iterate([]);
    expect(iterator.next().value).toEqual({ x: 1 });
    expect(values(sql)).toEqual([1, 2, 3]);
    expect([...iterator].map((row) => (row as { x: number }).x)).toEqual([2, 3]);
  });

  it('gives rows as plain objects by column name, from all() and iterate() alike', () => {
    const sql = "select x, 'a' as x, x * 10 as ten from t where x = ?";
    const [row] = db.prepare(sql).all([2]) as Record<string, unknown>[];
    expect(row).toEqual({ x: 'a', ten: 20 }); // a repeated name keeps its last value, as node:sqlite does
    expect([...db.prepare(sql).iterate([2])]).toEqual([row]);
    const [odd] = db.prepare('select 1 as __proto__, 2 as y').all([]) as Record<string, unknown>[];
    expect(Object.hasOwn(odd ?? {}, '__proto__')).toBe(true);
    expect(odd?.y).toBe(2);
    // Rows are built by generated code: a name that is not an identifier must stay just a name.
    const [quoted] = db.prepare('select 1 as "a""b", 2 as "c\\d", 3 as "}; x", 4 as "constructor"').all([]);
    expect(quoted).toEqual({ 'a"b': 1, 'c\\d': 2, '}; x': 3, constructor: 4 });
  });

  it('reads the columns again after the schema changed', () => {
    expect(db.prepare('select * from t where x = 1').all([])).toEqual([{ x: 1 }]);
    db.prepare('alter table t add column y text').run([]);
    expect(db.prepare('select * from t where x = 1').all([])).toEqual([{ x: 1, y: null }]);
  });

  it('still answers once more distinct statements were used than it keeps', () => {
    for (let i = 0; i < 1200; i++) expect(values(`select x from t where x = ${(i % 3) + 1}`)).toHaveLength(1);
    expect(values('select x from t order by x')).toEqual([1, 2, 3]);
  });
});
