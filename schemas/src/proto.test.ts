import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STREAM_SESSION_ENDED } from './constants.js';
import type { StreamServerFrame } from './generated/types.js';
import {
  DisconnectReason,
  decodeMessage,
  decodeStreamFrame,
  decodeSttRequest,
  decodeTtsRequest,
  decodeTtsResponse,
  encodeMessage,
  encodeStreamFrame,
  encodeSttRequest,
  encodeTtsRequest,
  encodeTtsResponse,
  loadProtoRoot,
  ProtoDecodeError,
  ProtoEncodeError,
  SessionTTSRequest,
  StreamConfigMessage,
  StreamResponse,
} from './proto.js';

// 'n' (0x6e) is field 13 with wire type 6, which does not exist: no message decodes it.
const garbage = new TextEncoder().encode('not protobuf at all');

describe('proto loading', () => {
  it('keeps the snake_case field names and the reference field numbers', () => {
    expect(SessionTTSRequest.fields.session_id?.id).toBe(1);
    expect(SessionTTSRequest.fields.message_id?.id).toBe(2);
    expect(SessionTTSRequest.fields.text?.id).toBe(3);
    expect(StreamResponse.oneofs.frame?.fieldsArray.map((f) => [f.name, f.id])).toEqual([
      ['connected', 1],
      ['chunk', 2],
      ['disconnect_reason', 3],
      ['error', 4],
    ]);
    expect(DisconnectReason.values[STREAM_SESSION_ENDED]).toBe(1);
  });

  it("loads a deployment's own layout under the same message names", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'parley-proto-')), 'tts.proto');
    writeFileSync(
      file,
      'syntax = "proto3"; package parley.v1; message SessionTTSRequest { string text = 1; string session_id = 7; }',
    );
    const theirs = loadProtoRoot([file]).lookupType('parley.v1.SessionTTSRequest');
    expect(theirs.fields.session_id?.id).toBe(7);
    const bytes = encodeMessage(theirs, { session_id: 's', text: 't' });
    // Read with our layout, their bytes mean something else: why the kit takes their .proto.
    expect(decodeTtsRequest(bytes)).toEqual({ session_id: 't', message_id: '', text: '' });
  });
});

describe('text-to-speech messages', () => {
  it('round-trips a request and a response', () => {
    const req = { session_id: 'sess_1', message_id: 'msg_1', text: 'Guten Morgen' };
    expect(decodeTtsRequest(encodeTtsRequest(req))).toEqual(req);
    const ok = { audio_url: 'https://files.example.com/a.ogg?sig=x', error: '' };
    expect(decodeTtsResponse(encodeTtsResponse(ok))).toEqual(ok);
    const failed = { audio_url: '', error: 'TTS generation failed' };
    expect(decodeTtsResponse(encodeTtsResponse(failed))).toEqual(failed);
  });

  it('gives empty strings for missing request fields so the 400 check can see them', () => {
    const bytes = encodeMessage(SessionTTSRequest, { text: 'hello' });
    expect(decodeTtsRequest(bytes)).toEqual({ session_id: '', message_id: '', text: 'hello' });
  });

  it('rejects garbage bytes with the message name in the error', () => {
    expect(() => decodeTtsRequest(garbage)).toThrow(ProtoDecodeError);
    expect(() => decodeTtsRequest(garbage)).toThrow(/^Invalid SessionTTSRequest protobuf: /);
  });

  it('refuses to encode a field of the wrong type', () => {
    expect(() => encodeMessage(SessionTTSRequest, { text: 42 })).toThrow(ProtoEncodeError);
  });
});

describe('file speech-to-text request', () => {
  it('round-trips into the JSON body shape, keeping an explicit false', () => {
    const body = {
      audio_url: 'https://files.example.com/a.wav',
      session_id: 'sess_1',
      enable_diarization: false,
      language_hints: ['en', 'de'],
      context_keywords: 'Parley, OKR',
    };
    expect(decodeSttRequest(encodeSttRequest(body))).toEqual({ ...body, context_keywords: ['Parley, OKR'] });
  });

  it('leaves unset fields out so JSON defaults apply', () => {
    expect(decodeSttRequest(encodeSttRequest({ audio_url: 'https://a.example/x.wav' }))).toEqual({
      audio_url: 'https://a.example/x.wav',
    });
    expect(decodeSttRequest(new Uint8Array())).toEqual({});
  });

  it('rejects a truncated body', () => {
    const bytes = encodeSttRequest({ audio_url: 'https://a.example/x.wav' });
    expect(() => decodeSttRequest(bytes.subarray(0, bytes.length - 3))).toThrow(
      /^Invalid SttRequest protobuf/,
    );
  });
});

describe('stream frames', () => {
  const frames: StreamServerFrame[] = [
    { connected: true },
    { chunk: { id: 'utt_1', session_id: 'sess_1', text: 'good morning', is_final: false } },
    { chunk: { id: 'utt_1', session_id: 'sess_1', text: 'Good morning.', is_final: true, speaker: '0' } },
    { chunk: { id: 'utt_2', session_id: 'sess_1', text: '', is_final: true } },
    { finished: true },
    { error: { code: 'IDLE_TIMEOUT', message: 'No audio for 30 s', close_code: 4408 } },
    { error: { code: 'INTERNAL', message: 'boom' } },
  ];

  it.each(frames)('round-trips %j', (frame) => {
    expect(decodeStreamFrame(encodeStreamFrame(frame))).toEqual(frame);
  });

  it('writes the terminal frame as disconnect_reason=SESSION_ENDED', () => {
    const raw = decodeMessage(StreamResponse, encodeStreamFrame({ finished: true }));
    expect(raw.frame).toBe('disconnect_reason');
    expect(raw.disconnect_reason).toBe('SESSION_ENDED');
    // Field 3, varint, value 1: the reference layout other implementations can compare against.
    expect([...encodeStreamFrame({ finished: true })]).toEqual([0x18, 0x01]);
  });

  it('keeps speaker "0" distinct from no speaker', () => {
    const bytes = encodeStreamFrame({
      chunk: { id: 'u', session_id: 's', text: 't', is_final: true, speaker: '0' },
    });
    expect(decodeStreamFrame(bytes)).toMatchObject({ chunk: { speaker: '0' } });
  });

  it('rejects garbage, an empty message and an unknown disconnect reason', () => {
    expect(() => decodeStreamFrame(garbage)).toThrow(/^Invalid StreamResponse protobuf: /);
    expect(() => decodeStreamFrame(new Uint8Array())).toThrow('no frame member is set');
    const unspecified = encodeMessage(StreamResponse, { disconnect_reason: 0 });
    expect(() => decodeStreamFrame(unspecified)).toThrow(/unknown disconnect_reason/);
  });
});

describe('stream config message', () => {
  it('round-trips, including the meeting_id extension', () => {
    const config = {
      encoding: 'opus',
      session_id: 'sess_1',
      language_hints: ['en'],
      enable_diarization: true,
      context_keywords: [],
      meeting_id: 'mtg_1',
    };
    expect(decodeMessage(StreamConfigMessage, encodeMessage(StreamConfigMessage, config))).toMatchObject(
      config,
    );
  });
});
