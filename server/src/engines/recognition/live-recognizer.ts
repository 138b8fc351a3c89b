import { concatPcm, msToSamples, samplesToMs } from '../audio/pcm.js';
import type { DenoiseEngine, DenoiseStream } from '../denoise/denoise.engine.js';
import type { DiarizationEngine, DiarizationSession } from '../diarization/diarization.engine.js';
import { EngineUnavailableError } from '../engine.js';
import type {
  LiveInterim,
  LiveSttEngine,
  LiveSttLimits,
  LiveUtterance,
  OpusDecoderLike,
  StreamEncoding,
} from '../stt/live-stt.contract.js';
import type { SttResult, SttStream } from '../stt/stt.engine.js';
import type { SpeechSegment, VadEngine, VadEvent, VadStream } from '../vad/vad.engine.js';
import { type AudioInput, createAudioInput } from './audio-input.js';
import { PcmHistory } from './pcm-history.js';

// One session's audio path: frames → PCM → (denoise) → endpointer → recognizer → interims and
// finals. Frames are queued as they arrive and recognized one at a time by a single loop, so the
// socket never waits on the engines; when the queue grows past its bound the owner is told to stop
// reading. An utterance opens when the endpointer hears speech (the recognizer gets the audio from
// the start it dates back to) and closes after `endpointSilenceMs` of silence or `maxUtteranceMs`.
// The final's decode does not wait for the endpoint: after `decodePauseMs` of silence the
// recognizer finishes the words so far (its second pass is most of a final's cost), so the
// endpoint only has to send them. Speech before the endpoint continues the same utterance as a
// new piece, decoded from the pause on; the utterance's text is its pieces' texts in order.

export interface RecognizerEngines {
  stt: LiveSttEngine;
  vad: VadEngine;
  denoise?: DenoiseEngine | undefined;
  diarization?: DiarizationEngine | undefined;
  createOpusDecoder?: (() => OpusDecoderLike) | undefined;
}

export interface RecognizerOptions {
  encoding: StreamEncoding;
  reduceNoise: boolean;
  languageHints: string[];
  contextKeywords: string[];
  enableDiarization: boolean;
  limits: LiveSttLimits;
  newUtteranceId: () => string;
}

export interface RecognizerEvents {
  interim(interim: LiveInterim): void;
  final(utterance: LiveUtterance): void;
  /** true: queued audio passed maxPendingAudioBytes; false: it fell back under half of that. */
  backlog(high: boolean): void;
  /** Recognition failed; the recognizer has stopped. */
  failed(error: unknown): void;
}

/** WebRTC VAD frame: the endpointer's events are tied to 20 ms steps. */
const FRAME_MS = 20;
const FRAME_SAMPLES = msToSamples(FRAME_MS);
/** Audio kept for dating an utterance back to its start; the endpointer announces well within it. */
const HISTORY_MS = 3_000;
/** The middle of an utterance, at most this long, decides its speaker. */
const SPEAKER_AUDIO_MS = 4_000;

interface OpenUtterance {
  id: string;
  startSample: number;
  /** Audio given to the recognizer so far (for the speaker label). */
  written: Int16Array[];
  /** Audio not yet given to the recognizer. */
  pending: Int16Array[];
  pendingSamples: number;
  lastText: string;
  /** Results of the pieces the recognizer has finished. */
  pieces: SttResult[];
  /** The last piece was finished at a pause and no speech came since: audio waits in `pending`. */
  paused: boolean;
}

export class LiveRecognizer {
  private readonly queue: Uint8Array[] = [];
  private queuedBytes = 0;
  private backlogHigh = false;
  private draining: Promise<void> | undefined;
  private stopped = false;
  private carry = new Int16Array(0);
  private readonly history = new PcmHistory(msToSamples(HISTORY_MS));
  private open: OpenUtterance | undefined;
  private receivedBytes = 0;

  private constructor(
    private readonly options: RecognizerOptions,
    private readonly events: RecognizerEvents,
    private readonly input: AudioInput,
    private readonly stt: SttStream,
    private readonly vad: VadStream,
    private readonly denoiser: DenoiseStream | undefined,
    private readonly speakers: DiarizationSession | undefined,
  ) {}

