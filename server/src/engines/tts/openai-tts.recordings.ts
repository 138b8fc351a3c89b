import { runFfmpeg } from '../audio/ffmpeg-process.js';
import { pcmToBytes } from '../audio/pcm.js';
import type { RecordedError } from '../upstream-recording.js';

// What real text-to-speech servers answer to POST /v1/audio/speech with response_format "opus":
// - openai, speaches (src/speaches/routers/speech.py) and Kokoro-FastAPI
//   (api/src/routers/openai_compatible.py): an OGG/Opus file, one channel, 24 kHz speech;
// - LocalAI with a piper voice: a WAV file whatever the format asked (its docs: "Returns an
//   audio/wav file"), 16-bit mono at the voice's 22050 Hz.
// The audio is one second of tone made with the project's ffmpeg in the container each server
// writes. Errors: Kokoro-FastAPI raises HTTPException(detail={"error", "message", "type"}),
// speaches a plain detail string, OpenAI (and LocalAI) {"error": {"message", ...}}.

export interface RecordedSpeech {
  server: string;
  contentType: string;
  /** ffmpeg output arguments for the container and codec the server writes. */
  output: string[];
  rate: number;
}

export const SPEECH_ANSWERS: RecordedSpeech[] = [
  { server: 'openai', contentType: 'audio/ogg', output: ['-c:a', 'libopus', '-f', 'ogg'], rate: 24_000 },
  { server: 'speaches', contentType: 'audio/ogg', output: ['-c:a', 'libopus', '-f', 'ogg'], rate: 24_000 },
  {
    server: 'kokoro-fastapi',
    contentType: 'audio/opus',
    output: ['-c:a', 'libopus', '-f', 'ogg'],
    rate: 24_000,
  },
  { server: 'localai', contentType: 'audio/wav', output: ['-c:a', 'pcm_s16le', '-f', 'wav'], rate: 22_050 },
];

/** One second of 440 Hz at `rate`, in the server's container. */
export function speechBody(ffmpeg: string, answer: RecordedSpeech): Promise<Buffer> {
  const pcm = Int16Array.from({ length: answer.rate }, (_, i) =>
    Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / answer.rate)),
  );
  return runFfmpeg(
    ffmpeg,
    ['-f', 's16le', '-ar', String(answer.rate), '-ac', '1', '-i', 'pipe:0', ...answer.output, 'pipe:1'],
    { input: pcmToBytes(pcm) },
  );
}

export const SPEECH_ERRORS: RecordedError[] = [
  {
    server: 'kokoro-fastapi',
    status: 400,
    body: {
      detail: {
        error: 'validation_error',
        message: "Voice 'nova' not found. Available voices: af_bella, af_sky, am_adam",
        type: 'invalid_request_error',
      },
    },
    message: "Voice 'nova' not found. Available voices: af_bella, af_sky, am_adam",
  },
  {
    server: 'speaches',
    status: 404,
    body: { detail: "Model 'speaches-ai/Kokoro-82M-v1.0-ONNX' is not installed locally." },
    message: "Model 'speaches-ai/Kokoro-82M-v1.0-ONNX' is not installed locally.",
  },
  {
    server: 'openai',
    status: 429,
    body: {
      error: {
        message: 'Rate limit reached for tts-1 on requests per min (RPM): Limit 3, Used 3, Requested 1.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    },
    message: 'Rate limit reached for tts-1 on requests per min (RPM): Limit 3, Used 3, Requested 1.',
  },
];
