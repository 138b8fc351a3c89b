// Speed figures of the audio, VAD, STT and diarization engines, printed, never asserted.
// Run: npx tsx server/bench/stt.bench.ts   (needs the Debian pocketsphinx packages and fixtures/audio)
// bench:speech imports measureFileSttEngine (file STT real-time factor on the conversations).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import OpusScript from 'opusscript';
import { FfmpegAudioEngine } from '../src/engines/audio/ffmpeg-audio.adapter.js';
import { resolveFfmpegPath, runFfmpeg } from '../src/engines/audio/ffmpeg-process.js';
import { fixtureBytes, fixtureFiles, fixturePcm } from '../src/engines/audio/fixture-audio.js';
import { OpusStreamDecoder } from '../src/engines/audio/opus-stream-decoder.js';
import { concatPcm, pcmToBytes } from '../src/engines/audio/pcm.js';
import { withTempDir } from '../src/engines/audio/temp-dir.js';
import { ClassicalDiarizationEngine } from '../src/engines/diarization/classical-diarization.adapter.js';
import { transcribeFile } from '../src/engines/recognition/file-transcription.js';
import { PocketsphinxSttEngine } from '../src/engines/stt/pocketsphinx.adapter.js';
import { corpusWer, wordErrorRate } from '../src/engines/stt/wer.js';
import { FvadEngine } from '../src/engines/vad/fvad.adapter.js';
import { cpuMs, isEntry } from './bench-kit.js';

