import { join } from 'node:path';
import { OTHER_LAYOUT } from '@parley/conformance/testing/variants';
import { PROTO_FILES } from '@parley/schemas/constants';
import { protoDir } from '@parley/schemas/paths';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { readProtoSource } from '../probe/proto-files.js';
import { protoSource, streamLayout, ttsLayout } from './proto-layout.js';
import {
  decodeStreamResponse,
  decodeTtsResponse,
  encodeTtsRequest,
  type StreamResponse,
  utf8Decode,
  utf8Encode,
} from './proto-wire.js';
import { parseServerFrame } from './server-frames.js';

// The wire reader and writer against protobufjs, in Parley's layout and in another one (other
// package, field numbers, stream message and enum numbering): frames protobufjs encodes from each
// layout's .proto decode to the same session events, and TTS bodies are the bytes protobufjs writes.

const LAYOUTS = [
  { label: "Parley's", files: PROTO_FILES.map((f) => join(protoDir, f)), stream: 'StreamResponse' },
  { label: 'other-layout.proto', files: [OTHER_LAYOUT], stream: 'LiveResult' },
] as const;

function protobufjsRoot(files: readonly string[]) {
  const root = new protobuf.Root();
  root.loadSync([...files], { keepCase: true });
  return root;
}

/** The type named `name` (simple) in `root`, as the layouts name them. */
function typeNamed(root: protobuf.Root, name: string): protobuf.Type {
  let found: protobuf.Type | undefined;
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Type && nested.name === name) found = nested;
      if (nested instanceof protobuf.Namespace) walk(nested);
    }
  };
  walk(root);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

const chunk = { id: 'utt_1', session_id: 'sess_ü', text: 'Grüße, 你好 🙂', is_final: true, speaker: '1' };
const interim = { id: 'utt_2', session_id: 's', text: 'hello', is_final: false };
/** A session's frames as JSON objects, and the events they are. */
const SESSION: [Record<string, unknown>, StreamResponse][] = [
  [{ connected: true }, { connected: true }],
  [{ chunk: interim }, { chunk: interim }],
  [{ chunk }, { chunk }],
  [{ disconnect_reason: 'SESSION_ENDED' }, { finished: true }],
];

