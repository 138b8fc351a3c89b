import OpusScript from 'opusscript';
import { beforeAll, describe, expect, it } from 'vitest';
import { AudioDecodeError } from './audio.engine.js';
import { FfmpegAudioEngine } from './ffmpeg-audio.adapter.js';
import { OggPacketReader } from './ogg-packets.js';
import { OpusStreamDecoder } from './opus-stream-decoder.js';
import { concatPcm, pcmToBytes } from './pcm.js';
import { speak } from './test-speech.js';

let speech: Int16Array;
const rms = (x: Int16Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / Math.max(1, x.length));

beforeAll(async () => {
  speech = await speak('I will send the notes after the call.');
});

describe('streaming Opus decoder', () => {
  it('decodes raw Opus packets, one 20 ms frame per message', () => {
    const encoder = new OpusScript(16_000, 1, OpusScript.Application.VOIP);
    const decoder = new OpusStreamDecoder();
    const out: Int16Array[] = [];
    for (let at = 0; at + 320 <= speech.length; at += 320) {
      const packet = encoder.encode(pcmToBytes(speech.slice(at, at + 320)), 320);
      const pcm = decoder.decode(packet);
      expect(pcm.length).toBe(320);
      out.push(pcm);
    }
    encoder.delete();
    decoder.close();
    expect(decoder.mode).toBe('raw');
    const decoded = concatPcm(out);
    expect(Math.abs(20 * Math.log10(rms(decoded) / rms(speech)))).toBeLessThan(2);
  });

  it('decodes an OGG/Opus stream split at arbitrary byte boundaries', async () => {
    const ogg = await new FfmpegAudioEngine().encodeOggOpus(speech, 16_000);
    const decoder = new OpusStreamDecoder();
    const out: Int16Array[] = [];
    // The first message carries at least a page's capture pattern; after that any split goes.
    for (let at = 0, step = 64; at < ogg.length; at += step, step = (step * 7 + 13) % 997) {
      out.push(decoder.decode(ogg.subarray(at, at + step)));
    }
    expect(decoder.mode).toBe('ogg');
    const decoded = concatPcm(out);
    // Pre-skip is removed; the encoder pads the last frame to 20 ms.
    expect(decoded.length - speech.length).toBeGreaterThanOrEqual(0);
    expect(decoded.length - speech.length).toBeLessThan(16 * 25);
    expect(Math.abs(20 * Math.log10(rms(decoded) / rms(speech)))).toBeLessThan(2);
  });

  it('reports a corrupt packet as an AudioDecodeError, not a crash', () => {
    const decoder = new OpusStreamDecoder();
    expect(() => decoder.decode(new Uint8Array(5000).fill(0xff))).toThrow(AudioDecodeError);
  });

  it('refuses an Ogg stream that loses sync', () => {
    const reader = new OggPacketReader();
    const emptyPage = Buffer.alloc(27);
    emptyPage.write('OggS', 0, 'latin1');
    expect(reader.push(emptyPage)).toEqual([]);
    expect(() => reader.push(Buffer.from('garbage that is not a page at all'))).toThrow(AudioDecodeError);
  });
});
