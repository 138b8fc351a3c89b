import { describe, expect, it } from 'vitest';
import { jsonOf, judgeThroughProxy, onAnswer, referenceServerOfFile } from '../../testing/mutant-run.js';
import type { ProxyHooks } from '../../testing/variant-proxy.js';
import { pathOf } from '../../testing/variant-proxy.js';

// The walks, the listings after writes and the input forms, each broken by a proxy in front of the
// reference server the way a faulty deployment would break it (the reference server's own faults,
// run by the self-test, break the others), and given the answers the spec allows that differ from
// Parley's: every verdict can fail, and none fails a deployment the spec allows.

type Json = Record<string, unknown>;

const server = referenceServerOfFile();
const judge = (check: string, hooks: () => ProxyHooks) =>
  judgeThroughProxy(server(), check, hooks, { profile: 'full' });

/** get-my-people pages after a cursor that begin with the last person of the page before (a repeat). */
function peopleBoundaryRepeated(): ProxyHooks {
  let last: Json | undefined;
  return onAnswer('/v1/get-my-people', (body, status, asked) => {
    const people = body.people as Json[];
    const page =
      asked.cursor && last ? [last, ...people].slice(0, Number(asked.limit ?? people.length)) : people;
    last = page[page.length - 1];
    return [status, { ...body, people: page }];
  });
}

/** Transcription pages after a cursor without their first record (a skip at every boundary). */
const firstAfterCursorDropped = (route: string, field: string): ProxyHooks =>
  onAnswer(route, (body, status, asked) => {
    const items = body[field] as Json[];
    const cursor = asked.last_updated_at !== '1970-01-01T00:00:00Z' && asked.limit !== undefined;
    return [status, cursor ? { ...body, [field]: items.slice(1) } : body];
  });

const MUTANTS: [string, string, () => ProxyHooks][] = [
  [
    'rest.26.summary-listed',
    'the summary listed as a user message',
    () =>
      onAnswer('/v1/get-meeting-messages', (b, s) => [
        s,
        { ...b, messages: (b.messages as Json[]).map((m) => ({ ...m, type: 'MT_USER' })) },
      ]),
  ],
  [
    'rest.26.summary-listed',
    'a deleted summary still listed',
    () => {
      const seen = new Map<string, Json>();
      return onAnswer('/v1/get-meeting-messages', (b, s) => {
        const messages = b.messages as Json[];
        for (const m of messages) seen.set(String(m.id), m);
        const gone = [...seen.values()].filter((m) => !messages.some((l) => l.id === m.id));
        return [s, { ...b, messages: [...messages, ...gone] }];
      });
    },
  ],
  ['rest.27.people-walk', 'a page boundary that repeats a person', peopleBoundaryRepeated],
  [
    'rest.27.people-walk',
    'has_more false after the first page',
    () => onAnswer('/v1/get-my-people', (b, s) => [s, { ...b, has_more: false }]),
  ],
  [
    'rest.28.transcription-walks',
    'utterance pages after a cursor without their first record',
    () => firstAfterCursorDropped('/v1/get-transcript-utterances', 'utterances'),
  ],
  [
    'rest.28.transcription-walks',
    'chunk pages after a cursor without their first record',
    () => firstAfterCursorDropped('/v1/get-live-transcription-chunks', 'chunks'),
  ],
  [
    'rest.29.optional-forms',
    'get-my-people with cursor null answering another list',
    () =>
      onAnswer('/v1/get-my-people', (b, s, asked) => [
        s,
        asked.cursor === null ? { ...b, people: (b.people as Json[]).slice(1) } : b,
      ]),
  ],
  [
    'speech.14.translate-language-names',
    'targets by name translated otherwise than by code',
    () => ({
      answer(req, a) {
        if (
          pathOf(req) !== '/v1/translate-text' ||
          !String(jsonOf(req.body).target_languages).includes('French')
        )
          return a;
        return { ...a, body: Buffer.from(a.body.toString('utf8').replaceAll('"text":"', '"text":"~')) };
      },
    }),
  ],
];

const ALLOWED: [string, string, () => ProxyHooks][] = [
  [
    'rest.05.pagination-walk',
    'stamps of whole seconds (meetings of one second equal to the cursor, excluded by "before")',
    () => ({
      answer(req, a) {
        if (!['/v1/get-meetings', '/v1/create-meeting'].includes(pathOf(req))) return a;
        const text = a.body.toString('utf8').replace(/("updated_at":"[^"]*?)\.\d+Z"/g, '$1Z"');
        return { ...a, body: Buffer.from(text) };
      },
    }),
  ],
  [
    'rest.28.transcription-walks',
    'chunks without updated_at (the spec shows none: their created_at is the cursor)',
    () =>
      onAnswer('/v1/get-live-transcription-chunks', (b, s) => [
        s,
        {
          ...b,
          chunks: (b.chunks as Json[]).map(({ updated_at: _u, ...chunk }) => chunk),
        },
      ]),
  ],
  [
    'speech.14.translate-language-names',
    'targets echoed as given ("French" where the code was "fr")',
    () =>
      onAnswer('/v1/translate-text', (b, s, asked) => {
        const given = asked.target_languages as string[];
        const translations = (b.translations as Json[] | undefined)?.map((t, i) => ({
          ...t,
          language: given[i],
        }));
        return [s, translations ? { ...b, translations } : b];
      }),
  ],
];

describe('the walks, listings and input forms on a deployment that breaks their rules', () => {
  it('pass on the reference server as it is', async () => {
    for (const check of [
      'rest.05.pagination-walk',
      'rest.26.summary-listed',
      'rest.27.people-walk',
      'rest.28.transcription-walks',
      'rest.29.optional-forms',
    ])
      expect((await judge(check, () => ({})))?.status, check).toBe('PASS');
  });
  for (const [check, how, hooks] of MUTANTS)
    it(`${check} fails on ${how}`, async () => {
      const result = await judge(check, hooks);
      expect(result?.status, result?.message).toBe('FAIL');
    });
  for (const [check, how, hooks] of ALLOWED)
    it(`${check} passes ${how}`, async () => {
      const result = await judge(check, hooks);
      expect(['PASS', 'NON_STRICT'], result?.message).toContain(result?.status);
    });
});
