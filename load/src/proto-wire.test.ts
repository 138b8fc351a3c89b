import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeStreamResponse,
  decodeTtsResponse,
  encodeTtsRequest,
  utf8Decode,
  utf8Encode,
} from './proto-wire.js';

// The hand-kept field numbers against the reference .proto files, through protobufjs.

const proto = (name: string) =>
  fileURLToPath(new URL(`../../schemas/proto/parley/v1/${name}`, import.meta.url));
let root: protobuf.Root;

beforeAll(async () => {
  root = await new protobuf.Root().load([proto('stream.proto'), proto('tts.proto')], { keepCase: true });
});

function encode(type: string, value: Record<string, unknown>): Uint8Array {
  const message = root.lookupType(type);
  return message.encode(message.fromObject(value)).finish();
}

describe('StreamResponse', () => {
  it('reads every frame protobufjs writes from stream.proto', () => {
    const chunk = { id: 'utt_1', session_id: 'sess_ü', text: 'Grüße, 你好 🙂', is_final: true, speaker: '1' };
    expect(decodeStreamResponse(encode('parley.v1.StreamResponse', { connected: true }))).toEqual({
      connected: true,
    });
    expect(decodeStreamResponse(encode('parley.v1.StreamResponse', { chunk }))).toEqual({ chunk });
    const interim = { id: 'utt_2', session_id: 's', text: 'hello', is_final: false };
    expect(decodeStreamResponse(encode('parley.v1.StreamResponse', { chunk: interim }))).toEqual({
      chunk: interim,
    });
    expect(
      decodeStreamResponse(encode('parley.v1.StreamResponse', { disconnect_reason: 'SESSION_ENDED' })),
    ).toEqual({
      finished: true,
    });
    const error = { code: 'IDLE_TIMEOUT', message: 'no audio for 30 s', close_code: 4408 };
    expect(decodeStreamResponse(encode('parley.v1.StreamResponse', { error }))).toEqual({ error });
  });

  it('calls an empty or unspecified frame unknown and rejects a truncated one', () => {
    expect(decodeStreamResponse(new Uint8Array(0))).toEqual({ unknown: true });
    expect(decodeStreamResponse(Uint8Array.from([0x18, 0x00]))).toEqual({ unknown: true });
    expect(() => decodeStreamResponse(Uint8Array.from([0x12, 0x05, 0x0a]))).toThrow(/truncated/);
  });
});

describe('SessionTTSRequest and SessionTTSResponse', () => {
  it('writes the bytes protobufjs writes and reads its responses', () => {
    const request = { session_id: 'sess_1', message_id: 'msg_1', text: 'Guten Morgen, señor.' };
    expect([...encodeTtsRequest(request)]).toEqual([...encode('parley.v1.SessionTTSRequest', request)]);
    const response = { audio_url: 'http://x/files/a.ogg?sig=1', error: '' };
    expect(decodeTtsResponse(encode('parley.v1.SessionTTSResponse', response))).toEqual(response);
    expect(
      decodeTtsResponse(encode('parley.v1.SessionTTSResponse', { error: 'TTS generation failed' })),
    ).toEqual({
      audio_url: '',
      error: 'TTS generation failed',
    });
  });

  it('round-trips UTF-8 like TextEncoder does', () => {
    const text = 'aé€😀';
    expect([...utf8Encode(text)]).toEqual([...new TextEncoder().encode(text)]);
    expect(utf8Decode(new TextEncoder().encode(text))).toBe(text);
  });
});