describe('stream frames in each layout', () => {
  for (const layout of LAYOUTS) {
    const source = readProtoSource(layout.files);
    const wire = streamLayout(source, layout.stream);
    const type = typeNamed(protobufjsRoot(layout.files), layout.stream);
    const encode = (value: Record<string, unknown>) => type.encode(type.fromObject(value)).finish();

    it(`reads every frame protobufjs writes from ${layout.label}`, () => {
      for (const [value, event] of SESSION) expect(decodeStreamResponse(encode(value), wire)).toEqual(event);
      expect(parseServerFrame(encode({ connected: true }), wire)).toEqual({ connected: true });
    });

    it(`calls an empty, unspecified or foreign frame unknown in ${layout.label}`, () => {
      expect(decodeStreamResponse(new Uint8Array(0), wire)).toEqual({ unknown: true });
      expect(decodeStreamResponse(encode({ disconnect_reason: 0 }), wire)).toEqual({ unknown: true });
      // Without a layout (JSON mode) a binary frame is not one the session knows.
      expect(parseServerFrame(encode({ connected: true }))).toEqual({ unknown: true });
    });
  }

  it('reads the same session events from both layouts, where the field numbers differ', () => {
    const events = LAYOUTS.map((layout) => {
      const wire = streamLayout(readProtoSource(layout.files), layout.stream);
      const type = typeNamed(protobufjsRoot(layout.files), layout.stream);
      return SESSION.map(([value]) =>
        decodeStreamResponse(type.encode(type.fromObject(value)).finish(), wire),
      );
    });
    expect(events[1]).toEqual(events[0]);
    const [parley, other] = LAYOUTS.map((l) => streamLayout(readProtoSource(l.files), l.stream));
    expect(other?.chunk.number).not.toBe(parley?.chunk.number);
    expect(other?.sessionEnded).not.toBe(parley?.sessionEnded);
  });

  it("reads Parley's error frame (a layout without one has no such field)", () => {
    const wire = streamLayout(readProtoSource(LAYOUTS[0].files));
    const type = typeNamed(protobufjsRoot(LAYOUTS[0].files), 'StreamResponse');
    const error = { code: 'IDLE_TIMEOUT', message: 'no audio for 30 s', close_code: 4408 };
    expect(decodeStreamResponse(type.encode(type.fromObject({ error })).finish(), wire)).toEqual({ error });
    expect(streamLayout(readProtoSource([OTHER_LAYOUT]), 'LiveResult').error).toBeUndefined();
    expect(() => decodeStreamResponse(Uint8Array.from([0x12, 0x05, 0x0a]), wire)).toThrow(/truncated/);
  });

  it('refuses a layout without the spec names, saying which and where', () => {
    const source = readProtoSource([OTHER_LAYOUT]);
    expect(() => streamLayout(source)).toThrow(`no protobuf message StreamResponse in ${OTHER_LAYOUT}`);
    expect(() => streamLayout(source, 'Piece')).toThrow(/acme\.speech\.v2\.Piece has no field connected/);
    const inline = (body: string) =>
      protoSource([{ name: 'acme.proto', text: `syntax = "proto3"; package a; ${body}` }]);
    const frame = (reason: string, piece: string) =>
      inline(`enum R { ${reason} } message P { ${piece} }
        message F { bool connected = 1; P chunk = 2; R disconnect_reason = 3; }`);
    expect(() =>
      streamLayout(frame('NONE = 0;', 'string id = 1; string text = 2; bool is_final = 3;'), 'F'),
    ).toThrow('a.R (disconnect_reason) has no value SESSION_ENDED');
    expect(() =>
      streamLayout(frame('SESSION_ENDED = 0;', 'string id = 1; string text = 2; string is_final = 3;'), 'F'),
    ).toThrow('a.P.is_final is string; the load scripts read it as bool');
    expect(() => streamLayout(frame('SESSION_ENDED = 0;', 'string id = 1; bool is_final = 3;'), 'F')).toThrow(
      "a.P has no field text (the spec's chunk: id, session_id, text, is_final, speaker)",
    );
    expect(() =>
      ttsLayout(inline('message SessionTTSRequest { string text = 1; } message SessionTTSResponse {}')),
    ).toThrow("a.SessionTTSRequest has no field session_id (the spec's session_id, message_id, text)");
  });
});

describe('SessionTTSRequest and SessionTTSResponse in each layout', () => {
  for (const layout of LAYOUTS) {
    it(`writes the bytes protobufjs writes and reads its responses (${layout.label})`, () => {
      const wire = ttsLayout(readProtoSource(layout.files));
      const root = protobufjsRoot(layout.files);
      const encode = (name: string, value: Record<string, unknown>) => {
        const type = typeNamed(root, name);
        return type.encode(type.fromObject(value)).finish();
      };
      const request = { session_id: 'sess_1', message_id: 'msg_1', text: 'Guten Morgen, señor.' };
      expect([...encodeTtsRequest(request, wire)]).toEqual([...encode('SessionTTSRequest', request)]);
      const response = { audio_url: 'http://x/files/a.ogg?sig=1', error: '' };
      expect(decodeTtsResponse(encode('SessionTTSResponse', response), wire)).toEqual(response);
      expect(
        decodeTtsResponse(encode('SessionTTSResponse', { error: 'TTS generation failed' }), wire),
      ).toEqual({
        audio_url: '',
        error: 'TTS generation failed',
      });
    });
  }

  it('round-trips UTF-8 like TextEncoder does', () => {
    const text = 'aé€😀';
    expect([...utf8Encode(text)]).toEqual([...new TextEncoder().encode(text)]);
    expect(utf8Decode(new TextEncoder().encode(text))).toBe(text);
  });
});
