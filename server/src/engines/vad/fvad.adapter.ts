import fvad from '@echogarden/fvad-wasm';
import { concatPcm } from '../audio/pcm.js';
import { type EngineStatus, EngineUnavailableError } from '../engine.js';
import type { SpeechSegment, VadEngine, VadEvent, VadOptions, VadStream } from './vad.engine.js';
import { DEFAULT_VAD_OPTIONS, segmentsOf, VadSegmenter } from './vad-segmenter.js';

// WebRTC VAD (libfvad compiled to WASM). One WASM instance per engine; every stream gets its own
// fvad handle (the detector keeps state between frames) and shares one scratch buffer, which is
// safe because calls are synchronous.

const SAMPLE_RATE = 16_000;

interface FvadModule {
  _fvad_new(): number;
  _fvad_free(handle: number): void;
  _fvad_set_mode(handle: number, mode: number): number;
  _fvad_set_sample_rate(handle: number, rate: number): number;
  _fvad_process(handle: number, frame: number, samples: number): number;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  HEAP16: Int16Array;
}

export class FvadEngine implements VadEngine {
  private constructor(
    private readonly wasm: FvadModule | undefined,
    private readonly scratch: number,
    private readonly reason: string | undefined,
  ) {}

  /** Loads the WASM module; a failure leaves an engine that reports itself unavailable. */
  static async create(): Promise<FvadEngine> {
    try {
      const wasm = (await fvad()) as FvadModule;
      return new FvadEngine(wasm, wasm._malloc(480 * 2), undefined);
    } catch (error) {
      return new FvadEngine(undefined, 0, `fvad WASM failed to load: ${(error as Error).message}`);
    }
  }

  status(): EngineStatus {
    return this.wasm
      ? {
          engine: 'vad',
          adapter: 'webrtc-vad-wasm',
          available: true,
          detail: 'libfvad, 16 kHz, 10/20/30 ms frames',
        }
      : { engine: 'vad', adapter: 'webrtc-vad-wasm', available: false, detail: this.reason ?? 'not loaded' };
  }

  segments(pcm: Int16Array, options: VadOptions = {}): SpeechSegment[] {
    const stream = this.openStream(options);
    try {
      return segmentsOf([...stream.push(pcm), ...stream.flush()]);
    } finally {
      stream.close();
    }
  }

  openStream(options: VadOptions = {}): VadStream {
    const wasm = this.wasm;
    if (!wasm) throw new EngineUnavailableError('vad', this.reason ?? 'not loaded');
    const handle = wasm._fvad_new();
    if (!handle) throw new EngineUnavailableError('vad', 'fvad_new failed');
    if (wasm._fvad_set_mode(handle, options.aggressiveness ?? 2) !== 0) {
      wasm._fvad_free(handle);
      throw new RangeError(`aggressiveness must be 0-3, not ${options.aggressiveness}`);
    }
    wasm._fvad_set_sample_rate(handle, SAMPLE_RATE);
    const frameMs = options.frameMs ?? DEFAULT_VAD_OPTIONS.frameMs;
    const frameSamples = (SAMPLE_RATE / 1000) * frameMs;
    const { energyGateDb, ...segmenterOptions } = options;
    const segmenter = new VadSegmenter({ ...segmenterOptions, frameMs });
    const gate = energyGateDb === undefined ? undefined : new EnergyGate(energyGateDb);
    let carry = new Int16Array(0);
    let closed = false;
    const scratch = this.scratch;

    const classify = (frame: Int16Array): boolean => {
      wasm.HEAP16.set(frame, scratch >> 1);
      const voiced = wasm._fvad_process(handle, scratch, frameSamples) === 1;
      return voiced && (gate ? gate.passes(frame) : true);
    };

    return {
      get positionMs() {
        return segmenter.positionMs;
      },
      get silenceMs() {
        return segmenter.silenceMs;
      },
      push(pcm) {
        if (closed) throw new Error('VAD stream is closed');
        const input = carry.length ? concatPcm([carry, pcm]) : pcm;
        const events: VadEvent[] = [];
        let at = 0;
        for (; at + frameSamples <= input.length; at += frameSamples) {
          events.push(...segmenter.push(classify(input.subarray(at, at + frameSamples))));
        }
        carry = input.slice(at);
        return events;
      },
      flush() {
        return segmenter.flush();
      },
      close() {
        if (closed) return;
        closed = true;
        wasm._fvad_free(handle);
      },
    };
  }
}

/** How much of each voiced frame's level goes into the running speech level. */
const LEVEL_WEIGHT = 0.05;

/**
 * Speech level by a running mean (in dB) of the frames WebRTC VAD calls speech; a voiced frame
 * more than `dropDb` under it counts as silence. Each frame moves the level by at most
 * LEVEL_WEIGHT × dropDb, so a short quiet tail barely lowers it while a quieter speaker is
 * followed within ~0.5 s. Noisy audio is untouched: its noise is never that far below its speech.
 */
class EnergyGate {
  private level: number | undefined;

  constructor(private readonly dropDb: number) {}

  /** Whether a frame WebRTC VAD called speech is loud enough to be; updates the level. */
  passes(frame: Int16Array): boolean {
    let sum = 0;
    for (const v of frame) sum += v * v;
    const db = 10 * Math.log10(sum / Math.max(1, frame.length) + 1);
    const level = this.level ?? db;
    this.level = level + (Math.max(db, level - this.dropDb) - level) * LEVEL_WEIGHT;
    return db > level - this.dropDb;
  }
}
