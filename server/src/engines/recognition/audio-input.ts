import { OpusStreamDecoder } from '../audio/opus-stream-decoder.js';
import { pcmFromBytes } from '../audio/pcm.js';
import type { OpusDecoderLike, StreamEncoding } from '../stt/live-stt.contract.js';

// Client audio frames → 16 kHz mono PCM. pcm16 frames may have any length, odd ones included: a
// sample split across two frames is joined again. Opus frames go to the streaming decoder, which
// tells raw packets from an OGG/Opus container by the first frame.

export interface AudioInput {
  decode(frame: Uint8Array): Int16Array;
  close(): void;
}

export function createAudioInput(
  encoding: StreamEncoding,
  createOpusDecoder: () => OpusDecoderLike = () => new OpusStreamDecoder(),
): AudioInput {
  return encoding === 'opus' ? createOpusDecoder() : new Pcm16Input();
}

class Pcm16Input implements AudioInput {
  /** The first byte of a sample whose second byte has not arrived yet. */
  private carry: Uint8Array | undefined;

  decode(frame: Uint8Array): Int16Array {
    if (frame.length === 0) return new Int16Array(0);
    const input = this.carry ? Buffer.concat([this.carry, frame]) : frame;
    this.carry = input.length % 2 === 1 ? input.slice(-1) : undefined;
    return pcmFromBytes(input);
  }

  close(): void {
    this.carry = undefined;
  }
}
