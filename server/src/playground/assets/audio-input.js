// Where a file tool's audio comes from: a sample this server ships (its URL is read from disk by the
// server), a file of your own (dropped or picked, uploaded to POST /playground/uploads, which answers
// a signed URL), or any URL typed in. All three end up in the `audio_url` field.
import { $, apiKey } from './api-client.js';
import { showSamples, uploadSamples } from './code-samples.js';

/**
 * Builds the source block inside `.audio-source[data-prefix=prefix]`: `files` offered as samples,
 * `preferred` selected first; `onChange` runs when a sample is picked or a file uploaded (the code tabs follow).
 */
export function setUpAudioInput(session, prefix, files, preferred, onChange) {
  const box = document.querySelector(`.audio-source[data-prefix="${prefix}"]`);
  box.innerHTML = `
    <div class="source-row">
      <div class="field">
        <label for="${prefix}-sample">Sample</label>
        <select id="${prefix}-sample"></select>
      </div>
      <div class="drop" id="${prefix}-drop">
        <label for="${prefix}-file" class="drop-label">
          <strong>Use your own file</strong> <span class="hint">drop it here or choose one (WAV, MP3, OGG, M4A, WebM, FLAC)</span>
        </label>
        <input id="${prefix}-file" type="file" accept="audio/*,video/webm,video/mp4">
        <span id="${prefix}-upload-status" class="status" role="status"></span>
      </div>
    </div>
    <div class="field">
      <label for="${prefix}-url">Audio URL (<code>audio_url</code>)</label>
      <input id="${prefix}-url" type="url" required spellcheck="false">
    </div>
    <div class="code" data-code="${prefix}-upload"></div>`;
  const select = $(`${prefix}-sample`);
  for (const file of files) {
    const seconds = file.duration_s ? ` · ${file.duration_s.toFixed(0)} s` : '';
    select.add(new Option(`${file.id}${seconds}: ${clip(file.text, 48)}`, `${session.base_url}${file.path}`));
  }
  select.add(new Option('Your file (uploaded)', '', false, false));
  select.lastElementChild.hidden = true;
  const first = files.find((f) => f.id === preferred) ?? files[0];
  if (first) select.value = `${session.base_url}${first.path}`;
  $(`${prefix}-url`).value = select.value;
  select.addEventListener('change', () => {
    if (!select.value) return;
    $(`${prefix}-url`).value = select.value;
    $(`${prefix}-upload-status`).textContent = '';
    onChange?.();
  });

  const upload = async (file) => {
    if (!file) return;
    const status = $(`${prefix}-upload-status`);
    status.classList.remove('error');
    status.textContent = `Uploading ${file.name}…`;
    const type = file.type || 'application/octet-stream';
    try {
      const res = await fetch(`${session.base_url}/playground/uploads`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey(), 'content-type': type },
        body: file,
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${body.error ?? JSON.stringify(body)}`);
      $(`${prefix}-url`).value = body.url;
      select.lastElementChild.textContent = `Your file: ${clip(file.name, 40)}`;
      select.value = '';
      status.textContent = `Uploaded ${file.name} (${kb(body.bytes)}); its URL works for ${body.expires_in_seconds / 60} min.`;
      showSamples(`${prefix}-upload`, uploadSamples(session, file.name, type));
      onChange?.();
    } catch (error) {
      status.classList.add('error');
      status.textContent = `Upload failed: ${error.message}`;
    }
  };
  $(`${prefix}-file`).addEventListener('change', (event) => upload(event.target.files[0]));
  const drop = $(`${prefix}-drop`);
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    upload(event.dataTransfer.files[0]);
  });
}

export const clip = (text, n) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
const kb = (bytes) => (bytes > 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} kB`);
