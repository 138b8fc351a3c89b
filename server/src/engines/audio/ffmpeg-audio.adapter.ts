import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EngineStatus, EngineUnavailableError } from '../engine.js';
import {
  AudioDecodeError,
  type AudioEngine,
  AudioTooLongError,
  type DecodeOptions,
  type EncodeOptions,
  type PcmEncoder,
} from './audio.engine.js';
import { FfmpegError, resolveFfmpegPath, runFfmpeg, startFfmpeg } from './ffmpeg-process.js';
import { encodeOggOpusInProcess } from './opus-file-encoder.js';
import { pcmFromBytes, pcmToBytes, STT_SAMPLE_RATE } from './pcm.js';
import { makeTempDir, withTempDir } from './temp-dir.js';

// Audio through the ffmpeg binary, except OGG/Opus output (libopus in-process is faster). Input goes
// through a pipe except for MP4-family files (m4a, mp4, mov, 3gp): their index (moov) may sit after
// the data, which ffmpeg can only reach by seeking, so those are written to a temp file. A pipe
// decode that fails is retried from a file once, which covers any other container that needs seeking.

export interface FfmpegAudioOptions {
  /** Binary to run; defaults to FFMPEG_PATH, then @ffmpeg-installer's build. */
  ffmpegPath?: string;
  timeoutMs?: number;
  /** Ceiling on decoded PCM, protecting memory from a tiny file that expands to hours of audio. */
  maxDecodedBytes?: number;
}

const DEFAULT_MAX_DECODED_BYTES = 16_000 * 2 * 60 * 60 * 4; // four hours at 16 kHz

export function isMp4Family(input: Uint8Array): boolean {
  return Buffer.from(input.subarray(4, 8)).toString('latin1') === 'ftyp';
}

export class FfmpegAudioEngine implements AudioEngine {
  private readonly path: string | undefined;
  private readonly state: EngineStatus;
  private readonly timeoutMs: number;
  private readonly maxDecodedBytes: number;

  constructor(options: FfmpegAudioOptions = {}) {
    const resolved = options.ffmpegPath ? { path: options.ffmpegPath } : resolveFfmpegPath();
    this.path = resolved.path;
    this.timeoutMs = options.timeoutMs ?? 10 * 60_000;
    this.maxDecodedBytes = options.maxDecodedBytes ?? DEFAULT_MAX_DECODED_BYTES;
    this.state = { engine: 'audio', adapter: 'ffmpeg', ...probe(resolved.path, resolved.reason) };
  }

  status(): EngineStatus {
    return { ...this.state };
  }

  async decodeFile(path: string, options: DecodeOptions = {}): Promise<Int16Array<ArrayBuffer>> {
    const binary = this.binary();
    const run = { timeoutMs: this.timeoutMs, maxOutputBytes: this.maxDecodedBytes };
    let raw: Buffer;
    try {
      raw = await runFfmpeg(binary, ['-i', path, ...this.decodeOutput(options)], run);
    } catch (error) {
      throw decodeError(error, path);
    }
    if (raw.length < 2) throw new AudioDecodeError('The file holds no audio samples');
    return pcmFromBytes(raw);
  }

  private decodeOutput(options: DecodeOptions): string[] {
    return [
      '-vn',
      ...(options.maxDurationSeconds ? ['-t', String(options.maxDurationSeconds)] : []),
      '-ac',
      '1',
      '-ar',
      String(options.sampleRate ?? STT_SAMPLE_RATE),
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      'pipe:1',
    ];
  }