const ms = (t0: number) => performance.now() - t0;
const audioMs = (pcm: Int16Array) => pcm.length / 16;
const line = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`);

async function timeIt<T>(fn: () => Promise<T>, runs = 5): Promise<{ value: T; ms: number }> {
  let value = await fn();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) value = await fn();
  return { value, ms: ms(t0) / runs };
}

export interface FileSttFigures {
  audioSeconds: number;
  /** Wall clock / audio over the conversations (VAD, STT with the default decoder pool, diarization). */
  rtf: number;
  /** CPU seconds per audio second (decoding runs on worker threads: this adds them up). */
  cpuRtf: number;
  wer: number;
}

/** File STT as POST /v1/stt runs it, minus download and decode: the conversation fixtures, warmed up. */
export async function measureFileSttEngine(): Promise<FileSttFigures> {
  const stt = await PocketsphinxSttEngine.create();
  const vad = await FvadEngine.create();
  const diarization = new ClassicalDiarizationEngine();
  try {
    const clips = await Promise.all(
      fixtureFiles((f) => f.path.startsWith('conversations/')).map(async (file) => ({
        file,
        pcm: await fixturePcm(file),
      })),
    );
    const first = clips[0];
    if (!first) throw new Error('conversation fixtures missing (run npm run fixtures)');
    await transcribeFile(first.pcm, { stt, vad, diarization }); // builds the pool's decoders
    const pairs = [];
    const t0 = performance.now();
    const c0 = cpuMs();
    for (const clip of clips) {
      const result = await transcribeFile(clip.pcm, { stt, vad, diarization });
      pairs.push({ reference: clip.file.text, hypothesis: result.text });
    }
    const audioSeconds = clips.reduce((n, c) => n + c.pcm.length / 16_000, 0);
    const cpuS = (cpuMs() - c0) / 1000;
    return {
      audioSeconds,
      rtf: ms(t0) / 1000 / audioSeconds,
      cpuRtf: cpuS / audioSeconds,
      wer: corpusWer(pairs).wer,
    };
  } finally {
    await stt.close();
  }
}

async function main(): Promise<void> {
  const audio = new FfmpegAudioEngine();
  console.log(`audio: ${audio.status().detail}`);
  const formats = fixtureFiles((f) => f.path.startsWith('formats/'));
  for (const file of formats) {
    const bytes = await fixtureBytes(file);
    const viaEngine = await timeIt(() => audio.decode(bytes));
    const viaFile = await timeIt(() =>
      withTempDir(async (dir) => {
        await writeFile(join(dir, 'in'), bytes);
        return runFfmpeg(resolveFfmpegPath().path ?? 'ffmpeg', [
          '-i',
          join(dir, 'in'),
          '-ac',
          '1',
          '-ar',
          '16000',
          '-f',
          's16le',
          'pipe:1',
        ]);
      }),
    );
    line(
      `decode ${file.format} (${(file.duration_s).toFixed(1)} s audio)`,
      `${viaEngine.ms.toFixed(1)} ms engine, ${viaFile.ms.toFixed(1)} ms always-temp-file`,
    );
  }
  const longPcm = concatPcm(
    Array.from({ length: 20 }, () =>
      new Int16Array(16_000 * 30).map((_, i) => Math.round(3000 * Math.sin(i / 7))),
    ),
  );
  const oggLong = await audio.encodeOggOpus(longPcm, 16_000);
  line(
    'encode 10 min PCM → OGG/Opus',
    `${(await timeIt(() => audio.encodeOggOpus(longPcm, 16_000), 1)).ms.toFixed(0)} ms`,
  );
  line(
    'encode 10 min PCM → M4A (+faststart)',
    `${(await timeIt(() => audio.encodeM4a(longPcm, 16_000), 1)).ms.toFixed(0)} ms`,
  );
  line(
    'decode 10 min OGG/Opus → 16 kHz PCM',
    `${(await timeIt(() => audio.decode(oggLong), 1)).ms.toFixed(0)} ms`,
  );

  const encoder = new OpusScript(16_000, 1, OpusScript.Application.VOIP);
  const packets = Array.from({ length: 500 }, (_, i) =>
    encoder.encode(pcmToBytes(longPcm.subarray(i * 320, i * 320 + 320)), 320),
  );
  const opus = new OpusStreamDecoder();
  let t0 = performance.now();
  for (const p of packets) opus.decode(p);
  line('Opus stream decode, per 20 ms packet', `${(ms(t0) / packets.length).toFixed(3)} ms`);

  const vad = await FvadEngine.create();
  const diarization = new ClassicalDiarizationEngine();
  const conversations = fixtureFiles((f) => f.path.startsWith('conversations/'));
  for (const file of conversations) {
    const pcm = await fixturePcm(file);
    t0 = performance.now();
    const segments = vad.segments(pcm);
    line(
      `VAD ${file.id} (${(audioMs(pcm) / 1000).toFixed(1)} s)`,
      `${ms(t0).toFixed(1)} ms, ${segments.length} segments`,
    );
    t0 = performance.now();
    diarization.diarize(pcm, segments);
    line(`diarize ${file.id}`, `${ms(t0).toFixed(1)} ms (RTF ${(ms(t0) / audioMs(pcm)).toFixed(4)})`);
  }

  t0 = performance.now();
  const one = await PocketsphinxSttEngine.create({ maxDecoders: 1 });
  line(
    'pocketsphinx create (1 decoder, model load)',
    `${ms(t0).toFixed(0)} ms, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
  const english = fixtureFiles((f) => f.path.startsWith('en/'));
  const samples = await Promise.all(english.map(async (f) => ({ file: f, pcm: await fixturePcm(f) })));
  const totalAudio = samples.reduce((s, x) => s + audioMs(x.pcm), 0);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  t0 = performance.now();
  const pairs = [];
  for (const s of samples)
    pairs.push({ reference: s.file.text, hypothesis: (await one.transcribe(s.pcm)).text });
  const sequential = ms(t0);
  lag.disable();
  line(
    `batch STT, 1 decoder, ${samples.length} sentences`,
    `RTF ${(sequential / totalAudio).toFixed(3)}; event-loop lag p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  for (const voice of ['rms', 'awb', 'slt']) {
    const mine = pairs.filter((_, i) => samples[i]?.file.voice === `flite:${voice}`);
    line(`  WER flite:${voice}`, `${(corpusWer(mine).wer * 100).toFixed(1)} %`);
  }
  line('  WER all', `${(corpusWer(pairs).wer * 100).toFixed(1)} % of ${corpusWer(pairs).words} words`);
  await one.close();

  const pool = await PocketsphinxSttEngine.create({ maxDecoders: 2 });
  await Promise.all(samples.slice(0, 2).map((s) => pool.transcribe(s.pcm)));
  t0 = performance.now();
  await Promise.all(samples.map((s) => pool.transcribe(s.pcm)));
  line('batch STT, 2 decoders in parallel', `RTF ${(ms(t0) / totalAudio).toFixed(3)} (wall clock / audio)`);

  const streamSample = samples.find((s) => s.file.voice === 'flite:rms') ?? samples[0];
  if (streamSample) {
    const stream = await pool.openStream();
    let partials = 0;
    let firstPartialAt: number | undefined;
    t0 = performance.now();
    for (let at = 0; at < streamSample.pcm.length; at += 320) {
      await stream.write(streamSample.pcm.subarray(at, at + 320));
      if ((at / 320) % 10 === 9) {
        const p = await stream.partial();
        partials++;
        if (p && firstPartialAt === undefined) firstPartialAt = (at + 320) / 16;
      }
    }
    const writeMs = ms(t0);
    t0 = performance.now();
    const final = await stream.finalize();
    const finalizeMs = ms(t0);
    await stream.close();
    line(
      'streaming STT, 20 ms writes + partial every 200 ms',
      `RTF ${(writeMs / audioMs(streamSample.pcm)).toFixed(3)}, ${partials} partials`,
    );
    line('  first non-empty interim after', `${firstPartialAt?.toFixed(0)} ms of audio`);
    line(
      '  finalize (end of utterance → final)',
      `${finalizeMs.toFixed(0)} ms; WER ${(wordErrorRate(streamSample.file.text, final.text).wer * 100).toFixed(0)} %`,
    );
  }

  const keywordClip = samples[0]?.pcm ?? new Int16Array(0);
  await pool.transcribe(keywordClip);
  t0 = performance.now();
  await pool.transcribe(keywordClip);
  const plainMs = ms(t0);
  t0 = performance.now();
  const learned = await pool.transcribe(keywordClip, {
    contextKeywords: ['Zorblax', 'Kubernetes', 'Quarkus'],
  });
  line(
    `context keywords (${learned.keywordsAdded?.length ?? 0} new words, private decoder)`,
    `+${(ms(t0) - plainMs).toFixed(0)} ms per request`,
  );

  for (const file of conversations) {
    const pcm = await fixturePcm(file);
    t0 = performance.now();
    const result = await transcribeFile(pcm, { stt: pool, vad, diarization });
    const took = ms(t0);
    let right = 0;
    let total = 0;
    for (const turn of file.turns) {
      total += (turn.end_s - turn.start_s) * 1000;
      for (const u of result.utterances) {
        const overlap = Math.min(u.end_ms, turn.end_s * 1000) - Math.max(u.start_ms, turn.start_s * 1000);
        if (overlap > 0 && u.speaker === turn.speaker) right += overlap;
      }
    }
    line(
      `file STT ${file.id}`,
      `RTF ${(took / audioMs(pcm)).toFixed(3)}, WER ${(wordErrorRate(file.text, result.text).wer * 100).toFixed(1)} %, right speaker ${((right / total) * 100).toFixed(0)} % of turn time`,
    );
  }
  await pool.close();
}

if (isEntry(import.meta.url)) await main();
