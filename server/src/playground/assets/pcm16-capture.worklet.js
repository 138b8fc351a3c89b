// AudioWorklet processor: mono Float32 audio in, 16 kHz 16-bit little-endian PCM out, posted to the
// page in 640-byte (20 ms, 320-sample) frames, the size the live protocol recommends. The page asks
// for a 16 kHz AudioContext, so this usually copies; when the browser runs another rate it resamples
// linearly. 'flush' posts what is left (a shorter last frame), then 'flushed'.

const TARGET_RATE = 16000;
const FRAME_SAMPLES = 320;

class Pcm16Capture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
    this.step = sampleRate / TARGET_RATE; // input samples per output sample
    this.position = 0; // where the next output sample falls, in input samples from `previous`
    this.previous = 0;
    this.port.onmessage = (event) => {
      if (event.data !== 'flush') return;
      if (this.filled > 0) this.post(this.filled);
      this.port.postMessage('flushed');
    };
  }

  post(samples) {
    // Little-endian on every platform browsers run on; DataView keeps it explicit.
    const bytes = new ArrayBuffer(samples * 2);
    const view = new DataView(bytes);
    for (let i = 0; i < samples; i++) view.setInt16(i * 2, this.frame[i], true);
    this.port.postMessage(bytes, [bytes]);
    this.filled = 0;
  }

  push(value) {
    const clamped = Math.max(-1, Math.min(1, value));
    this.frame[this.filled++] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
    if (this.filled === FRAME_SAMPLES) this.post(FRAME_SAMPLES);
  }

  process(inputs) {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    if (this.step === 1) {
      for (const sample of channel) this.push(sample);
      return true;
    }
    // Linear interpolation between consecutive input samples (previous block's last one included).
    for (const sample of channel) {
      while (this.position <= 1) {
        this.push(this.previous + (sample - this.previous) * this.position);
        this.position += this.step;
      }
      this.position -= 1;
      this.previous = sample;
    }
    return true;
  }
}

registerProcessor('pcm16-capture', Pcm16Capture);
