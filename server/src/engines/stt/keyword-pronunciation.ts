import { execFile, spawnSync } from 'node:child_process';

// Pronunciations for context keywords the dictionary lacks, from espeak-ng's English letter-to-
// sound rules (`espeak-ng -x` phoneme mnemonics) mapped onto the CMU phone set pocketsphinx uses.
// A word with any phoneme outside the table gets no pronunciation rather than a wrong one.

const VOWELS: Record<string, string> = {
  a: 'AE',
  'a#': 'AH',
  aa: 'AE',
  A: 'AA',
  'A:': 'AA',
  'A@': 'AA R',
  '0': 'AA',
  '0@': 'AO R',
  '@': 'AH',
  '@2': 'AH',
  '@5': 'AH',
  '@L': 'AH L',
  '@r': 'ER',
  '3': 'ER',
  '3:': 'ER',
  '3:r': 'ER',
  aI: 'AY',
  'aI@': 'AY ER',
  aI3: 'AY ER',
  aU: 'AW',
  'aU@': 'AW ER',
  E: 'EH',
  E2: 'EH',
  'E@': 'EH R',
  'e@': 'EH R',
  eI: 'EY',
  I: 'IH',
  I2: 'IH',
  'I#': 'IH',
  i: 'IY',
  'i:': 'IY',
  'i@': 'IY AH',
  'i@3': 'IH R',
  'I@': 'IH R',
  O: 'AO',
  'O:': 'AO',
  'O@': 'AO R',
  'o@': 'AO R',
  OI: 'OY',
  oU: 'OW',
  'oU#': 'OW',
  o: 'OW',
  U: 'UH',
  'U@': 'UH R',
  'u:': 'UW',
  u: 'UW',
  V: 'AH',
  VR: 'ER',
};

const CONSONANTS: Record<string, string> = {
  p: 'P',
  b: 'B',
  t: 'T',
  d: 'D',
  k: 'K',
  g: 'G',
  f: 'F',
  v: 'V',
  s: 'S',
  z: 'Z',
  h: 'HH',
  m: 'M',
  n: 'N',
  l: 'L',
  r: 'R',
  'r-': 'R',
  w: 'W',
  j: 'Y',
  T: 'TH',
  D: 'DH',
  S: 'SH',
  Z: 'ZH',
  tS: 'CH',
  dZ: 'JH',
  N: 'NG',
  't#': 'T',
  '*': 'T',
  'n-': 'AH N',
  'l-': 'AH L',
  'm-': 'AH M',
  x: 'K',
  '?': '',
};

/** One espeak-ng line (`z_'o@_b_l_a_k_s`) → CMU phones (`Z AO R B L AE K S`), or undefined. */
export function espeakToCmu(line: string): string | undefined {
  const phones: string[] = [];
  for (const raw of line.trim().split('_')) {
    const token = raw.replace(/^[',%=;]+|[';]+$/g, '');
    if (token === '') continue;
    const mapped = VOWELS[token] ?? CONSONANTS[token];
    if (mapped === undefined) return undefined;
    if (mapped) phones.push(mapped);
  }
  return phones.length ? phones.join(' ') : undefined;
}

/** Lower-case dictionary-style words of the keywords: letters and apostrophes, no digits. */
export function keywordWords(keywords: readonly string[], limit = 100): string[] {
  const words = new Set<string>();
  for (const keyword of keywords) {
    for (const part of keyword.toLowerCase().split(/[\s\-_/.,;:]+/)) {
      const word = part.replace(/^'+|'+$/g, '');
      if (/^[a-z']{2,}$/.test(word)) words.add(word);
      if (words.size >= limit) return [...words];
    }
  }
  return [...words];
}

export interface PronunciationSource {
  readonly available: boolean;
  readonly detail: string;
  /** Pronunciation per word; words without one are left out. */
  pronounce(words: readonly string[]): Promise<Map<string, string>>;
}

/**
 * "espeak-ng 1.51" from the banner `--version` prints ("eSpeak NG text-to-speech: 1.51  Data at: …"):
 * /health shows one clean line, not the banner and its data path.
 */
export function espeakVersion(banner: string): string {
  const version = /text-to-speech:\s*(\S+)/.exec(banner)?.[1];
  return version ? `espeak-ng ${version}` : 'espeak-ng';
}

/** espeak-ng's command-line program (Debian package `espeak-ng`). */
export function espeakPronunciations(
  binary = process.env.ESPEAK_NG_PATH ?? 'espeak-ng',
): PronunciationSource {
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 5000 });
  const available = !probe.error && probe.status === 0;
  const detail = available ? espeakVersion(probe.stdout) : `${binary} not runnable`;
  return {
    available,
    detail,
    async pronounce(words) {
      const out = new Map<string, string>();
      if (!available || words.length === 0) return out;
      // One word per line in, one phoneme line per word out.
      const lines = await new Promise<string[]>((resolve) => {
        const child = execFile(
          binary,
          ['-q', '-v', 'en-us', '-x', '--sep=_'],
          { timeout: 10_000 },
          (error, stdout) => resolve(error ? [] : stdout.split('\n').filter((l) => l.trim())),
        );
        child.stdin?.end(`${words.join('\n')}\n`);
      });
      if (lines.length !== words.length) return out;
      words.forEach((word, i) => {
        const phones = espeakToCmu(lines[i] ?? '');
        if (phones) out.set(word, phones);
      });
      return out;
    },
  };
}
