// An OGG/Opus file (RFC 7845) from Opus packets: the OpusHead and OpusTags header pages, then the
// audio in pages of up to a second, granule positions counted in 48 kHz samples, the last page's
// granule marking where the audio really ends (the encoder pads the last frame).

/** Opus counts time at 48 kHz whatever the coded rate. */
export const OPUS_GRANULE_RATE = 48_000;
/** Packets per audio page: 50 × 20 ms = 1 s; well under the page's 255 lacing values. */
const PACKETS_PER_PAGE = 50;
/** One logical stream per file; a fixed serial keeps the same input giving the same bytes. */
const SERIAL = 0x5052_4c59;
const VENDOR = 'Parley (libopus via opusscript)';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit++) r = r & 0x8000_0000 ? (r << 1) ^ 0x04c1_1db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's page checksum: CRC-32, polynomial 0x04c11db7, not reflected, initial value 0. */
export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}

const BEGIN = 2;
const END = 4;

function page(packets: readonly Uint8Array[], flags: number, granule: bigint, sequence: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  if (lacing.length > 255) throw new RangeError('too many packets for one Ogg page');
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header.writeUInt8(0, 4); // version
  header.writeUInt8(flags, 5);
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(SERIAL, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt8(lacing.length, 26);
  Buffer.from(lacing).copy(header, 27);
  const bytes = Buffer.concat([header, ...packets]);
  bytes.writeUInt32LE(oggCrc(bytes), 22);
  return bytes;
}

export interface OggOpusStream {
  /** Packets of `frameSamples48k` each (20 ms = 960). */
  packets: readonly Uint8Array[];
  frameSamples48k: number;
  /** Samples (at 48 kHz) the decoder drops from the start: the encoder's lookahead. */
  preSkip: number;
  /** The input's own rate, recorded in OpusHead for players that want to resample back to it. */
  inputSampleRate: number;
  /** The input's length in 48 kHz samples (without the padding of the last frame). */
  samples48k: number;
}

export function writeOggOpus(stream: OggOpusStream): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // channels: mono
  head.writeUInt16LE(stream.preSkip, 10);
  head.writeUInt32LE(stream.inputSampleRate, 12);
  head.writeInt16LE(0, 16); // output gain
  head.writeUInt8(0, 18); // channel mapping family 0: mono or stereo
  const vendor = Buffer.from(VENDOR, 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length); // no user comments

  const pages = [page([head], BEGIN, 0n, 0), page([tags], 0, 0n, 1)];
  const last = Math.max(1, Math.ceil(stream.packets.length / PACKETS_PER_PAGE));
  for (let i = 0; i < last; i++) {
    const chunk = stream.packets.slice(i * PACKETS_PER_PAGE, (i + 1) * PACKETS_PER_PAGE);
    const done = Math.min(stream.packets.length, (i + 1) * PACKETS_PER_PAGE);
    const final = i === last - 1;
    const granule = final
      ? stream.preSkip + stream.samples48k
      : stream.preSkip + done * stream.frameSamples48k;
    pages.push(page(chunk, final ? END : 0, BigInt(granule), i + 2));
  }
  return Buffer.concat(pages);
}
