import { Limits } from '@parley/schemas/constants';
import type { TranslateTextResponse } from '@parley/schemas/types';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type SpeechServer, startSpeechServer } from '../../../../test-support/speech-server.js';
import { expectSchema, type Reply } from '../../../../test-support/test-server.js';
import { buildEngines, type UpstreamEngineConfig } from '../../../engines/registry.js';

// POST /v1/translate-text over real HTTP through each translation upstream, played by nock: an
// OpenAI-compatible chat model and a LibreTranslate server (the local engine: translate.routes.test.ts). The fake upstreams "translate" a text
// by tagging it with its target (`⟨fr⟩ …`), so every answer shows what was sent where.

interface UpstreamCall {
  source: string;
  target: string;
  texts: string[];
}

const tag = (target: string, text: string) => `⟨${target}⟩ ${text}`;
/** The text of the first translation ('' when it failed). */
const textOf = (result: TranslateTextResponse) => {
  const first = result.translations[0];
  return first && 'text' in first ? first.text : '';
};
/** nock 15 hands a reply function the intercepted fetch Request. */
const bodyOf = (request: Request): Promise<unknown> => request.json();

const OPENAI = 'https://llm.upstream.test';
const LIBRE = 'http://libretranslate.upstream.test:5000';

/** Each upstream: its engine configuration and a nock interceptor recording what it was sent. */
const upstreams: {
  name: string;
  config: UpstreamEngineConfig;
  intercept: (calls: UpstreamCall[]) => void;
  fail: () => void;
}[] = [
  {
    name: 'OpenAI-compatible chat completions',
    config: { url: `${OPENAI}/v1`, apiKey: 'sk-test', model: 'test-model' },
    intercept: (calls) =>
      nock(OPENAI)
        .persist()
        .post('/v1/chat/completions')
        .reply(async (request: Request) => {
          const messages = ((await bodyOf(request)) as { messages: { role: string; content: string }[] })
            .messages;
          const user = JSON.parse(messages.find((m) => m.role === 'user')?.content ?? '{}');
          // The prompt names languages as "French (fr)".
          const code = (named: string) => /\(([^)]+)\)$/.exec(named)?.[1] ?? named;
          const call = { source: code(user.source), target: code(user.target), texts: user.texts };
          calls.push(call);
          const translations = call.texts.map((t: string) => tag(call.target, t));
          return [
            200,
            {
              choices: [
                { index: 0, message: { role: 'assistant', content: JSON.stringify({ translations }) } },
              ],
            },
          ];
        }),
    fail: () =>
      nock(OPENAI)
        .post('/v1/chat/completions')
        .reply(500, { error: { message: 'The server had an error' } }),
  },
  {
    name: 'LibreTranslate',
    config: { url: LIBRE, kind: 'libretranslate' },
    intercept: (calls) =>
      nock(LIBRE)
        .persist()
        .post('/translate')
        .reply(async (request: Request) => {
          const { q, source, target } = (await bodyOf(request)) as {
            q: string[];
            source: string;
            target: string;
          };
          calls.push({ source, target, texts: q });
          return [200, { translatedText: q.map((t) => tag(target, t)) }];
        }),
    // LibreTranslate's answer when its model raises; its 400 "xx is not supported" is the
    // caller's error instead (libretranslate.contract.test.ts).
    fail: () =>
      nock(LIBRE).post('/translate').reply(500, { error: 'Cannot translate text: CUDA out of memory' }),
  },
];

const headers = (key: string) => ({ 'X-API-Key': key });

function expectValidationError(reply: Reply, loc: string[], type: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expectSchema('validation-error', reply.body);
  expect((reply.body as { detail: { loc: unknown; type: string }[] }).detail).toContainEqual(
    expect.objectContaining({ loc, type }),
  );
}

