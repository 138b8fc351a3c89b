import OpusScript from 'opusscript';
import { AudioDecodeError } from './audio.engine.js';
import { looksLikeOgg, OggPacketReader } from './ogg-packets.js';
import { concatPcm, STT_SAMPLE_RATE } from './pcm.js';

// Live-stream Opus (`encoding: opus`): each WebSocket message is either one raw Opus packet or
// (a piece of) an OGG/Opus stream; the first message decides which. libopus (WASM, opusscript)
// decodes straight to 16 kHz, so no resampling is needed and a packet costs well under a millisecond.

const OPUS_HEAD = 'OpusHead';
const OPUS_TAGS = 'OpusTags';
const OPUS_RATE = 48_000;

export type OpusContainer = 'ogg' | 'raw';

export class OpusStreamDecoder {
  private container: OpusContainer | undefined;
  private decoder: OpusScript | undefined;
  private channels = 1;
  private ogg: OggPacketReader | undefined;
  /** 16 kHz samples still to drop from the start (the encoder's pre-skip). */
  private skip = 0;
  private closed = false;

  get mode(): OpusContainer | undefined {
    return this.container;
  }

  /** Decodes one message to 16 kHz mono PCM (possibly empty while Ogg headers arrive). */
  decode(message: Uint8Array): Int16Array {
    if (this.closed) throw new Error('Opus decoder is closed');
    if (message.length === 0) return new Int16Array(0);
    if (!this.container) {
      this.container = looksLikeOgg(message) ? 'ogg' : 'raw';
      if (this.container === 'ogg') this.ogg = new OggPacketReader();
      else this.open(1);
    }
    if (!this.ogg) return this.decodePacket(message);
    const parts = this.ogg.push(message).map((packet) => this.oggPacket(packet));
    return parts.length === 1 && parts[0] ? parts[0] : concatPcm(parts);
  }

  close(): void {
    this.closed = true;
    this.decoder?.delete();
    this.decoder = undefined;
  }

  private open(channels: number): void {
    this.channels = channels;
    this.decoder = new OpusScript(STT_SAMPLE_RATE, channels, OpusScript.Application.VOIP);
  }

  private oggPacket(packet: Uint8Array): Int16Array {
    const magic = Buffer.from(packet.subarray(0, 8)).toString('latin1');
    if (magic === OPUS_HEAD) {
      const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
      const channels = view.getUint8(9);
      if (channels < 1 || channels > 2)
        throw new AudioDecodeError(`Unsupported Opus channel count ${channels}`);
      this.decoder?.delete();
      this.open(channels);
      this.skip = Math.ceil((view.getUint16(10, true) * STT_SAMPLE_RATE) / OPUS_RATE);
      return new Int16Array(0);
    }
    if (magic === OPUS_TAGS) return new Int16Array(0);
    if (!this.decoder) throw new AudioDecodeError('Ogg stream does not start with an OpusHead packet');
    const pcm = this.decodePacket(packet);
    if (this.skip === 0) return pcm;
    const dropped = Math.min(this.skip, pcm.length);
    this.skip -= dropped;
    return pcm.subarray(dropped);
  }

  private decodePacket(packet: Uint8Array): Int16Array {
    if (!this.decoder) throw new AudioDecodeError('Opus decoder not initialised');
    let bytes: Buffer;
    try {
      bytes = this.decoder.decode(Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength));
    } catch (error) {
      throw new AudioDecodeError(`Invalid Opus packet (${packet.length} bytes)`, { cause: error });
    }
    const interleaved = new Int16Array(bytes.length >> 1);
    new Uint8Array(interleaved.buffer).set(bytes.subarray(0, interleaved.length * 2));
    if (this.channels === 1) return interleaved;
    const mono = new Int16Array(interleaved.length / 2);
    for (let i = 0; i < mono.length; i++)
      mono[i] = ((interleaved[2 * i] ?? 0) + (interleaved[2 * i + 1] ?? 0)) >> 1;
    return mono;
  }
}
