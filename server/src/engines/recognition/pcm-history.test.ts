import { describe, expect, it } from 'vitest';
import { createAudioInput } from './audio-input.js';
import { PcmHistory } from './pcm-history.js';

const ramp = (from: number, length: number) => Int16Array.from({ length }, (_, i) => from + i);

describe('PCM history', () => {
  it('returns samples by absolute position across the ring boundary', () => {
    const history = new PcmHistory(10);
    history.append(ramp(0, 7));
    history.append(ramp(7, 7));
    expect(history.position).toBe(14);
    expect([...history.slice(5, 12)]).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect([...history.slice(12)]).toEqual([12, 13]);
  });

  it('gives only what it still holds when asked for older audio', () => {
    const history = new PcmHistory(4);
    history.append(ramp(0, 25));
    expect([...history.slice(0, 25)]).toEqual([21, 22, 23, 24]);
    expect(history.slice(30).length).toBe(0);
  });
});

describe('pcm16 audio input', () => {
  it('joins a sample split across frames of odd length', () => {
    const samples = Int16Array.from([1, -2, 300, -32768, 32767, 12345]);
    const bytes = new Uint8Array(samples.buffer);
    const input = createAudioInput('pcm16');
    const parts = [bytes.subarray(0, 3), bytes.subarray(3, 4), bytes.subarray(4, 9), bytes.subarray(9)];
    const decoded = parts.flatMap((part) => [...input.decode(part)]);
    expect(decoded).toEqual([...samples]);
  });
});
