// In-place iterative radix-2 FFT on separate real and imaginary arrays (length a power of two).

/**
 * cos and sin of −2πk/n for k < n/2, per length: every stage of size s reads every (n/s)-th entry.
 * Computing them in the butterfly loop made trigonometry most of the diarization's feature time.
 */
const twiddles = new Map<number, { cos: Float64Array; sin: Float64Array }>();

function twiddlesFor(n: number): { cos: Float64Array; sin: Float64Array } {
  let table = twiddles.get(n);
  if (!table) {
    const cos = new Float64Array(n >> 1);
    const sin = new Float64Array(n >> 1);
    for (let k = 0; k < n >> 1; k++) {
      cos[k] = Math.cos((-2 * Math.PI * k) / n);
      sin[k] = Math.sin((-2 * Math.PI * k) / n);
    }
    table = { cos, sin };
    twiddles.set(n, table);
  }
  return table;
}

export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  if (n & (n - 1)) throw new RangeError(`FFT length ${n} is not a power of two`);
  const table = twiddlesFor(n);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
      [im[i], im[j]] = [im[j] ?? 0, im[i] ?? 0];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = table.cos[k * stride] ?? 1;
        const wi = table.sin[k * stride] ?? 0;
        const a = start + k;
        const b = a + half;
        const br = re[b] ?? 0;
        const bi = im[b] ?? 0;
        const tr = br * wr - bi * wi;
        const ti = br * wi + bi * wr;
        re[b] = (re[a] ?? 0) - tr;
        im[b] = (im[a] ?? 0) - ti;
        re[a] = (re[a] ?? 0) + tr;
        im[a] = (im[a] ?? 0) + ti;
      }
    }
  }
}

/** |X[k]|² for k = 0..n/2 of a real signal zero-padded to `n`. */
export function powerSpectrum(frame: Float64Array, n: number): Float64Array {
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  re.set(frame.subarray(0, n));
  fft(re, im);
  const out = new Float64Array(n / 2 + 1);
  for (let k = 0; k <= n / 2; k++) out[k] = (re[k] ?? 0) ** 2 + (im[k] ?? 0) ** 2;
  return out;
}
