import { createServer, type Server, type Socket } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './database-unavailable.js';

// The errors the drivers really raise, classified: a database that is away is told apart from a
// request that is wrong (a constraint) or a fault of the server (anything else).

const caught = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('databaseUnavailable', () => {
  it('a closed port: cannot be reached', async () => {
    const closed = createServer();
    const port = await listening(closed);
    await new Promise((resolve) => closed.close(resolve));
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'parley' });
    expect(databaseUnavailable(await caught(() => client.connect()))).toBe('cannot be reached');
  });

  it('a host that accepts and never speaks, past the connect timeout: not answering', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket.on('error', () => {})));
    const port = await listening(silent);
    try {
      const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'parley', connectionTimeoutMillis: 200 });
      expect(databaseUnavailable(await caught(() => pool.query('select 1')))).toBe('is not answering');
      await pool.end();
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it('a constraint or a syntax error is no absence of the database', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('create table t (v text unique)');
    db.exec("insert into t values ('a')");
    const constraint = (() => {
      try {
        db.exec("insert into t values ('a')");
      } catch (error) {
        return error;
      }
    })();
    expect(constraint).toMatchObject({ code: 'ERR_SQLITE_ERROR' });
    expect(databaseUnavailable(constraint)).toBeUndefined();
    expect(databaseUnavailable(new Error('boom'))).toBeUndefined();
    expect(databaseUnavailable('text')).toBeUndefined();
  });

  it('a pg server error of class 08 or 57P, and SQLite full or read-only, through a wrapping cause', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(databaseUnavailable(new Error('query failed', { cause: shutdown }))).toBe('is not serving');
    const full = Object.assign(new Error('database or disk is full'), {
      code: 'ERR_SQLITE_ERROR',
      errcode: 13,
    });
    expect(databaseUnavailable(full)).toBe('has a full disk');
    const readonly = Object.assign(new Error('attempt to write a readonly database'), {
      code: 'ERR_SQLITE_ERROR',
      errcode: 8 | (3 << 8),
    });
    expect(databaseUnavailable(readonly)).toBe('is on a read-only disk');
  });
});
