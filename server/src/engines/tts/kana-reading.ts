import { execFile, spawnSync } from 'node:child_process';

// Japanese text for espeak-ng: its `ja` voice reads kana but has no readings for kanji (each one is
// spoken as "Chinese letter", about 1 s a character), so kanji are first turned into hiragana by
// Debian's `kakasi` (`-JH`: kanji → hiragana; kana, Latin letters and digits pass through).

export const KAKASI_PACKAGE = 'kakasi';

/** Han ideographs (kanji); the iteration mark 々 is read with its kanji. */
const KANJI = /[\p{Script=Han}々]/u;
/**
 * kakasi 2.3.6 in UTF-8 mode drops a kanji + っ word when the next kana follows directly ("送って"
 * → "て"); a control character after っ keeps the two apart, and is removed from the output. Some
 * such words then come back with っ twice ("言っ" → "いっっ"), which Japanese never writes.
 */
const SEPARATOR = '\u0001';
/** kakasi reads the text in one go; a TTS text is at most a few thousand characters. */
const TIMEOUT_MS = 10_000;

export function hasKanji(text: string): boolean {
  return KANJI.test(text);
}

export interface KanaReader {
  readonly available: boolean;
  /** Why it is unavailable, or what it runs. */
  readonly detail: string;
  /** `text` with every kanji replaced by its hiragana reading. */
  read(text: string): Promise<string>;
}

/** The kakasi command-line program; `available` false (with the package to install) when it is absent. */
export function kakasiReader(binary = process.env.KAKASI_PATH ?? 'kakasi'): KanaReader {
  const probe = spawnSync(binary, ['-i', 'utf8', '-o', 'utf8', '-JH'], {
    input: '会議',
    encoding: 'utf8',
    timeout: 5_000,
  });
  const available = probe.status === 0 && probe.stdout.trim() === 'かいぎ';
  return {
    available,
    detail: available
      ? `${binary} (kanji → hiragana)`
      : `kakasi not runnable (install the Debian package ${KAKASI_PACKAGE})`,
    read(text) {
      return new Promise((resolve, reject) => {
        const child = execFile(
          binary,
          ['-i', 'utf8', '-o', 'utf8', '-JH'],
          { encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 4 * 2 ** 20 },
          (error, stdout) => {
            if (error) reject(new Error(`kakasi failed: ${error.message}`));
            else resolve(stdout.replaceAll(SEPARATOR, '').replace(/っっ+/g, 'っ').replace(/\n$/, ''));
          },
        );
        child.stdin?.end(`${text.replaceAll(SEPARATOR, '').replaceAll('っ', `っ${SEPARATOR}`)}\n`);
      });
    },
  };
}
