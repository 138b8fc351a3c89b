import type { Slot, StreamLayout, TtsLayout } from './proto-layout.js';

// The few protobuf messages the load scripts speak, read and written on the wire where the layout
// puts their fields (proto-layout.ts: Parley's schemas/proto or a deployment's PROTO_FILE). Hand-kept
// because k6 cannot run protobufjs; proto-wire.test.ts encodes every case with protobufjs from
// Parley's files and from another layout and checks this module reads and writes the same bytes.

/** A decoded StreamResponse, shaped like the JSON frame it mirrors (stream-server-frame.schema.json). */
export type StreamResponse =
  | { connected: true }
  | { chunk: { id: string; session_id: string; text: string; is_final: boolean; speaker?: string } }
  | { finished: true }
  | { error: { code: string; message: string; close_code: number } }
  | { unknown: true };

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}
  get more(): boolean {
    return this.at < this.bytes.length;
  }
  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new Error('truncated varint');
      const byte = this.bytes[this.at++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  }
  bytesField(): Uint8Array {
    const length = this.varint();
    if (this.at + length > this.bytes.length) throw new Error('truncated field');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }
  skip(wireType: number): void {
    if (wireType === 0) this.varint();
    else if (wireType === 1) this.at += 8;
    else if (wireType === 2) this.bytesField();
    else if (wireType === 5) this.at += 4;
    else throw new Error(`unsupported wire type ${wireType}`);
  }
  /** Calls `field` for every (number, wire type) until the end; it returns false to skip the value. */
  each(field: (number: number, wireType: number) => boolean): void {
    while (this.more) {
      const key = this.varint();
      const number = Math.floor(key / 8);
      const wireType = key & 7;
      if (!field(number, wireType)) this.skip(wireType);
    }
  }
}

/** UTF-8 bytes to a string (k6 has no TextDecoder). */
export function utf8Decode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i++] ?? 0;
    let code = b;
    if (b >= 0xf0)
      code =
        ((b & 0x07) << 18) |
        (((bytes[i++] ?? 0) & 0x3f) << 12) |
        (((bytes[i++] ?? 0) & 0x3f) << 6) |
        ((bytes[i++] ?? 0) & 0x3f);
    else if (b >= 0xe0)
      code = ((b & 0x0f) << 12) | (((bytes[i++] ?? 0) & 0x3f) << 6) | ((bytes[i++] ?? 0) & 0x3f);
    else if (b >= 0xc0) code = ((b & 0x1f) << 6) | ((bytes[i++] ?? 0) & 0x3f);
    out += String.fromCodePoint(code);
  }
  return out;
}

/** A string to UTF-8 bytes (k6 has no TextEncoder). */
export function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else
      out.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
  }
  return Uint8Array.from(out);
}

/** Whether the key (number, wire type) read is `slot`. */
const at = (slot: Slot | undefined, n: number, w: number) =>
  slot !== undefined && slot.number === n && slot.wireType === w;

function decodeChunk(bytes: Uint8Array, f: StreamLayout['chunkFields']) {
  const chunk: { id: string; session_id: string; text: string; is_final: boolean; speaker?: string } = {
    id: '',
    session_id: '',
    text: '',
    is_final: false,
  };
  const r = new Reader(bytes);
  r.each((n, w) => {
    if (at(f.id, n, w)) chunk.id = utf8Decode(r.bytesField());
    else if (at(f.session_id, n, w)) chunk.session_id = utf8Decode(r.bytesField());
    else if (at(f.text, n, w)) chunk.text = utf8Decode(r.bytesField());
    else if (at(f.is_final, n, w)) chunk.is_final = r.varint() !== 0;
    else if (at(f.speaker, n, w)) chunk.speaker = utf8Decode(r.bytesField());
    else return false;
    return true;
  });
  return chunk;
}

function decodeError(bytes: Uint8Array, f: NonNullable<StreamLayout['errorFields']>) {
  const error = { code: '', message: '', close_code: 0 };
  const r = new Reader(bytes);
  r.each((n, w) => {
    if (at(f.code, n, w)) error.code = utf8Decode(r.bytesField());
    else if (at(f.message, n, w)) error.message = utf8Decode(r.bytesField());
    else if (at(f.close_code, n, w)) error.close_code = r.varint();
    else return false;
    return true;
  });
  return error;
}

/** One binary server frame of WS /v1/stt/stream in protobuf mode, in `layout`. */
export function decodeStreamResponse(bytes: Uint8Array, layout: StreamLayout): StreamResponse {
  let frame: StreamResponse = { unknown: true };
  const r = new Reader(bytes);
  r.each((n, w) => {
    if (at(layout.connected, n, w)) frame = r.varint() ? { connected: true } : { unknown: true };
    else if (at(layout.chunk, n, w)) frame = { chunk: decodeChunk(r.bytesField(), layout.chunkFields) };
    else if (at(layout.disconnectReason, n, w))
      frame = r.varint() === layout.sessionEnded ? { finished: true } : { unknown: true };
    else if (at(layout.error, n, w)) frame = { error: decodeError(r.bytesField(), layout.errorFields ?? {}) };
    else return false;
    return true;
  });
  return frame;
}

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

function writeString(out: number[], number: number, text: string): void {
  if (text === '') return; // proto3: an empty string is not written
  const bytes = utf8Encode(text);
  writeVarint(out, number * 8 + 2);
  writeVarint(out, bytes.length);
  for (const b of bytes) out.push(b);
}

/** The body of POST /v1/tts, its fields in number order (as protobufjs writes them). */
export function encodeTtsRequest(
  request: { session_id: string; message_id: string; text: string },
  layout: TtsLayout,
): Uint8Array {
  const out: number[] = [];
  const names = ['session_id', 'message_id', 'text'] as const;
  const order = [...names].sort((a, b) => layout.request[a].number - layout.request[b].number);
  for (const name of order) writeString(out, layout.request[name].number, request[name]);
  return Uint8Array.from(out);
}

export function decodeTtsResponse(
  bytes: Uint8Array,
  layout: TtsLayout,
): { audio_url: string; error: string } {
  const response = { audio_url: '', error: '' };
  const r = new Reader(bytes);
  r.each((n, w) => {
    if (at(layout.response.audio_url, n, w)) response.audio_url = utf8Decode(r.bytesField());
    else if (at(layout.response.error, n, w)) response.error = utf8Decode(r.bytesField());
    else return false;
    return true;
  });
  return response;
}
