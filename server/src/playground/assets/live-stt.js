// Live transcription over WS /v1/stt/stream (format=json): microphone or fixture file -> a 16 kHz
// AudioContext -> the pcm16-capture worklet -> 640-byte binary frames, in real time. Interims replace
// each other (the text is cumulative), finals are listed with their speaker; Stop sends the empty
// frame and measures the time until {finished: true}. While it runs: a recording dot, a timer and
// the input level; finals are coloured by speaker and scrolled into view.
import { $, apiKey } from './api-client.js';
import { clip } from './audio-input.js';
import { liveSamples, showSamples } from './code-samples.js';

const SAMPLE_RATE = 16000;

export function setUpLive(session, files) {
  const select = $('live-fixture');
  for (const file of files.filter((f) => f.purpose.includes('streaming'))) {
    select.add(new Option(`${file.id}: ${clip(file.text, 48)}`, file.path));
  }
  // The sample list matters only when a sample is the source.
  for (const radio of document.querySelectorAll('input[name="live-source"]')) {
    radio.addEventListener('change', () => {
      $('live-fixture-field').hidden = radio.value !== 'fixture' || !radio.checked;
    });
  }
  const code = () => showSamples('live', liveSamples(session, liveConfig()));
  for (const id of ['live-diarization', 'live-hints', 'api-key']) $(id).addEventListener('input', code);
  code();
  let run;
  $('live-start').addEventListener('click', async () => {
    if (run) return;
    run = startRun(session);
    try {
      await run.done;
    } finally {
      run = undefined;
    }
  });
  $('live-stop').addEventListener('click', () => run?.finish());
}

function log(text) {
  const line = document.createElement('p');
  line.textContent = text;
  $('live-log').append(line);
}

function hints() {
  return $('live-hints')
    .value.split(',')
    .map((h) => h.trim())
    .filter(Boolean);
}

function liveConfig() {
  const config = { encoding: 'pcm16', enable_diarization: $('live-diarization').checked };
  if (hints().length) config.language_hints = hints();
  return config;
}

/** The status line: 'connecting', 'recording', 'finalizing' or 'ready', with its timer. */
function setState(state, text) {
  $('live-status').dataset.state = state;
  $('live-state').textContent = text;
}

function startRun(session) {
  const source = document.querySelector('input[name="live-source"]:checked').value;
  const config = liveConfig();
  const url = `${session.ws_url}/v1/stt/stream?api_key=${encodeURIComponent(apiKey())}&format=json`;
  $('live-finals').replaceChildren();
  $('live-log').replaceChildren();
  $('live-interim').textContent = '';
  $('live-empty').hidden = true;
  $('live-start').disabled = true;
  $('live-stop').disabled = false;
  setState('connecting', 'Connecting…');
  const started = performance.now();
  const timer = setInterval(() => {
    const s = Math.floor((performance.now() - started) / 1000);
    $('live-timer').textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }, 250);

  const state = { frames: 0, bytes: 0, endSentAt: 0, ending: false };
  let audio;
  let resolveDone;
  const done = new Promise((resolve) => {
    resolveDone = resolve;
  });
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';

  const finish = async () => {
    if (state.ending) return;
    state.ending = true;
    $('live-stop').disabled = true;
    setState('finalizing', 'Finalizing…');
    if (audio) await audio.flush();
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(new ArrayBuffer(0));
    state.endSentAt = performance.now();
    log(`sent the empty frame after ${state.frames} audio frames (${state.bytes} bytes)`);
  };

  ws.addEventListener('open', () => ws.send(JSON.stringify(config)));
  ws.addEventListener('message', async (event) => {
    const frame = JSON.parse(event.data);
    if (frame.connected) {
      log('connected');
      try {
        audio = await openAudio(source, (bytes) => {
          if (ws.readyState !== WebSocket.OPEN || state.endSentAt) return;
          ws.send(bytes);
          state.frames += 1;
          state.bytes += bytes.byteLength;
        });
        log(`streaming from the ${source} at ${audio.rate} Hz`);
        setState('recording', source === 'microphone' ? 'Recording' : 'Streaming the sample');
        audio.ended.then(finish);
      } catch (error) {
        log(`audio failed: ${error.message}`);
        ws.close();
      }
    } else if (frame.chunk) {
      showChunk(frame.chunk);
    } else if (frame.finished) {
      const ms = Math.round(performance.now() - state.endSentAt);
      log(`finished (finalize took ${ms} ms after the empty frame)`);
    } else if (frame.error) {
      log(`error ${frame.error.code}: ${frame.error.message}`);
    }
  });
  ws.addEventListener('close', (event) => {
    log(`closed ${event.code}${event.reason ? ` ${event.reason}` : ''}`);
    audio?.close();
    clearInterval(timer);
    $('live-level').value = 0;
    setState('ready', event.code === 1000 ? 'Done' : `Closed (${event.code})`);
    $('live-start').disabled = false;
    $('live-stop').disabled = true;
    resolveDone();
  });
  return { done, finish };
}

