import { AudioDecodeError } from './audio.engine.js';

// Reassembles Ogg packets from bytes that arrive in arbitrary pieces (a WebSocket message may
// hold one page, several, or part of one). Only the first logical stream is kept: a live
// Opus stream has exactly one.

const CAPTURE = 0x4f676753; // "OggS"
const HEADER_BYTES = 27;

export function looksLikeOgg(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x4f && bytes[1] === 0x67 && bytes[2] === 0x67 && bytes[3] === 0x53
  );
}

export class OggPacketReader {
  private pending: Uint8Array = new Uint8Array(0);
  private partial: Uint8Array[] = [];
  private serial: number | undefined;

  /** Feeds bytes; returns every packet completed by them, in order. */
  push(bytes: Uint8Array): Uint8Array[] {
    this.pending = this.pending.length === 0 ? bytes : concat([this.pending, bytes]);
    const packets: Uint8Array[] = [];
    let at = 0;
    while (this.pending.length - at >= HEADER_BYTES) {
      const view = new DataView(this.pending.buffer, this.pending.byteOffset + at);
      if (view.getUint32(0) !== CAPTURE)
        throw new AudioDecodeError('Ogg stream out of sync: missing page capture');
      const segments = view.getUint8(26);
      if (this.pending.length - at < HEADER_BYTES + segments) break;
      const table = this.pending.subarray(at + HEADER_BYTES, at + HEADER_BYTES + segments);
      const bodyLength = table.reduce((n, v) => n + v, 0);
      const pageLength = HEADER_BYTES + segments + bodyLength;
      if (this.pending.length - at < pageLength) break;
      const serial = view.getUint32(14, true);
      this.serial ??= serial;
      if (serial === this.serial) {
        const continued = (view.getUint8(5) & 1) === 1;
        if (!continued) this.partial = [];
        let offset = at + HEADER_BYTES + segments;
        let start = offset;
        for (const lacing of table) {
          offset += lacing;
          if (lacing < 255) {
            this.partial.push(this.pending.subarray(start, offset));
            packets.push(concat(this.partial));
            this.partial = [];
            start = offset;
          }
        }
        if (start < offset) this.partial.push(this.pending.slice(start, offset));
      }
      at += pageLength;
    }
    this.pending = this.pending.slice(at);
    return packets;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0].slice();
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
