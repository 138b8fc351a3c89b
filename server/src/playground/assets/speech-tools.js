// File transcription, text-to-speech, noise reduction and translation: each form shows the exact
// curl of its request, sends it, and shows the answer (or the error body, status first).
import { $, apiKey, curlJson, postJson, shellQuote, showAnswer, showFailure } from './api-client.js';
import { drawLsnr, drawWaveform } from './plots.js';

const TRANSLATION_TARGETS = ['de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'zh', 'ko', 'ar'];
const PROTO = '/playground/proto/tts.proto';

export function setUpSpeechTools(session, files) {
  const fixtureUrl = (id) => {
    const file = files.find((f) => f.id === id) ?? files[0];
    return file ? `${session.base_url}${file.path}` : '';
  };
  $('stt-url').value = fixtureUrl('conversation-two-speakers');
  $('denoise-url').value = fixtureUrl('noisy-snr-00db');
  for (const code of TRANSLATION_TARGETS) {
    const label = document.createElement('label');
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', value: code });
    box.checked = code === 'de' || code === 'fr';
    label.append(box, ` ${code}`);
    $('translate-targets').append(label);
  }
  onSubmit('stt-form', () => fileStt(session));
  onSubmit('tts-form', () => tts(session));
  onSubmit('denoise-form', () => denoise(session));
  onSubmit('translate-form', () => translate(session));
}

function onSubmit(formId, run) {
  const form = $(formId);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      await run();
    } finally {
      button.disabled = false;
    }
  });
}

const list = (text) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

async function fileStt(session) {
  const body = { audio_url: $('stt-url').value, enable_diarization: $('stt-diarization').checked };
  if (list($('stt-hints').value).length) body.language_hints = list($('stt-hints').value);
  $('stt-curl').textContent = curlJson(session, '/v1/stt', body, 'query');
  $('stt-result').textContent = 'Transcribing…';
  $('stt-utterances').replaceChildren();
  try {
    const { status, body: answer } = await postJson(session, '/v1/stt', body, 'query');
    showAnswer($('stt-result'), status, answer);
    for (const u of answer?.utterances ?? []) {
      const item = document.createElement('li');
      item.textContent = `Speaker ${u.speaker} (${(u.start_ms / 1000).toFixed(2)}–${(u.end_ms / 1000).toFixed(2)} s): ${u.text}`;
      $('stt-utterances').append(item);
    }
  } catch (error) {
    showFailure($('stt-result'), error);
  }
}

async function tts(session) {
  const fields = { session_id: `playground-${Date.now()}`, message_id: 'tts-1', text: $('tts-text').value };
  const url = `${session.base_url}/v1/tts?api_key=${encodeURIComponent(apiKey())}`;
  const textFormat = Object.entries(fields)
    .map(([k, v]) => `${k}: "${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)
    .join(' ');
  const protoc = '-I schemas/proto parley/v1/tts.proto';
  $('tts-curl').textContent = [
    `printf '%s' ${shellQuote(textFormat)} \\`,
    `  | protoc --encode=parley.v1.SessionTTSRequest ${protoc} > request.bin`,
    `curl -s -X POST ${shellQuote(url)} -H 'Content-Type: application/x-protobuf' --data-binary @request.bin \\`,
    `  | protoc --decode=parley.v1.SessionTTSResponse ${protoc}`,
  ].join('\n');
  $('tts-result').textContent = 'Synthesizing…';
  try {
    // keepCase: the fields keep the .proto's snake_case names, as the request object spells them.
    const { root } = globalThis.protobuf.parse(await fetch(PROTO).then((r) => r.text()), { keepCase: true });
    const Request = root.lookupType('parley.v1.SessionTTSRequest');
    const Response = root.lookupType('parley.v1.SessionTTSResponse');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Request.encode(Request.create(fields)).finish(),
    });
    if (!res.ok) return showAnswer($('tts-result'), res.status, await res.text());
    const answer = Response.toObject(Response.decode(new Uint8Array(await res.arrayBuffer())));
    showAnswer($('tts-result'), answer.error ? 500 : res.status, answer);
    if (answer.audio_url) $('tts-audio').src = answer.audio_url;
  } catch (error) {
    showFailure($('tts-result'), error);
  }
}

async function denoise(session) {
  const body = { audio_url: $('denoise-url').value };
  if (Number($('denoise-atten').value) > 0) body.atten_limit_db = Number($('denoise-atten').value);
  if ($('denoise-fixed').checked) body.disable_adaptive_mix = true;
  $('denoise-curl').textContent = curlJson(session, '/v1/denoise', body, 'header');
  $('denoise-result').textContent = 'Denoising…';
  try {
    const { status, body: answer } = await postJson(session, '/v1/denoise', body, 'header');
    // One number per frame, thousands for a minute of audio: the plot shows them, the text the count.
    const frames = answer?.frame_lsnr_db;
    const shown = Array.isArray(frames)
      ? { ...answer, frame_lsnr_db: `[${frames.length} values, plotted above]` }
      : answer;
    showAnswer($('denoise-result'), status, shown);
    $('denoise-before').src = body.audio_url;
    await drawAudio(body.audio_url, $('denoise-before-wave'));
    if (status !== 200) return;
    $('denoise-after').src = answer.denoised_audio_url;
    $('denoise-lsnr-summary').textContent = `: ${drawLsnr($('denoise-lsnr'), answer.frame_lsnr_db ?? [])}`;
    await drawAudio(answer.denoised_audio_url, $('denoise-after-wave'));
  } catch (error) {
    showFailure($('denoise-result'), error);
  }
}

async function drawAudio(url, canvas) {
  const bytes = await fetch(url).then((r) => r.arrayBuffer());
  const context = new OfflineAudioContext(1, 1, 16000);
  const buffer = await context.decodeAudioData(bytes);
  drawWaveform(canvas, buffer.getChannelData(0));
  canvas.dataset.samples = String(buffer.length);
}

async function translate(session) {
  const targets = [...$('translate-targets').querySelectorAll('input:checked')].map((box) => box.value);
  const body = { text: $('translate-text').value, target_languages: targets };
  if ($('translate-source').value.trim()) body.source_language = $('translate-source').value.trim();
  $('translate-curl').textContent = curlJson(session, '/v1/translate-text', body, 'header');
  $('translate-result').textContent = 'Translating…';
  $('translate-out').replaceChildren();
  try {
    const { status, body: answer } = await postJson(session, '/v1/translate-text', body, 'header');
    showAnswer($('translate-result'), status, answer);
    for (const t of answer?.translations ?? []) {
      const item = document.createElement('li');
      item.textContent = `${t.language}: ${t.text}`;
      $('translate-out').append(item);
    }
  } catch (error) {
    showFailure($('translate-result'), error);
  }
}
