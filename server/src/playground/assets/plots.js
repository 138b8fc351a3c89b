// Two canvas drawings: an audio waveform (min/max per pixel column) and a line plot of the frame
// local SNR in dB, with its range written beside it for readers who cannot see the plot.

const INK = '#1a4f8b';
const GRID = '#767676';

export function drawWaveform(canvas, samples) {
  const g = canvas.getContext('2d');
  const { width, height } = canvas;
  g.clearRect(0, 0, width, height);
  g.fillStyle = INK;
  const per = Math.max(1, Math.floor(samples.length / width));
  for (let x = 0; x < width; x++) {
    let min = 1;
    let max = -1;
    for (let i = x * per; i < Math.min(samples.length, (x + 1) * per); i++) {
      min = Math.min(min, samples[i]);
      max = Math.max(max, samples[i]);
    }
    if (min > max) break;
    const top = ((1 - max) / 2) * height;
    g.fillRect(x, top, 1, Math.max(1, ((max - min) / 2) * height));
  }
}

/** RNNoise's frame: 480 samples at 48 kHz, so frame_lsnr_db has one value per 10 ms. */
const LSNR_FRAME_SECONDS = 0.01;
const AXIS = 18;

/** Draws `values` (dB per frame) over a time axis in seconds; returns "min … max dB over N frames (T s)". */
export function drawLsnr(canvas, values) {
  const g = canvas.getContext('2d');
  const { width, height } = canvas;
  g.clearRect(0, 0, width, height);
  if (!values.length) return 'no frames';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const plot = height - AXIS;
  const y = (v) => plot - 8 - ((v - lo) / span) * (plot - 20);
  const seconds = values.length * LSNR_FRAME_SECONDS;
  const x = (t) => (t / seconds) * width;
  g.strokeStyle = GRID;
  g.fillStyle = '#1b1b1b';
  g.font = '11px sans-serif';
  for (const v of [lo, hi]) {
    g.beginPath();
    g.moveTo(0, y(v));
    g.lineTo(width, y(v));
    g.stroke();
    g.fillText(`${v.toFixed(1)} dB`, 4, y(v) - 2);
  }
  // The time axis: a tick each second (each 5 or 10 s on long files), labelled in seconds.
  const step = seconds > 60 ? 10 : seconds > 20 ? 5 : 1;
  g.beginPath();
  g.moveTo(0, plot);
  g.lineTo(width, plot);
  g.stroke();
  for (let t = 0; t <= seconds; t += step) {
    g.beginPath();
    g.moveTo(x(t), plot);
    g.lineTo(x(t), plot + 4);
    g.stroke();
    const label = `${t} s`;
    const w = g.measureText(label).width;
    g.fillText(label, Math.min(Math.max(0, x(t) - w / 2), width - w), height - 3);
  }
  g.strokeStyle = INK;
  g.lineWidth = 1.5;
  g.beginPath();
  values.forEach((v, i) => {
    const at = x(i * LSNR_FRAME_SECONDS);
    if (i === 0) g.moveTo(at, y(v));
    else g.lineTo(at, y(v));
  });
  g.stroke();
  g.lineWidth = 1;
  return `${lo.toFixed(1)} to ${hi.toFixed(1)} dB over ${values.length} frames (${seconds.toFixed(1)} s)`;
}
