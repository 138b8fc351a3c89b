// The speech routes end to end, as a client sees them: a started server (the engines main.ts builds)
// fetches the audio from a static host on 127.0.0.1, exactly as in the route tests. Measured:
// POST /v1/stt real-time factor on the conversations, POST /v1/tts latency per sentence, and
// POST /v1/denoise × real time on the 6 s noisy fixture and on a minute of it.
// Run: npx tsx server/bench/speech-http.bench.ts [-- --rounds N]   (bench:speech imports measureSpeechHttp)

import { decodeTtsResponse, encodeTtsRequest, PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import { FfmpegAudioEngine } from '../src/engines/audio/ffmpeg-audio.adapter.js';
import { fixtureFiles } from '../src/engines/audio/fixture-audio.js';
import { encodeWav } from '../src/engines/audio/wav.js';
import { buildEngines, type Engines } from '../src/engines/registry.js';
import { PocketsphinxSttEngine } from '../src/engines/stt/pocketsphinx.adapter.js';
import {
  type AudioHost,
  postRaw,
  type SpeechServer,
  startAudioHost,
  startSpeechServer,
} from '../test-support/speech-server.js';
import { cpuMs, describeSpread, isEntry, numberOption, type Spread, spread } from './bench-kit.js';
import { DENOISE_REPEAT, noisyFixture, repeatPcm } from './denoise.bench.js';
import { TTS_SENTENCES } from './tts.bench.js';

/** `speed`: audio seconds per wall-clock second; `cpuSpeed`: per CPU second (server, client, ffmpeg). */
export interface DenoiseHttpFigures {
  audioSeconds: number;
  speed: number;
  cpuSpeed: number;
}

export interface SpeechHttpFigures {
  stt: { audioSeconds: number; rtf: number };
  tts: Spread & { cpuMsPerSentence: number };
  /** One request at a time, the 6 s fixture (fixed costs weigh most). */
  denoiseShort: DenoiseHttpFigures;
  /** One request at a time, a minute of audio (the engine figure's length). */
  denoiseMinute: DenoiseHttpFigures;
}

interface Target {
  server: SpeechServer;
  host: AudioHost;
}

async function timedPost(target: Target, path: string, body: unknown): Promise<number> {
  const t0 = performance.now();
  const reply = await target.server.post(path, body, { 'X-API-Key': target.server.alice.key });
  const took = performance.now() - t0;
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return took;
}

async function sttFigures(target: Target, rounds: number) {
  const files = fixtureFiles((f) => f.path.startsWith('conversations/'));
  if (files.length === 0) throw new Error('conversation fixtures missing (run npm run fixtures)');
  const first = files[0];
  if (first) await timedPost(target, '/v1/stt', { audio_url: target.host.fixture(first.path) }); // warm-up
  let wallMs = 0;
  let audioSeconds = 0;
  for (let round = 0; round < rounds; round++) {
    for (const file of files) {
      wallMs += await timedPost(target, '/v1/stt', { audio_url: target.host.fixture(file.path) });
      audioSeconds += file.duration_s;
    }
  }
  return { audioSeconds, rtf: wallMs / 1000 / audioSeconds };
}

async function ttsFigures(target: Target, rounds: number): Promise<SpeechHttpFigures['tts']> {
  const url = `${target.server.url}/v1/tts?api_key=${encodeURIComponent(target.server.alice.key)}`;
  let n = 0;
  const speak = async (text: string) => {
    const body = encodeTtsRequest({ session_id: 'bench', message_id: `m${n++}`, text });
    const t0 = performance.now();
    const reply = await postRaw(url, body, PROTO_CONTENT_TYPE);
    const took = performance.now() - t0;
    const answer = decodeTtsResponse(reply.bytes);
    if (reply.status !== 200 || !answer.audio_url) throw new Error(`tts: ${reply.status} ${answer.error}`);
    return took;
  };
  // Steady state: each voice's first use (its data read once per process) is measured by the engine part.
  for (const [, text] of TTS_SENTENCES) await speak(text);
  const times: number[] = [];
  const c0 = cpuMs();
  for (let round = 0; round < rounds; round++) {
    for (const [, text] of TTS_SENTENCES) times.push(await speak(text));
  }
  return { ...spread(times), cpuMsPerSentence: (cpuMs() - c0) / times.length };
}

async function denoiseFigures(
  target: Target,
  audioUrl: string,
  audioSeconds: number,
  rounds: number,
): Promise<DenoiseHttpFigures> {
  await timedPost(target, '/v1/denoise', { audio_url: audioUrl });
  let wallMs = 0;
  const c0 = cpuMs();
  for (let round = 0; round < rounds; round++)
    wallMs += await timedPost(target, '/v1/denoise', { audio_url: audioUrl });
  const cpuS = Math.max(10, cpuMs() - c0) / 1000;
  return {
    audioSeconds,
    speed: (audioSeconds * rounds) / (wallMs / 1000),
    cpuSpeed: (audioSeconds * rounds) / cpuS,
  };
}

/** Starts the server and the audio host, measures, stops both. `rounds` repeats each request set. */
export async function measureSpeechHttp(rounds = 3): Promise<SpeechHttpFigures> {
  const engines: Engines = await buildEngines();
  await engines.warmUp();
  const host = await startAudioHost();
  const server = await startSpeechServer({ deps: { engines } });
  const target = { server, host };
  try {
    const noisy = await noisyFixture('snr-00db.wav');
    const pcm48 = await new FfmpegAudioEngine().decode(noisy, { sampleRate: 48_000 });
    const minute = repeatPcm(pcm48, DENOISE_REPEAT);
    const minuteUrl = host.serve('noisy-minute.wav', encodeWav(minute, 48_000), 'audio/wav');
    return {
      stt: await sttFigures(target, rounds),
      tts: await ttsFigures(target, rounds),
      denoiseShort: await denoiseFigures(
        target,
        host.fixture('noisy/snr-00db.wav'),
        pcm48.length / 48_000,
        rounds,
      ),
      denoiseMinute: await denoiseFigures(target, minuteUrl, minute.length / 48_000, rounds),
    };
  } finally {
    await server.close();
    await host.close();
    if (engines.localStt instanceof PocketsphinxSttEngine) await engines.localStt.close();
  }
}

async function main(): Promise<void> {
  const f = await measureSpeechHttp(numberOption('rounds', 3));
  console.log(
    `POST /v1/stt: RTF ${f.stt.rtf.toFixed(3)} over ${f.stt.audioSeconds.toFixed(0)} s of conversation`,
  );
  console.log(
    `POST /v1/tts: ${describeSpread(f.tts)} over ${f.tts.n} sentences, ${f.tts.cpuMsPerSentence.toFixed(0)} ms CPU each`,
  );
  for (const [label, d] of [
    ['6 s fixture', f.denoiseShort],
    ['1 min file', f.denoiseMinute],
  ] as const) {
    console.log(
      `POST /v1/denoise, ${label}: ${d.speed.toFixed(1)}× real time, ${d.cpuSpeed.toFixed(1)}× per CPU second`,
    );
  }
}

if (isEntry(import.meta.url)) await main();
