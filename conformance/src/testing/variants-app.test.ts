import { describe, expect, it } from 'vitest';
import { run } from '../index.js';
import { instantOf } from '../instants.js';
import { answerWith, jsonOf, referenceServerOfFile } from './mutant-run.js';
import { referenceTarget } from './reference-target.js';
import type { Answer, Exchange } from './variant-proxy.js';
import { startVariantProxy } from './variant-proxy.js';
import { APP_VARIANTS, SHORT_TRIGGER_ITEMS } from './variants-app.js';

// The variants an automation app reads: each one changes what it says it changes (a request and an
// answer through its hooks), and the kit passes each one through the proxy (no false failure).

const variant = (id: string) => {
  const found = APP_VARIANTS.find((v) => v.id === id);
  if (!found) throw new Error(`no variant ${id}`);
  return found.hooks();
};
const exchange = (path: string, body: unknown = {}, type = 'application/json'): Exchange => ({
  method: 'POST',
  path,
  headers: new Headers({ 'content-type': type }),
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});
const answered = async (id: string, req: Exchange, a: Answer) => {
  const hooks = variant(id);
  const sent = (await hooks.request?.(req)) ?? req;
  return { sent, answer: (await hooks.answer?.(sent, a)) ?? a };
};

describe('the app variants change what they say', () => {
  it('timestamps-offset: every stamp written with +00:00, and read back as stored', async () => {
    const stamp = '2026-03-01T10:00:00.123456Z';
    const written = '2026-03-01T10:00:00.123456+00:00';
    const meetings = { meetings: [{ id: 'm', updated_at: stamp, nested: { at: [stamp] } }] };
    const hooks = variant('timestamps-offset');
    const a = await hooks.answer?.(exchange('/v1/get-meetings'), answerWith(200, meetings));
    expect(jsonOf(a?.body ?? Buffer.alloc(0))).toEqual({
      meetings: [{ id: 'm', updated_at: written, nested: { at: [written] } }],
    });
    const cursor = await hooks.request?.(
      exchange(`/v1/get-meetings?at=${encodeURIComponent(written)}`, { last_updated_at: written }),
    );
    expect(jsonOf(cursor?.body ?? Buffer.alloc(0))).toEqual({ last_updated_at: stamp });
    expect(new URL(cursor?.path ?? '', 'http://x').searchParams.get('at')).toBe(stamp);
  });

  it('timestamps-millis: stamps cut to milliseconds, cursors compared at the millisecond whatever was written in it', async () => {
    const hooks = variant('timestamps-millis');
    // Two writes in one millisecond show one stamp; the cursor of either is that millisecond.
    const meetings = {
      meetings: [
        { id: 'a', updated_at: '2026-03-01T10:00:00.834900Z' },
        { id: 'b', updated_at: '2026-03-01T10:00:00.834100Z', at: ['2026-03-01T10:00:00Z'] },
      ],
    };
    const a = await hooks.answer?.(exchange('/v1/get-meetings'), answerWith(200, meetings));
    expect(jsonOf(a?.body ?? Buffer.alloc(0))).toEqual({
      meetings: [
        { id: 'a', updated_at: '2026-03-01T10:00:00.834Z' },
        { id: 'b', updated_at: '2026-03-01T10:00:00.834Z', at: ['2026-03-01T10:00:00.000Z'] },
      ],
    });
    const sent = async (path: string) =>
      jsonOf(
        (
          (await hooks.request?.(
            exchange(path, { last_updated_at: '2026-03-01T10:00:00.834Z', limit: 2 }),
          )) ?? exchange(path)
        ).body,
      );
    // "before .834" leaves out all of .834, "after .834" too; other routes' bodies go as sent.
    expect(await sent('/v1/get-meetings')).toEqual({
      last_updated_at: '2026-03-01T10:00:00.834000Z',
      limit: 2,
    });
    expect(await sent('/v1/get-transcript-utterances')).toEqual({
      last_updated_at: '2026-03-01T10:00:00.834999Z',
      limit: 2,
    });
    expect(await sent('/v1/create-meeting')).toEqual({
      last_updated_at: '2026-03-01T10:00:00.834Z',
      limit: 2,
    });
  });

  it('timestamps-millis: a walk over writes that share milliseconds never lists a record against its own cursor', async () => {
    // A store of microseconds behind the variant: three writes in one millisecond, one in the next.
    const stamps = ['10.835200', '10.834900', '10.834500', '10.834100', '10.833000'].map(
      (s) => `2026-03-01T10:00:${s}Z`,
    );
    for (const [route, field, rule] of [
      ['/v1/get-meetings', 'meetings', 'before'],
      ['/v1/get-transcript-utterances', 'utterances', 'after'],
    ] as const) {
      const hooks = variant('timestamps-millis');
      const ordered = rule === 'before' ? stamps : [...stamps].reverse();
      const upstream = (asked: Record<string, unknown>) => {
        const cursor = instantOf(asked.last_updated_at as string | undefined);
        const left = ordered.filter((at) => {
          const t = instantOf(at) ?? 0n;
          return cursor === undefined || (rule === 'before' ? t < cursor : t > cursor);
        });
        return {
          success: true,
          [field]: left.slice(0, 1).map((updated_at) => ({ updated_at })),
          has_more: left.length > 1,
        };
      };
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < stamps.length; page++) {
        const req = exchange(route, cursor ? { limit: 1, last_updated_at: cursor } : { limit: 1 });
        const sent = (await hooks.request?.(req)) ?? req;
        const a = await hooks.answer?.(sent, answerWith(200, upstream(jsonOf(sent.body))));
        const body = jsonOf(a?.body ?? Buffer.alloc(0));
        const items = body[field] as { updated_at: string }[];
        for (const { updated_at } of items)
          if (cursor)
            expect(
              rule === 'before' ? updated_at < cursor : updated_at > cursor,
              `${route}: ${updated_at} listed for the cursor ${cursor}`,
            ).toBe(true);
        seen.push(...items.map((i) => i.updated_at));
        if (!body.has_more || items.length === 0) break;
        cursor = items.at(-1)?.updated_at;
      }
      // The millisecond of a cursor is left out, as a store of milliseconds leaves out what equals it.
      expect(seen.length, route).toBeGreaterThanOrEqual(2);
    }
  });

  it('has-more-full-page: true on a page exactly as long as asked, as it was otherwise', async () => {
    const page = (n: number) =>
      answerWith(200, { success: true, meetings: Array(n).fill({}), has_more: false });
    const more = async (asked: unknown, n: number) =>
      jsonOf((await answered('has-more-full-page', exchange('/v1/get-meetings', asked), page(n))).answer.body)
        .has_more;
    expect(await more({ limit: 2 }, 2)).toBe(true);
    expect(await more({}, 50)).toBe(true);
    expect(await more({ limit: 3 }, 2)).toBe(false);
    expect(await more({}, 0)).toBe(false);
  });

  it('triggers-short: trigger arrays cut, other arrays kept', async () => {
    const items = answerWith(200, [{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    const req = { ...exchange('/api/partner/triggers/meeting-ended'), method: 'GET' };
    expect(jsonOf((await answered('triggers-short', req, items)).answer.body)).toHaveLength(
      SHORT_TRIGGER_ITEMS,
    );
  });

  it('extra-fields-nested: a field added at every depth, keys reversed, maps of languages kept', async () => {
    const body = { success: true, utterances: [{ id: 'u', texts: { fr: 'bonjour' } }] };
    const { answer } = await answered(
      'extra-fields-nested',
      exchange('/v1/get-transcript-utterances'),
      answerWith(200, body),
    );
    const out = jsonOf(answer.body);
    expect(Object.keys(out)).toEqual(['x_trace', 'utterances', 'success']);
    expect(out.utterances).toEqual([{ x_trace: 'extra', texts: { fr: 'bonjour' }, id: 'u' }]);
  });

  it('oauth-token-minimal: lower-case bearer, no expires_in, scope kept, no refresh token on refresh', async () => {
    const token = {
      access_token: 'a',
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: 'r',
      scope: 's',
    };
    const form = (grant: string) =>
      exchange(
        '/api/oauth/partner/token',
        `grant_type=${grant}&refresh_token=r0`,
        'application/x-www-form-urlencoded',
      );
    const code = jsonOf(
      (await answered('oauth-token-minimal', form('authorization_code'), answerWith(200, token))).answer.body,
    );
    expect(code).toEqual({ access_token: 'a', token_type: 'bearer', scope: 's', refresh_token: 'r' });
    const refresh = jsonOf(
      (await answered('oauth-token-minimal', form('refresh_token'), answerWith(200, token))).answer.body,
    );
    expect(refresh).toEqual({ access_token: 'a', token_type: 'bearer', scope: 's' });
  });

  it('spec-only: hooks and revocation not served, callback_url dropped from /v1/stt, meeting links gone', async () => {
    const hooks = variant('spec-only');
    for (const path of ['/api/partner/hooks', '/api/partner/hooks/h1', '/api/oauth/partner/revoke']) {
      expect((await hooks.request?.(exchange(path)))?.path).not.toBe(path);
    }
    const stt = await hooks.request?.(exchange('/v1/stt', { audio_url: 'u', callback_url: 'https://cb' }));
    expect(jsonOf(stt?.body ?? Buffer.alloc(0))).toEqual({ audio_url: 'u' });
    const items = answerWith(200, [{ id: 'm', meeting_url: 'https://app/m' }]);
    const a = await hooks.answer?.(exchange('/api/partner/triggers/meeting-ended'), items);
    expect(jsonOf(a?.body ?? Buffer.alloc(0))).toEqual([{ id: 'm' }]);
  });
});

describe('the kit passes every app variant (no false failure)', () => {
  const server = referenceServerOfFile();
  for (const v of APP_VARIANTS) {
    it(v.id, async () => {
      const proxy = await startVariantProxy(server(), v);
      try {
        const report = await run({
          ...referenceTarget(server()),
          ...v.options,
          baseUrl: proxy.baseUrl,
          wsUrl: proxy.wsUrl,
          seed: 1,
          profile: 'full',
          retries: 0,
          only: v.only,
          progress: null,
          reporters: [],
        });
        const bad = report.results.filter((r) => r.status === 'FAIL' || r.status === 'COULD_NOT_JUDGE');
        expect(bad.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
        expect(report.results.map((r) => r.id).sort()).toEqual([...v.only].sort());
        expect(report.exitCode).toBe(0);
      } finally {
        await proxy.close();
      }
    });
  }
});
