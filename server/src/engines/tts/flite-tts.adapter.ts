import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AudioEngine } from '../audio/audio.engine.js';
import { EngineFailedError, type EngineStatus } from '../engine.js';
import { type EspeakTtsEngine, splitForSpeech } from './espeak-tts.adapter.js';
import { toTtsLanguage } from './espeak-voices.js';
import type { TtsEngine, TtsRequest, TtsResult } from './tts.engine.js';

// English through Debian's flite, every other language through espeak-ng. Why: espeak-ng's English
// is formant synthesis that the local recognizer (pocketsphinx's en-us model) and listeners find
// hard; a TTS → STT round trip measured ~41% WER with espeak-ng and ~10% with flite's `slt` voice
// (server/src/routes/speech/tts/tts.routes.test.ts). flite speaks English only, so it is an addition, not a
// replacement; without the flite binary English falls back to espeak-ng and /health says so.

export const FLITE_ADAPTER = 'flite+espeak-ng-wasm';
/** US English, female; pocketsphinx recognizes it best of flite's voices on the fixtures. */
const FLITE_VOICE = 'slt';
const FLITE_TIMEOUT_MS = 30_000;

export interface FliteTtsOptions {
  audio: AudioEngine;
  /** Speaks every language but English, and English when flite is missing. */
  espeak: EspeakTtsEngine;
  /** Default `flite` on the PATH. */
  binary?: string;
}

export class FliteEnglishTtsEngine implements TtsEngine {
  private readonly binary: string;
  private probed: { missing: string | undefined } | undefined;

  constructor(private readonly options: FliteTtsOptions) {
    this.binary = options.binary ?? 'flite';
  }

  /** Why flite cannot speak, or undefined; probed once, on first use, not at server start. */
  private get missing(): string | undefined {
    if (!this.probed) {
      const probe = spawnSync(this.binary, ['-lv'], { encoding: 'utf8', timeout: 5_000 });
      const missing =
        probe.error || probe.status !== 0 || !probe.stdout.includes(FLITE_VOICE)
          ? `flite with voice ${FLITE_VOICE} not found (apt-get install flite); English uses espeak-ng`
          : undefined;
      this.probed = { missing };
    }
    return this.probed.missing;
  }

  status(): EngineStatus {
    const espeak = this.options.espeak.status();
    if (!espeak.available || this.missing)
      return { ...espeak, ...(this.missing ? { detail: this.missing } : {}) };
    return {
      ...espeak,
      adapter: FLITE_ADAPTER,
      detail: `English: flite voice ${FLITE_VOICE}; other languages: ${espeak.detail ?? 'espeak-ng'}`,
    };
  }

  async synthesize(request: TtsRequest): Promise<TtsResult> {
    const language =
      request.language === undefined
        ? await this.options.espeak.detect(request.text)
        : toTtsLanguage(request.language);
    // Text with nothing to say gets espeak-ng's answer to it (a 400), as in every other language.
    if (language !== 'en' || this.missing || splitForSpeech(request.text).length === 0)
      return this.options.espeak.synthesize(request);
    const pcm = await this.speak(request.text);
    const audio = await this.options.audio.encodeOggOpus(pcm, 16_000);
    return { audio, contentType: 'audio/ogg', language: 'en', voice: `flite:${FLITE_VOICE}` };
  }

  /** 16 kHz mono PCM. The text goes through a file, never the command line (length, quoting). */
  private async speak(text: string): Promise<Int16Array> {
    const dir = await mkdtemp(join(tmpdir(), 'parley-flite-'));
    try {
      const input = join(dir, 'in.txt');
      const output = join(dir, 'out.wav');
      await writeFile(input, text);
      await new Promise<void>((resolve, reject) => {
        execFile(
          this.binary,
          ['-voice', FLITE_VOICE, '-f', input, '-o', output],
          { timeout: FLITE_TIMEOUT_MS },
          (error, _stdout, stderr) =>
            error
              ? reject(new EngineFailedError('tts', `flite failed: ${stderr || error.message}`))
              : resolve(),
        );
      });
      const pcm = await this.options.audio.decode(await readFile(output));
      if (pcm.length === 0) throw new EngineFailedError('tts', 'flite produced no audio');
      return pcm;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
