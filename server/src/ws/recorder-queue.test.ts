import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { LiveInterim, LiveUtterance } from '../engines/stt/live-stt.contract.js';
import { RecorderQueue } from './recorder-queue.js';

const logger = { debug() {}, info() {}, warn() {}, error() {} };
const RETRY = { everyMs: 10, forMs: 1000 };
const interim = (id: string, text: string): LiveInterim => ({ id, text, startMs: 0, endMs: 100 });
const final = (id: string, text: string): LiveUtterance => ({
  id,
  text,
  startMs: 0,
  endMs: 900,
  confidence: 0.9,
  language: 'en',
});

describe('recorder queue', () => {
  it('stores in order one call at a time, skipping interims a slow store has not reached, never finals', async () => {
    const calls: string[] = [];
    let active = 0;
    const slow = async (entry: string) => {
      active++;
      expect(active).toBe(1);
      await sleep(5);
      calls.push(entry);
      active--;
    };
    const queue = new RecorderQueue(
      {
        onInterim: (i) => slow(`i:${i.text}`),
        onFinal: (u) => slow(`f:${u.text}`),
        onSessionEnd: (e) => slow(`end:${e.finals}`),
      },
      logger,
      's',
      RETRY,
    );
    queue.interim(interim('u1', 'a'));
    queue.interim(interim('u1', 'a b'));
    queue.interim(interim('u1', 'a b c'));
    queue.final(final('u1', 'a b c d'));
    queue.interim(interim('u2', 'e'));
    queue.final(final('u2', 'e f'));
    await queue.end({ reason: 'finished', finals: 2, audioMs: 1000 }, 1000);
    expect(calls).toEqual(['i:a', 'f:a b c d', 'f:e f', 'end:2']);
  });

  it('goes on after a failing store call', async () => {
    const stored: string[] = [];
    const queue = new RecorderQueue(
      {
        onInterim: () => {},
        onFinal: (u) => {
          if (u.id === 'bad') throw new Error('disk full');
          stored.push(u.id);
        },
        onSessionEnd: () => {},
      },
      logger,
      's',
      RETRY,
    );
    queue.final(final('bad', 'x'));
    queue.final(final('good', 'y'));
    expect(await queue.flush(1000)).toBe(true);
    expect(stored).toEqual(['good']);
  });

  it('tries a final again while the database is unavailable, keeping the order of what follows', async () => {
    const stored: string[] = [];
    let refusals = 3;
    const queue = new RecorderQueue(
      {
        onInterim: () => {},
        onFinal: (u) => {
          if (u.id === 'first' && refusals-- > 0)
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          stored.push(u.id);
        },
        onSessionEnd: () => {},
      },
      logger,
      's',
      RETRY,
    );
    queue.final(final('first', 'x'));
    queue.final(final('second', 'y'));
    expect(await queue.flush(1000)).toBe(true);
    expect(stored).toEqual(['first', 'second']);
  });

  it('gives a final up once the database has been unavailable for the whole retry time', async () => {
    const stored: string[] = [];
    const queue = new RecorderQueue(
      {
        onInterim: () => {},
        onFinal: (u) => {
          if (u.id === 'lost')
            throw Object.assign(new Error('database or disk is full'), {
              code: 'ERR_SQLITE_ERROR',
              errcode: 13,
            });
          stored.push(u.id);
        },
        onSessionEnd: () => {},
      },
      logger,
      's',
      { everyMs: 5, forMs: 30 },
    );
    queue.final(final('lost', 'x'));
    queue.final(final('next', 'y'));
    expect(await queue.flush(1000)).toBe(true);
    expect(stored).toEqual(['next']);
  });
});