describe.each(upstreams)('POST /v1/translate-text through $name', (upstream) => {
  let server: SpeechServer;
  let calls: UpstreamCall[];

  beforeAll(async () => {
    const engines = await buildEngines({ upstream: { translate: upstream.config } });
    server = await startSpeechServer({ deps: { engines } });
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    nock.cleanAll();
  });

  async function translate(body: unknown, withBearer = false): Promise<TranslateTextResponse> {
    nock.cleanAll();
    calls = [];
    upstream.intercept(calls);
    const auth = withBearer ? { Authorization: `Bearer ${server.alice.key}` } : headers(server.alice.key);
    const reply = await server.post<TranslateTextResponse>('/v1/translate-text', body, auth);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectSchema('translate-text.response', reply.body);
    return reply.body;
  }

  it('translates into 10 targets, in request order, detecting the source', async () => {
    const targets = ['fr', 'de', 'es', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'sv'];
    const text = 'The release moves to Thursday.';
    const result = await translate({ text, target_languages: targets }, true);
    expect(result.success).toBe(true);
    expect(result.source_language).toBe('en');
    expect(result.translations).toEqual(targets.map((language) => ({ language, text: tag(language, text) })));
    expect(calls.map((c) => c.target).sort()).toEqual([...targets].sort());
    for (const call of calls) expect(call).toMatchObject({ source: 'en', texts: [text] });
  });

  it('refuses 11 targets with 422', async () => {
    const targets = ['fr', 'de', 'es', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'sv', 'fi'];
    expect(targets.length).toBe(Limits.translateTargets + 1);
    const reply = await server.post(
      '/v1/translate-text',
      { text: 'Hello.', target_languages: targets },
      headers(server.alice.key),
    );
    expectValidationError(reply, ['body', 'target_languages'], 'too_long');
  });

  it('resolves language names to codes, for targets and the source', async () => {
    const result = await translate({
      text: 'Wir haben das Budget beschlossen.',
      target_languages: ['French', 'japanese', 'pt-BR'],
      source_language: 'German',
    });
    expect(result.source_language).toBe('de');
    expect(result.translations.map((t) => t.language)).toEqual(['fr', 'ja', 'pt']);
    for (const call of calls) expect(call.source).toBe('de');
  });

  it('detects a German source when source_language is omitted or auto', async () => {
    const text = 'Die Veröffentlichung wird auf Donnerstag verschoben, weil das Team noch testet.';
    for (const source of [undefined, 'auto']) {
      const result = await translate({
        text,
        target_languages: ['en'],
        ...(source ? { source_language: source } : {}),
      });
      expect(result.source_language).toBe('de');
      expect(calls).toEqual([{ source: 'de', target: 'en', texts: [text] }]);
    }
  });

  it('answers 400 naming an unknown language', async () => {
    const reply = await server.post(
      '/v1/translate-text',
      { text: 'Hello.', target_languages: ['Klingon'] },
      headers(server.alice.key),
    );
    expectError(reply, 400, 'Unknown target language "Klingon"');
  });

  it('takes exactly 100,000 characters and refuses one more with 422', async () => {
    const line = 'We agreed on the budget for next year and the hiring plan.';
    const full = `${Array.from({ length: 2_000 }, () => line).join('\n')}`.slice(
      0,
      Limits.translateTextChars,
    );
    expect(full.length).toBe(100_000);
    const result = await translate({ text: full, target_languages: ['fr'] });
    const translated = textOf(result);
    expect(translated.split('\n').length).toBe(full.split('\n').length);
    expect(calls.flatMap((c) => c.texts).join('').length).toBeLessThanOrEqual(full.length);

    const reply = await server.post(
      '/v1/translate-text',
      { text: `${full}x`, target_languages: ['fr'] },
      headers(server.alice.key),
    );
    expectValidationError(reply, ['body', 'text'], 'string_too_long');
  }, 60_000);

  it('counts characters, not UTF-16 units: 100,000 with emoji are accepted, as the schema says', async () => {
    const text = 'Ship it 🚀 today\n'.repeat(6_250);
    expect([...text].length).toBe(Limits.translateTextChars);
    expect(text.length).toBeGreaterThan(Limits.translateTextChars);
    const result = await translate({ text, target_languages: ['fr'], source_language: 'en' });
    expect(textOf(result).split('\n').length).toBe(text.split('\n').length);
    const over = await server.post(
      '/v1/translate-text',
      { text: `${text}x`, target_languages: ['fr'] },
      headers(server.alice.key),
    );
    expectValidationError(over, ['body', 'text'], 'string_too_long');
  }, 60_000);

  it('keeps Markdown and line structure; code and URLs never reach the upstream', async () => {
    const text = [
      '# Weekly notes',
      '',
      'Read the [design document](https://docs.example.com/design?id=42) before Friday.',
      '',
      '- Review the budget',
      '- Call the supplier',
      '  1. Ask about prices',
      '  2. Ask about delivery dates',
      '',
      '```js',
      'const total = items.reduce((sum, item) => sum + item.price, 0); // the running total',
      '```',
      '',
      'See https://status.example.com/incident for the outage report.',
      'Run `npm run build` before you push.',
    ].join('\n');
    const result = await translate({ text, target_languages: ['fr'] });
    const out = textOf(result);
    const inLines = text.split('\n');
    const outLines = out.split('\n');
    expect(outLines.length).toBe(inLines.length);
    const marker = /^\s*(?:#{1,6} |[-*+] |\d+\. |```\w*)?/;
    for (const [i, line] of inLines.entries()) {
      expect(outLines[i]?.match(marker)?.[0], `line ${i}`).toBe(line.match(marker)?.[0]);
      if (line.trim() === '') expect(outLines[i]).toBe(line);
    }
    expect(outLines.slice(9, 12)).toEqual(inLines.slice(9, 12));
    expect(out).toContain('](https://docs.example.com/design?id=42)');
    expect(out).toContain('https://status.example.com/incident');
    expect(out).toContain('`npm run build`');
    expect(outLines[0]).toBe(`# ${tag('fr', 'Weekly notes')}`);
    expect(outLines[4]).toBe(`- ${tag('fr', 'Review the budget')}`);

    const sent = calls.flatMap((c) => c.texts);
    expect(sent).toContain('design document');
    for (const piece of ['https://', 'example.com', 'reduce', 'npm run build', '```', '# ', '- ']) {
      expect(
        sent.filter((t) => t.includes(piece)),
        piece,
      ).toEqual([]);
    }
  });

  it('keeps CRLF line endings and blank lines exactly', async () => {
    const text = 'First line of notes.\r\nSecond line.\r\n\r\n- An item\r\n';
    const result = await translate({ text, target_languages: ['de'], source_language: 'en' });
    expect(textOf(result)).toBe(
      `${tag('de', 'First line of notes.')}\r\n${tag('de', 'Second line.')}\r\n\r\n- ${tag('de', 'An item')}\r\n`,
    );
  });

  it('returns the text itself for a target equal to the source, without an upstream call', async () => {
    const result = await translate({
      text: 'Hello there, team.',
      target_languages: ['en'],
      source_language: 'en',
    });
    expect(result.translations).toEqual([{ language: 'en', text: 'Hello there, team.' }]);
    expect(calls).toEqual([]);
  });

  it('answers 502 UPSTREAM_FAILED when the upstream fails', async () => {
    upstream.fail();
    const reply = await server.post(
      '/v1/translate-text',
      { text: 'Hello there.', target_languages: ['fr'], source_language: 'en' },
      headers(server.alice.key),
    );
    expectError(reply, 502, /HTTP 500/);
    expect(reply.body).toMatchObject({ code: 'UPSTREAM_FAILED' });
  });
});