  /** Opens every engine the session needs; throws EngineUnavailableError when one cannot run. */
  static async open(engines: RecognizerEngines, options: RecognizerOptions, events: RecognizerEvents) {
    if (options.reduceNoise && !engines.denoise) {
      throw new EngineUnavailableError('denoise', 'no noise reduction engine is configured');
    }
    const vad = engines.vad.openStream({
      frameMs: FRAME_MS,
      minSilenceMs: options.limits.endpointSilenceMs,
      minSpeechMs: options.limits.speechOnsetMs,
      ...(options.limits.endpointEnergyGateDb > 0
        ? { energyGateDb: options.limits.endpointEnergyGateDb }
        : {}),
      maxSegmentMs: options.limits.maxUtteranceMs,
    });
    const opened: { close(): unknown }[] = [vad];
    try {
      const denoiser = options.reduceNoise ? await engines.denoise?.createStream() : undefined;
      if (denoiser) opened.push(denoiser);
      const stt = await engines.stt.openStream({
        languageHints: options.languageHints,
        contextKeywords: options.contextKeywords,
      });
      const speakers = options.enableDiarization ? engines.diarization?.openSession() : undefined;
      const input = createAudioInput(options.encoding, engines.createOpusDecoder);
      return new LiveRecognizer(options, events, input, stt, vad, denoiser, speakers);
    } catch (error) {
      for (const resource of opened) resource.close();
      throw error;
    }
  }

  /** Audio received so far, in ms of 16 kHz PCM. */
  get audioMs(): number {
    return samplesToMs(this.history.position + this.carry.length);
  }

  get bytesReceived(): number {
    return this.receivedBytes;
  }

