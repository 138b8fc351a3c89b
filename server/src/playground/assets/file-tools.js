// File transcription and noise reduction: audio from a sample, an upload or a URL; the request shown
// as code; long work shows its elapsed time (and file STT can be cancelled, which closes the request
// so the server stops too); the answer is shown, errors with their status and body.
import { $, postJson, showAnswer, showFailure } from './api-client.js';
import { setUpAudioInput } from './audio-input.js';
import { jsonSamples, showSamples } from './code-samples.js';
import { drawLsnr, drawWaveform } from './plots.js';
import { onSubmit, progress } from './tool-kit.js';

const list = (text) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export function setUpFileTools(session, files) {
  const sttBody = () => {
    const body = { audio_url: $('stt-url').value, enable_diarization: $('stt-diarization').checked };
    if (list($('stt-hints').value).length) body.language_hints = list($('stt-hints').value);
    return body;
  };
  const denoiseBody = () => {
    const body = { audio_url: $('denoise-url').value };
    if (Number($('denoise-atten').value) > 0) body.atten_limit_db = Number($('denoise-atten').value);
    if ($('denoise-fixed').checked) body.disable_adaptive_mix = true;
    return body;
  };
  const sttCode = () => showSamples('stt', jsonSamples(session, '/v1/stt', sttBody(), 'query'));
  const denoiseCode = () =>
    showSamples('denoise', jsonSamples(session, '/v1/denoise', denoiseBody(), 'header'));
  const speech = files.filter((f) => f.purpose.includes('stt') || f.purpose.includes('diarization'));
  setUpAudioInput(session, 'stt', speech, 'conversation-two-speakers', sttCode);
  setUpAudioInput(
    session,
    'denoise',
    files.filter((f) => f.purpose.includes('denoise')),
    'noisy-snr-00db',
    denoiseCode,
  );
  $('stt-form').addEventListener('input', sttCode);
  $('denoise-form').addEventListener('input', denoiseCode);
  $('api-key').addEventListener('input', () => {
    sttCode();
    denoiseCode();
  });
  sttCode();
  denoiseCode();
  onSubmit('stt-form', () => fileStt(session, sttBody()));
  onSubmit('denoise-form', () => denoise(session, denoiseBody()));
}

async function fileStt(session, body) {
  $('stt-utterances').replaceChildren();
  const controller = new AbortController();
  const cancel = $('stt-cancel');
  const onCancel = () => controller.abort();
  cancel.hidden = false;
  cancel.addEventListener('click', onCancel);
  const stop = progress($('stt-progress'), 'Transcribing');
  try {
    const { status, body: answer } = await postJson(session, '/v1/stt', body, 'query', controller.signal);
    stop(status === 200 ? `Done: ${answer.utterances.length} utterances` : `HTTP ${status}`, status !== 200);
    showAnswer($('stt-result'), status, answer);
    if (status !== 200) $('stt-result').closest('details').open = true;
    for (const u of answer?.utterances ?? []) {
      const item = document.createElement('li');
      item.className = `speaker-${(u.speaker ?? 0) % 6}`;
      const who = Object.assign(document.createElement('span'), {
        className: 'who',
        textContent: u.speaker === undefined ? 'Speech' : `Speaker ${u.speaker}`,
      });
      const when = Object.assign(document.createElement('span'), {
        className: 'when',
        textContent: `${(u.start_ms / 1000).toFixed(1)}–${(u.end_ms / 1000).toFixed(1)} s`,
      });
      item.append(who, when, document.createTextNode(u.text));
      $('stt-utterances').append(item);
    }
  } catch (error) {
    stop(controller.signal.aborted ? 'Cancelled' : 'Failed', true);
    showFailure($('stt-result'), controller.signal.aborted ? new Error('Cancelled by you') : error);
  } finally {
    cancel.hidden = true;
    cancel.removeEventListener('click', onCancel);
  }
}

async function denoise(session, body) {
  const stop = progress($('denoise-progress'), 'Denoising');
  try {
    const { status, body: answer } = await postJson(session, '/v1/denoise', body, 'header');
    // One number per frame, thousands for a minute of audio: the plot shows them, the text the count.
    const frames = answer?.frame_lsnr_db;
    const shown = Array.isArray(frames)
      ? { ...answer, frame_lsnr_db: `[${frames.length} values, plotted above]` }
      : answer;
    showAnswer($('denoise-result'), status, shown);
    stop(
      status === 200 ? `Done: ${answer.applied_atten_db} dB limit applied` : `HTTP ${status}`,
      status !== 200,
    );
    if (status !== 200) {
      $('denoise-result').closest('details').open = true;
      return;
    }
    $('denoise-before').src = body.audio_url;
    $('denoise-after').src = answer.denoised_audio_url;
    $('denoise-lsnr-summary').textContent = `: ${drawLsnr($('denoise-lsnr'), answer.frame_lsnr_db ?? [])}`;
    await drawAudio(body.audio_url, $('denoise-before-wave'));
    await drawAudio(answer.denoised_audio_url, $('denoise-after-wave'));
  } catch (error) {
    stop('Failed', true);
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
