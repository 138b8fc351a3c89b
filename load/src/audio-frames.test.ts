import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureFrames, opusPacketMs, PCM16_FRAME_BYTES, pcm16Frames, wavPcm16 } from './audio-frames.js';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/audio/${path}`, import.meta.url));
const manifest = JSON.parse(
  readFileSync(new URL('../../fixtures/audio/manifest.json', import.meta.url), 'utf8'),
) as {
  files: { path: string; duration_s: number; bytes: number }[];
};
const entry = (path: string) => manifest.files.find((f) => f.path === path);

describe('pcm16 frames', () => {
  it('cuts a streaming WAV into 640-byte frames 20 ms apart covering every sample', () => {
    const frames = pcm16Frames(fixture('en/rms-01.wav'));
    expect(frames.ranges[0]).toEqual([0, PCM16_FRAME_BYTES]);
    expect(frames.offsetsMs.slice(0, 3)).toEqual([0, 20, 40]);
    expect(frames.buffer.byteLength).toBe((entry('en/rms-01.wav')?.bytes ?? 0) - 44);
    expect(frames.durationMs).toBeCloseTo((entry('en/rms-01.wav')?.duration_s ?? 0) * 1000, 0);
    expect(frames.ranges.at(-1)?.[1]).toBe(frames.buffer.byteLength);
  });

  it('refuses audio it cannot stream as pcm16', () => {
    expect(() => wavPcm16(fixture('formats/speech.flac'))).toThrow(/RIFF/);
    const stereo = Buffer.from(fixture('en/rms-01.wav'));
    stereo.writeUInt16LE(2, 22);
    expect(() => wavPcm16(stereo)).toThrow(/16 kHz mono PCM16/);
    expect(() => fixtureFrames('x.mp3', new Uint8Array(4))).toThrow(/\.wav .* \.ogg/);
  });
});

describe('Opus frames', () => {
  it('sends one Opus packet per message, headers left out, lasting as long as the file', () => {
    const frames = fixtureFrames('formats/speech.ogg', fixture('formats/speech.ogg'));
    expect(frames.encoding).toBe('opus');
    expect(frames.ranges.length).toBeGreaterThan(50);
    const first = new Uint8Array(frames.buffer, ...(frames.ranges[0] ?? [0, 0]));
    expect(String.fromCharCode(...first.subarray(0, 8))).not.toBe('OpusHead');
    // The last Ogg page trims the final packet's padding: within one 20 ms packet of the decoded length.
    expect(
      Math.abs(frames.durationMs - (entry('formats/speech.ogg')?.duration_s ?? 0) * 1000),
    ).toBeLessThanOrEqual(40);
  });

  it('reads packet durations from the TOC byte (RFC 6716 3.1)', () => {
    expect(opusPacketMs(Uint8Array.from([(9 << 3) | 0]))).toBe(20); // SILK WB 20 ms, one frame
    expect(opusPacketMs(Uint8Array.from([(31 << 3) | 1]))).toBe(40); // CELT FB 20 ms, two frames
    expect(opusPacketMs(Uint8Array.from([(16 << 3) | 3, 3]))).toBe(7.5); // CELT NB 2.5 ms, three frames
  });
});
