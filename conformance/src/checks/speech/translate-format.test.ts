import { describe, expect, it } from 'vitest';
import { newRunState, type Target } from '../../context.js';
import type { Reply } from '../../http-client.js';
import { runChecks } from '../../runner.js';
import { CHECKS } from '../index.js';

// speech.22 on the reference server's answer to the four-line document (Apertium, as it answered):
// as answered it passes; the lines joined fail it; an answer of another shape is judged wherever
// its translations sit; an answer with no string long enough to be a translation is not judged.

const answered = {
  success: true,
  source_language: 'en',
  translations: [
    {
      language: 'fr',
      text: 'Bonjour.\n\nLe budget a été approuvé.\n- premier élément\n- deuxième élément',
      via: ['es'],
    },
    {
      language: 'es',
      text: 'Buenos días.\n\nEl presupuesto estuvo aprobado.\n- primer elemento\n- segundo elemento',
    },
  ],
};
const reply = (body: unknown, status = 200): Reply => {
  const text = JSON.stringify(body);
  return {
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    body,
    text,
    bytes: new TextEncoder().encode(text),
  };
};
const target: Target = {
  baseUrl: 'http://recorded.invalid',
  wsUrl: 'ws://recorded.invalid',
  apiKey: 'KEY',
  timeoutMs: 5_000,
  seed: 1,
  runId: 'pc-recorded',
  profile: 'full',
};

async function judge(body: unknown) {
  const state = newRunState();
  state.memo.set('translate-format', Promise.resolve({ replies: [reply(body)], exchanges: [] }));
  const check = CHECKS.find((c) => c.id === 'speech.22.translate-formatting');
  if (!check) throw new Error('no check speech.22.translate-formatting');
  const [result] = await runChecks(target, [check], undefined, state);
  return result?.status;
}

describe('speech.22: translate-text keeps the lines of a document', () => {
  it('passes as the reference answered', async () => {
    expect(await judge(answered)).toBe('PASS');
  });
  it('fails when the lines are joined', async () => {
    expect(await judge(JSON.parse(JSON.stringify(answered).replace(/\\n/g, ' ')))).toBe('FAIL');
  });
  it('judges translations wherever they sit (a map of language to text)', async () => {
    const [fr, es] = answered.translations.map((t) => t.text);
    expect(await judge({ fr, es })).toBe('PASS');
    expect(await judge({ fr: fr?.replace(/\n/g, ' '), es })).toBe('FAIL');
  });
  it('could not judge an answer without a translation-sized string', async () => {
    expect(await judge({ ok: true, id: 'job-1' })).toBe('COULD_NOT_JUDGE');
  });
});
