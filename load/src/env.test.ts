import { describe, expect, it } from 'vitest';
import { loadEnv, protoPaths } from './env.js';

// The protobuf layout settings, PROTO_FILE and PROTO_STREAM_MESSAGE, as the kit's --proto flags.

describe('PROTO_FILE and PROTO_STREAM_MESSAGE', () => {
  it("default to Parley's layout (no files) and its stream message", () => {
    const env = loadEnv({});
    expect(env.protoFiles).toEqual([]);
    expect(env.protoStreamMessage).toBe('StreamResponse');
  });

  it('take several files, comma-separated, made absolute against PWD (k6 would read them from load/dist/)', () => {
    const env = loadEnv({
      PROTO_FILE: 'acme/speech.proto, ./tts.proto,/etc/x.proto',
      PWD: '/home/me/',
      PROTO_STREAM_MESSAGE: 'LiveResult',
    });
    expect(env.protoFiles).toEqual(['/home/me/acme/speech.proto', '/home/me/tts.proto', '/etc/x.proto']);
    expect(env.protoStreamMessage).toBe('LiveResult');
    expect(protoPaths('file:///srv/a.proto', undefined)).toEqual(['file:///srv/a.proto']);
  });

  it('refuse a relative path when there is no PWD to read it from', () => {
    expect(() => protoPaths('a.proto', undefined)).toThrow(
      'PROTO_FILE a.proto is relative and PWD is not set: give an absolute path',
    );
  });
});
