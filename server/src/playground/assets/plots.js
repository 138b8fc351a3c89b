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

/** Draws `values` (dB per frame); returns "min … max dB over N frames". */
export function drawLsnr(canvas, values) {
  const g = canvas.getContext('2d');
  const { width, height } = canvas;
  g.clearRect(0, 0, width, height);
  if (!values.length) return 'no frames';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const y = (v) => height - 12 - ((v - lo) / span) * (height - 24);
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
  g.strokeStyle = INK;
  g.lineWidth = 1.5;
  g.beginPath();
  values.forEach((v, i) => {
    const x = (i / Math.max(1, values.length - 1)) * width;
    if (i === 0) g.moveTo(x, y(v));
    else g.lineTo(x, y(v));
  });
  g.stroke();
  return `${lo.toFixed(1)} to ${hi.toFixed(1)} dB over ${values.length} frames`;
}