function showChunk(chunk) {
  const speaker = chunk.speaker === undefined ? '' : `Speaker ${chunk.speaker}: `;
  if (!chunk.is_final) {
    $('live-interim').textContent = `${speaker}${chunk.text}`;
    return;
  }
  $('live-interim').textContent = '';
  const item = document.createElement('li');
  item.className = `speaker-${Number(chunk.speaker ?? 0) % 6}`;
  item.append(
    Object.assign(document.createElement('span'), {
      className: 'who',
      textContent: speaker.slice(0, -2) || 'Speech',
    }),
  );
  // The text keeps the "Speaker N: " prefix for screen readers and copy-paste; the chip shows it.
  item.append(Object.assign(document.createElement('span'), { className: 'sr-only', textContent: ': ' }));
  item.append(document.createTextNode(chunk.text));
  $('live-finals').append(item);
  item.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
}

/** The audio graph: source -> worklet; `ended` resolves when a fixture has played to its end. */
async function openAudio(source, onFrame) {
  const context = new AudioContext({ sampleRate: SAMPLE_RATE });
  await context.audioWorklet.addModule('pcm16-capture.worklet.js');
  const capture = new AudioWorkletNode(context, 'pcm16-capture', {
    channelCount: 1,
    channelCountMode: 'explicit',
  });
  let flushed = () => {};
  capture.port.onmessage = (event) => {
    if (event.data === 'flushed') flushed();
    else onFrame(event.data);
  };
  // The worklet writes no output; connecting it keeps the graph pulling it.
  capture.connect(context.destination);
  const meter = levelMeter(context);
  let stream;
  let ended = new Promise(() => {});
  if (source === 'microphone') {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
    const input = context.createMediaStreamSource(stream);
    input.connect(capture);
    input.connect(meter.node);
  } else {
    const bytes = await fetch($('live-fixture').value).then((r) => r.arrayBuffer());
    const node = new AudioBufferSourceNode(context, { buffer: await context.decodeAudioData(bytes) });
    node.connect(capture);
    node.connect(meter.node);
    node.connect(context.destination);
    ended = new Promise((resolve) => node.addEventListener('ended', resolve));
    node.start();
  }
  await context.resume();
  return {
    rate: context.sampleRate,
    ended,
    flush: () =>
      new Promise((resolve) => {
        for (const track of stream?.getTracks() ?? []) track.stop();
        flushed = resolve;
        capture.port.postMessage('flush');
      }),
    close: () => {
      meter.stop();
      for (const track of stream?.getTracks() ?? []) track.stop();
      context.close();
    },
  };
}

/** An analyser feeding the level <meter> (peak of each animation frame, scaled so speech fills it). */
function levelMeter(context) {
  const node = new AnalyserNode(context, { fftSize: 512 });
  const samples = new Float32Array(node.fftSize);
  let frame = requestAnimationFrame(function draw() {
    node.getFloatTimeDomainData(samples);
    let peak = 0;
    for (const v of samples) peak = Math.max(peak, Math.abs(v));
    $('live-level').value = Math.min(1, Math.sqrt(peak) * 1.2);
    frame = requestAnimationFrame(draw);
  });
  return { node, stop: () => cancelAnimationFrame(frame) };
}
