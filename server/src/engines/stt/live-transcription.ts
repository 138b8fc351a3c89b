import { randomUUID } from 'node:crypto';
import { concatPcm, msToSamples, samplesToMs } from '../audio/pcm.js';
import type { DiarizationEngine, DiarizationSession } from '../diarization/diarization.engine.js';
import type { VadEngine, VadEvent, VadOptions, VadStream } from '../vad/vad.engine.js';
import type { SttEngine, SttOptions, SttStream } from './stt.engine.js';

// Live speech-to-text without the transport: PCM in, the spec's result chunks out. The VAD is
// the endpointer (an utterance ends after a pause), the STT stream gives cumulative interim text,
// the diarization session names the speaker of each final. The WebSocket layer only decodes
// frames, calls push()/finish() in order and encodes the events.

export interface LiveTranscriptionEngines {
  stt: SttEngine;
  vad: VadEngine;
  diarization: DiarizationEngine;
}

export interface LiveTranscriptionOptions extends SttOptions {
  /** Default true. When false, finals carry no speaker. */
  enableDiarization?: boolean;
  /** Endpointing; the default waits 600 ms of silence before an utterance is final. */
  vad?: VadOptions;
  /** Least audio between two interim queries. Default 300 ms. */
  interimEveryMs?: number;
  /** Utterance id factory; default random UUIDs. */
  newId?: () => string;
}

/** One result chunk: same `id` for the interims and the final of an utterance; `text` is cumulative. */
export interface LiveResult {
  id: string;
  text: string;
  isFinal: boolean;
  /** Only on finals, and only when diarization is on and the utterance was long enough to tell. */
  speaker?: string;
  startMs: number;
  endMs: number;
  confidence?: number;
  language?: string;
}

const LIVE_VAD: VadOptions = { minSilenceMs: 600, hangoverMs: 200, preRollMs: 200 };
/** Audio kept from before a detected start: the VAD reports starts up to ~0.4 s late. */
const LOOKBACK_MS = 1000;

interface Open {
  id: string;
  startMs: number;
  audio: Int16Array[];
  lastText: string;
  sinceInterim: number;
  interims: number;
}

export class LiveTranscription {
  private received = 0;
  private recent: Int16Array[] = [];
  private recentSamples = 0;
  private open: Open | undefined;
  private closed = false;

  private constructor(
    private readonly stt: SttStream,
    private readonly vad: VadStream,
    private readonly speakers: DiarizationSession | undefined,
    private readonly options: LiveTranscriptionOptions,
  ) {}

  static async open(
    engines: LiveTranscriptionEngines,
    options: LiveTranscriptionOptions = {},
  ): Promise<LiveTranscription> {
    const vad = engines.vad.openStream({ ...LIVE_VAD, ...options.vad });
    const stt = await engines.stt.openStream(options);
    const speakers = (options.enableDiarization ?? true) ? engines.diarization.openSession() : undefined;
    return new LiveTranscription(stt, vad, speakers, options);
  }

  /** Audio of any length; returns the chunks it produced, in order. */
  async push(pcm: Int16Array): Promise<LiveResult[]> {
    if (this.closed) throw new Error('live transcription closed');
    this.received += pcm.length;
    this.remember(pcm);
    const out: LiveResult[] = [];
    let written = 0;
    for (const event of this.vad.push(pcm)) {
      if (event.type === 'speech-start') {
        // Everything from the (back-dated) start up to the end of this chunk goes to the recognizer.
        this.open = this.begin(event.startMs);
        written = pcm.length;
        await this.write(this.since(event.startMs));
      } else {
        if (this.open && written < pcm.length) await this.write(pcm.subarray(written));
        written = pcm.length;
        out.push(...(await this.end(event)));
      }
    }
    if (this.open && written < pcm.length) {
      await this.write(pcm.subarray(written));
      const interim = await this.interim();
      if (interim) out.push(interim);
    }
    return out;
  }

  /** End of audio: the open utterance is finalized now. */
  async finish(): Promise<LiveResult[]> {
    const out: LiveResult[] = [];
    for (const event of this.vad.flush())
      if (event.type === 'speech-end') out.push(...(await this.end(event)));
    return out;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.vad.close();
    await this.stt.close();
  }

  private begin(startMs: number): Open {
    return {
      id: (this.options.newId ?? randomUUID)(),
      startMs,
      audio: [],
      lastText: '',
      sinceInterim: 0,
      interims: 0,
    };
  }

  private async write(pcm: Int16Array): Promise<void> {
    if (!this.open || pcm.length === 0) return;
    this.open.audio.push(pcm);
    this.open.sinceInterim += pcm.length;
    await this.stt.write(pcm);
  }

  private async interim(): Promise<LiveResult | undefined> {
    const open = this.open;
    if (!open || open.sinceInterim < msToSamples(this.options.interimEveryMs ?? 300)) return undefined;
    open.sinceInterim = 0;
    const text = await this.stt.partial();
    if (!text || text === open.lastText) return undefined;
    open.lastText = text;
    open.interims++;
    return { id: open.id, text, isFinal: false, startMs: open.startMs, endMs: samplesToMs(this.received) };
  }

  private async end(event: Extract<VadEvent, { type: 'speech-end' }>): Promise<LiveResult[]> {
    const open = this.open;
    this.open = undefined;
    if (!open) return [];
    const result = await this.stt.finalize();
    // A final is owed for every utterance the client saw interims of, even if it came to nothing.
    if (!result.text && open.interims === 0) return [];
    const speaker = result.text && this.speakers ? this.speakers.assign(concatPcm(open.audio)) : undefined;
    return [
      {
        id: open.id,
        text: result.text,
        isFinal: true,
        ...(speaker !== undefined ? { speaker } : {}),
        startMs: event.segment.startMs,
        endMs: event.segment.endMs,
        confidence: result.confidence,
        language: result.language,
      },
    ];
  }

  /** Keeps the last LOOKBACK_MS of audio for back-dated starts. */
  private remember(pcm: Int16Array): void {
    this.recent.push(pcm);
    this.recentSamples += pcm.length;
    const keep = msToSamples(LOOKBACK_MS);
    while (this.recent.length > 1 && this.recentSamples - (this.recent[0]?.length ?? 0) >= keep) {
      this.recentSamples -= this.recent.shift()?.length ?? 0;
    }
  }

  /** Audio from `ms` (stream time) to now, as far as the lookback reaches. */
  private since(ms: number): Int16Array {
    const all = concatPcm(this.recent);
    const firstSample = this.received - all.length;
    return all.subarray(Math.max(0, msToSamples(ms) - firstSample));
  }
}
