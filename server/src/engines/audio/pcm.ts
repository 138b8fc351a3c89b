// Small conversions between the PCM shapes the engines pass around: Int16Array for 16-bit
// samples (the wire and pocketsphinx format), Float32Array in int16 scale for DSP and RNNoise.

export const STT_SAMPLE_RATE = 16_000;

/** Little-endian s16 bytes → samples. Copies, so an odd byte offset in a pooled Buffer is fine. */
export function pcmFromBytes(bytes: Uint8Array): Int16Array<ArrayBuffer> {
  const samples = new Int16Array(bytes.length >> 1);
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.length * 2));
  return samples;
}

export function pcmToBytes(pcm: Int16Array): Buffer {
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
}

export function int16ToFloat(pcm: Int16Array): Float32Array {
  return Float32Array.from(pcm);
}

export function floatToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.round(samples[i] ?? 0);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}

export function concatPcm(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function samplesToMs(samples: number, sampleRate = STT_SAMPLE_RATE): number {
  return Math.round((samples * 1000) / sampleRate);
}

export function msToSamples(ms: number, sampleRate = STT_SAMPLE_RATE): number {
  return Math.round((ms * sampleRate) / 1000);
}
