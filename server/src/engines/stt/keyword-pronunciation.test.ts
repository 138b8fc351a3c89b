import { describe, expect, it } from 'vitest';
import { espeakPronunciations, espeakToCmu, espeakVersion, keywordWords } from './keyword-pronunciation.js';

describe('keyword pronunciations', () => {
  it('maps espeak-ng phoneme mnemonics to CMU phones', () => {
    expect(espeakToCmu("z_'o@_b_l_a_k_s")).toBe('Z AO R B L AE K S');
    expect(espeakToCmu("k_j_'u:_b_3_n_,i:_t_s")).toBe('K Y UW B ER N IY T S');
    expect(espeakToCmu("p_'A@_l_i")).toBe('P AA R L IY');
  });

  it('refuses to guess when a phoneme is unknown', () => {
    expect(espeakToCmu("z_'y:_b")).toBeUndefined();
    expect(espeakToCmu('')).toBeUndefined();
  });

  it('splits keywords into dictionary-style words', () => {
    expect(keywordWords(['Project Zorblax', "O'Brien", 'GPT-4', 'kube-proxy', 'a'])).toEqual([
      'project',
      'zorblax',
      "o'brien",
      'gpt',
      'kube',
      'proxy',
    ]);
  });

  it('asks espeak-ng for many words at once', async () => {
    if (!espeakPronunciations().available) {
      throw new Error('espeak-ng is not installed: apt-get install espeak-ng (or npm run setup)');
    }
    const found = await espeakPronunciations().pronounce(['zorblax', 'kubernetes', 'parley']);
    expect(found.get('zorblax')).toBe('Z AO R B L AE K S');
    expect(found.get('kubernetes')).toBe('K Y UW B ER N IY T S');
    expect(found.size).toBe(3);
  });

  it('reports a missing espeak-ng binary', async () => {
    const missing = espeakPronunciations('/nonexistent/espeak-ng');
    expect(missing.available).toBe(false);
    expect((await missing.pronounce(['zorblax'])).size).toBe(0);
  });
});

describe('espeakVersion', () => {
  it('makes the --version banner one clean line, without the data path', () => {
    expect(
      espeakVersion('eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/x86_64-linux-gnu/espeak-ng-data\n'),
    ).toBe('espeak-ng 1.51');
    expect(espeakVersion('something else')).toBe('espeak-ng');
  });
});
