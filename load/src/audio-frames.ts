// Audio fixtures cut into the frames a live client sends: pcm16 WAV into 640-byte (20 ms) frames,
// Ogg/Opus into one Opus packet per message. Frames are byte ranges of one shared buffer so a k6
// VU can send a fresh `slice()` of each (k6 does not copy what it sends).

export const PCM16_FRAME_BYTES = 640;
const PCM16_BYTES_PER_MS = 32; // 16 kHz, mono, 2 bytes a sample

export interface FrameSet {
  encoding: 'pcm16' | 'opus';
  buffer: ArrayBuffer;
  /** [start, end) byte ranges of `buffer`, one per message. */
  ranges: Array<[number, number]>;
  /** When each frame starts, in ms of audio. */
  offsetsMs: number[];
  durationMs: number;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The PCM of a 16 kHz mono 16-bit WAV (chunks walked, so a non-canonical header works too). */
export function wavPcm16(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let format: { tag: number; channels: number; rate: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      format = {
        tag: view.getUint16(at + 8, true),
        channels: view.getUint16(at + 10, true),
        rate: view.getUint32(at + 12, true),
        bits: view.getUint16(at + 22, true),
      };
    } else if (id === 'data') {
      if (format?.tag !== 1 || format.channels !== 1 || format.rate !== 16_000 || format.bits !== 16) {
        throw new Error(`WAV must be 16 kHz mono PCM16 for pcm16 streaming, got ${JSON.stringify(format)}`);
      }
      return bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + size));
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** pcm16 frames of `frameBytes` (the last one may be shorter). */
export function pcm16Frames(wav: Uint8Array, frameBytes = PCM16_FRAME_BYTES): FrameSet {
  const pcm = wavPcm16(wav);
  // A copy into a buffer of its own (a Node Buffer's `.buffer` may be a shared pool).
  const copy = new Uint8Array(pcm.length);
  copy.set(pcm);
  const buffer = copy.buffer;
  const ranges: Array<[number, number]> = [];
  const offsetsMs: number[] = [];
  for (let at = 0; at < pcm.length; at += frameBytes) {
    ranges.push([at, Math.min(pcm.length, at + frameBytes)]);
    offsetsMs.push(at / PCM16_BYTES_PER_MS);
  }
  return { encoding: 'pcm16', buffer, ranges, offsetsMs, durationMs: pcm.length / PCM16_BYTES_PER_MS };
}

/** Packets of the first logical stream of an Ogg file, reassembled across pages (RFC 3533). */
export function oggPackets(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packets: Uint8Array[] = [];
  let partial: number[] = [];
  let serial: number | undefined;
  for (let at = 0; at < bytes.length; ) {
    if (bytes.length - at < 27 || ascii(bytes, at, 4) !== 'OggS')
      throw new Error(`Ogg page expected at byte ${at}`);
    const segments = bytes[at + 26] ?? 0;
    const table = bytes.subarray(at + 27, at + 27 + segments);
    let offset = at + 27 + segments;
    const pageSerial = view.getUint32(at + 14, true);
    serial ??= pageSerial;
    for (const lacing of table) {
      if (pageSerial === serial) {
        for (let i = offset; i < offset + lacing; i++) partial.push(bytes[i] ?? 0);
        if (lacing < 255) {
          packets.push(Uint8Array.from(partial));
          partial = [];
        }
      }
      offset += lacing;
    }
    at = offset;
  }
  return packets;
}

/** Duration of one Opus packet from its TOC byte (RFC 6716 section 3.1), in ms. */
export function opusPacketMs(packet: Uint8Array): number {
  const toc = packet[0] ?? 0;
  const config = toc >> 3;
  const frameMs =
    config < 12
      ? [10, 20, 40, 60][config & 3]
      : config < 16
        ? [10, 20][config & 1]
        : [2.5, 5, 10, 20][config & 3];
  const code = toc & 3;
  const count = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  return (frameMs ?? 20) * count;
}

/** One Opus packet per message, skipping the OpusHead and OpusTags header packets. */
export function opusFrames(ogg: Uint8Array): FrameSet {
  const packets = oggPackets(ogg).filter((p) => {
    const magic = ascii(p, 0, 8);
    return magic !== 'OpusHead' && magic !== 'OpusTags';
  });
  const total = packets.reduce((n, p) => n + p.length, 0);
  const joined = new Uint8Array(total);
  const ranges: Array<[number, number]> = [];
  const offsetsMs: number[] = [];
  let at = 0;
  let ms = 0;
  for (const packet of packets) {
    joined.set(packet, at);
    ranges.push([at, at + packet.length]);
    offsetsMs.push(ms);
    at += packet.length;
    ms += opusPacketMs(packet);
  }
  return { encoding: 'opus', buffer: joined.buffer, ranges, offsetsMs, durationMs: ms };
}

/** Frames of a fixture by its format: `.wav` as pcm16, `.ogg` as Opus packets. */
export function fixtureFrames(path: string, bytes: Uint8Array): FrameSet {
  if (path.endsWith('.wav')) return pcm16Frames(bytes);
  if (path.endsWith('.ogg') || path.endsWith('.opus')) return opusFrames(bytes);
  throw new Error(`fixture ${path}: streaming needs a .wav (pcm16) or .ogg (Opus) file`);
}