  async decode(input: Uint8Array, options: DecodeOptions = {}): Promise<Int16Array<ArrayBuffer>> {
    const binary = this.binary();
    if (input.length === 0) throw new AudioDecodeError('Audio is empty');
    const output = this.decodeOutput(options);
    const run = { timeoutMs: this.timeoutMs, maxOutputBytes: this.maxDecodedBytes };
    let file = '';
    const fromFile = () =>
      withTempDir(async (dir) => {
        file = join(dir, 'input');
        await writeFile(file, input);
        return runFfmpeg(binary, ['-i', file, ...output], run);
      });
    let raw: Buffer;
    try {
      raw = isMp4Family(input)
        ? await fromFile()
        : await runFfmpeg(binary, ['-i', 'pipe:0', ...output], { ...run, input }).catch((error: unknown) => {
            if (error instanceof FfmpegError && error.kind === 'exit') return fromFile();
            throw error;
          });
    } catch (error) {
      throw decodeError(error, file);
    }
    if (raw.length < 2) throw new AudioDecodeError('The file holds no audio samples');
    return pcmFromBytes(raw);
  }

  /** In-process libopus (see opus-file-encoder.ts): ffmpeg's static build encodes Opus ~6× slower. */
  async encodeOggOpus(pcm: Int16Array, sampleRate: number, options: EncodeOptions = {}): Promise<Buffer> {
    return encodeOggOpusInProcess(pcm, sampleRate, options.bitrateKbps ?? 32);
  }

  async encodeM4a(pcm: Int16Array, sampleRate: number, options: EncodeOptions = {}): Promise<Buffer> {
    const encoder = await this.openM4aEncoder(sampleRate, options);
    encoder.write(pcm);
    return encoder.end();
  }

  async openM4aEncoder(sampleRate: number, options: EncodeOptions = {}): Promise<PcmEncoder> {
    const binary = this.binary();
    // The MP4 muxer seeks back to write the index, and +faststart rewrites the file: both need a real file.
    const temp = await makeTempDir();
    const file = join(temp.dir, 'output.m4a');
    const args = [
      ...rawInput(sampleRate),
      '-c:a',
      'aac',
      '-b:a',
      `${options.bitrateKbps ?? 96}k`,
      '-movflags',
      '+faststart',
      '-y',
      file,
    ];
    const feed = startFfmpeg(binary, args, { timeoutMs: this.timeoutMs });
    return {
      write: (pcm) => feed.write(pcmToBytes(pcm)),
      end: async () => {
        try {
          await feed.end();
          return await readFile(file);
        } finally {
          await temp.remove();
        }
      },
      abort: () => {
        feed.kill();
        // Removed once ffmpeg has exited, so it cannot write into the directory afterwards.
        void feed
          .end()
          .catch(() => undefined)
          .finally(() => temp.remove());
      },
    };
  }

  private binary(): string {
    if (!this.path || !this.state.available)
      throw new EngineUnavailableError('audio', this.state.detail ?? '');
    return this.path;
  }
}

function rawInput(sampleRate: number): string[] {
  return ['-f', 's16le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0'];
}

function probe(path: string | undefined, reason: string | undefined): { available: boolean; detail: string } {
  if (!path) return { available: false, detail: reason ?? 'no ffmpeg binary' };
  const result = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.error || result.status !== 0) {
    return {
      available: false,
      detail: `ffmpeg does not run: ${(result.error?.message ?? result.stderr).split('\n')[0]}`,
    };
  }
  const version = /ffmpeg version (\S+)/.exec(result.stdout)?.[1] ?? 'unknown version';
  const opus = result.stdout.includes('--enable-libopus') ? 'libopus' : 'no libopus';
  // The detail is shown by /health to anyone: it names the build, never a path on this machine.
  return { available: true, detail: `ffmpeg ${version} (${opus})` };
}

/** The client-facing error of a failed decode; `file`, a temporary path, never reaches its text. */
function decodeError(error: unknown, file: string): Error {
  if (!(error instanceof FfmpegError)) return error as Error;
  if (error.kind === 'output-limit')
    return new AudioTooLongError('Decoded audio is longer than the server accepts');
  if (error.kind !== 'exit') return error;
  const line = error.stderr.split('\n').filter(Boolean).at(-1) ?? 'unknown format';
  const reason = file ? line.split(file).join('input') : line;
  return new AudioDecodeError(`Cannot decode audio: ${reason.replaceAll(tmpdir(), '<tmp>')}`, {
    cause: error,
  });
}