  /** Resolves once every queued frame is recognized (the benchmark times each frame's work with it). */
  settled(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  /** Queues one audio frame; returns at once. */
  push(frame: Uint8Array): void {
    if (this.stopped) return;
    this.receivedBytes += frame.length;
    this.queue.push(frame);
    this.queuedBytes += frame.length;
    if (!this.backlogHigh && this.queuedBytes > this.options.limits.maxPendingAudioBytes) {
      this.backlogHigh = true;
      this.events.backlog(true);
    }
    this.draining ??= this.drain();
  }

  /** End of audio: recognizes what is queued, then finalizes the open utterance; its final is emitted before this resolves. */
  async end(): Promise<void> {
    while (this.draining) await this.draining;
    if (this.stopped) return;
    try {
      if (this.denoiser) await this.feed(this.denoiser.end());
      if (this.carry.length && this.open) this.queueForRecognizer(this.carry);
      this.carry = new Int16Array(0);
      for (const event of this.vad.flush()) await this.handle(event);
    } finally {
      await this.release();
    }
  }

  /** Stops without finalizing; returns the id of an utterance that had interims but no final. */
  async abandon(): Promise<string | undefined> {
    const abandoned = this.open?.lastText ? this.open.id : undefined;
    this.queue.length = 0;
    await this.release();
    return abandoned;
  }

  private async release(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.open = undefined;
    this.vad.close();
    this.denoiser?.close();
    this.input.close();
    await this.stt.close().catch(() => undefined);
  }

  private async drain(): Promise<void> {
    try {
      for (let frame = this.queue.shift(); frame && !this.stopped; frame = this.queue.shift()) {
        this.queuedBytes -= frame.length;
        if (this.backlogHigh && this.queuedBytes <= this.options.limits.maxPendingAudioBytes / 2) {
          this.backlogHigh = false;
          this.events.backlog(false);
        }
        const pcm = this.input.decode(frame);
        await this.feed(this.denoiser ? this.denoiser.push(pcm) : pcm);
      }
    } catch (error) {
      // After abandon() the engines refuse further calls: that is the end, not a failure.
      if (this.stopped) return;
      await this.release();
      this.events.failed(error);
    } finally {
      this.draining = undefined;
    }
  }

  /** Steps through the audio one VAD frame at a time, so each endpointer event lands on its frame. */
  private async feed(pcm: Int16Array): Promise<void> {
    const input = this.carry.length ? concatPcm([this.carry, pcm]) : pcm;
    let at = 0;
    for (; at + FRAME_SAMPLES <= input.length; at += FRAME_SAMPLES) {
      const frame = input.subarray(at, at + FRAME_SAMPLES);
      this.history.append(frame);
      if (this.open) this.queueForRecognizer(frame);
      for (const event of this.vad.push(frame)) await this.handle(event);
      const open = this.open;
      if (!open) continue;
      if (open.paused) {
        // Speech again before the endpoint: the next piece starts with the pause's audio.
        if (this.vad.silenceMs === 0) open.paused = false;
      } else if (this.vad.silenceMs >= this.options.limits.decodePauseMs) {
        await this.finishPiece(open);
        await this.interim();
        continue;
      }
      if (!open.paused && open.pendingSamples >= msToSamples(this.options.limits.interimEveryMs)) {
        await this.recognizePending(open);
        await this.interim();
      }
    }
    this.carry = input.slice(at);
  }

  private async handle(event: VadEvent): Promise<void> {
    if (event.type === 'speech-end') return this.finish(event.segment);
    const startSample = msToSamples(event.startMs);
    this.open = {
      id: this.options.newUtteranceId(),
      startSample,
      written: [],
      pending: [],
      pendingSamples: 0,
      lastText: '',
      pieces: [],
      paused: false,
    };
    this.queueForRecognizer(this.history.slice(startSample));
  }

  private queueForRecognizer(pcm: Int16Array): void {
    if (!this.open || pcm.length === 0) return;
    // Frames are views into a buffer the next decode may reuse: keep copies.
    this.open.pending.push(pcm.slice());
    this.open.pendingSamples += pcm.length;
  }

  private async recognizePending(open: OpenUtterance): Promise<void> {
    if (open.pendingSamples === 0) return;
    const pcm = concatPcm(open.pending);
    open.pending = [];
    open.pendingSamples = 0;
    open.written.push(pcm);
    await this.stt.write(pcm);
  }

  /**
   * Sends the recognizer's hypothesis (all text of the utterance so far) when it brings new words:
   * one more, or one changed. A hypothesis that only drops its last words is not sent: the decoder
   * takes a word back while its next frames are ambiguous and mostly says it again at the next
   * look, and a client would see the text shrink and grow.
   */
  private async interim(): Promise<void> {
    const open = this.open;
    if (!open) return;
    const partial = open.paused ? '' : (await this.stt.partial()).trim();
    const text = joinText([...open.pieces.map((p) => p.text), partial]);
    if (!bringsNewWords(open.lastText, text) || this.open !== open) return;
    open.lastText = text;
    this.events.interim({
      id: open.id,
      text,
      startMs: samplesToMs(open.startSample),
      endMs: samplesToMs(this.history.position),
    });
  }

  /** Ends the recognizer's utterance at a pause; what follows is held until speech or the endpoint. */
  private async finishPiece(open: OpenUtterance): Promise<void> {
    await this.recognizePending(open);
    open.pieces.push(await this.stt.finalize());
    open.paused = true;
  }

  private async finish(segment: SpeechSegment): Promise<void> {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    // Paused: the words are decoded and what is pending is the silence after them.
    if (!open.paused) {
      await this.recognizePending(open);
      open.pieces.push(await this.stt.finalize());
    }
    const spoken = open.pieces.filter((p) => p.text.trim());
    const text = joinText(spoken.map((p) => p.text));
    const result = {
      confidence: spoken.length ? spoken.reduce((sum, p) => sum + p.confidence, 0) / spoken.length : 0,
      language: open.pieces.at(-1)?.language ?? '',
    };
    // Noise that never produced a word ends silently; an utterance the client saw interims of gets its final.
    if (!text && !open.lastText) return;
    const speaker = text ? this.speakerOf(open, segment) : undefined;
    this.events.final({
      id: open.id,
      text,
      startMs: segment.startMs,
      endMs: segment.endMs,
      ...(speaker !== undefined ? { speaker } : {}),
      confidence: result.confidence,
      language: result.language,
    });
  }

  private speakerOf(open: OpenUtterance, segment: SpeechSegment): string | undefined {
    if (!this.speakers) return undefined;
    const audio = concatPcm(open.written).subarray(0, msToSamples(segment.endMs) - open.startSample);
    // Features cost ~10 ms of CPU per second of audio on the event loop; a few seconds identify a voice.
    const keep = msToSamples(SPEAKER_AUDIO_MS);
    const from = Math.max(0, Math.floor((audio.length - keep) / 2));
    return this.speakers.assign(audio.subarray(from, from + keep));
  }
}

/** Whether `next` has a word `sent` lacks: more words, or a different word at some place. */
export function bringsNewWords(sent: string, next: string): boolean {
  const before = sent.split(' ').filter(Boolean);
  const after = next.split(' ').filter(Boolean);
  return after.length > before.length || after.some((word, i) => word !== before[i]);
}

function joinText(parts: readonly string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
}
