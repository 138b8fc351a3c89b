// Text to speech (a protobuf body, encoded here with the server's own tts.proto) and text
// translation (the targets this server's engine reports reachable in /health, each answered on its
// own line: its text, the pivot it went through, or why it failed).
import { $, apiKey, postJson, showAnswer, showFailure } from './api-client.js';
import { jsonSamples, showSamples, ttsSamples } from './code-samples.js';
import { onSubmit, progress } from './tool-kit.js';

const PROTO = '/playground/proto/tts.proto';
/** Offered when the engine cannot list its targets (an upstream translates any language). */
const ANY_ENGINE_TARGETS = ['de', 'es', 'fr', 'it', 'ja', 'nl', 'pl', 'pt', 'ru', 'zh'];
const PREFERRED = ['es', 'fr', 'ca', 'pt', 'it', 'de'];

export function setUpTextTools(session, health) {
  const ttsFields = () => ({
    session_id: 'playground',
    message_id: `tts-${Date.now()}`,
    text: $('tts-text').value,
  });
  const ttsCode = () => showSamples('tts', ttsSamples(session, { ...ttsFields(), message_id: 'tts-1' }));
  const translateBody = () => {
    const targets = [...$('translate-targets').querySelectorAll('input:checked')].map((box) => box.value);
    const body = { text: $('translate-text').value, target_languages: targets };
    if ($('translate-source').value.trim()) body.source_language = $('translate-source').value.trim();
    return body;
  };
  const translateCode = () =>
    showSamples('translate', jsonSamples(session, '/v1/translate-text', translateBody(), 'header'));

  const engine = health?.engines?.translate;
  const offered = engine?.languages?.length ? engine.languages : ANY_ENGINE_TARGETS;
  $('translate-offer').textContent = engine?.languages?.length
    ? `the ${offered.length} this server's ${engine.adapter} engine reaches`
    : engine?.available
      ? `the ${engine.adapter} engine takes any language`
      : 'no translation engine is configured on this server';
  const defaults = PREFERRED.filter((code) => offered.includes(code)).slice(0, 2);
  for (const code of offered) {
    const label = document.createElement('label');
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', value: code });
    box.checked = defaults.includes(code);
    label.append(box, ` ${code}`);
    $('translate-targets').append(label);
  }

  $('tts-form').addEventListener('input', ttsCode);
  $('translate-form').addEventListener('input', translateCode);
  $('api-key').addEventListener('input', () => {
    ttsCode();
    translateCode();
  });
  ttsCode();
  translateCode();
  onSubmit('tts-form', () => tts(session, ttsFields()));
  onSubmit('translate-form', () => translate(session, translateBody()));
}

async function tts(session, fields) {
  const url = `${session.base_url}/v1/tts?api_key=${encodeURIComponent(apiKey())}`;
  const stop = progress($('tts-progress'), 'Synthesizing');
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
    if (!res.ok && !res.headers.get('content-type')?.includes('protobuf')) {
      stop(`HTTP ${res.status}`, true);
      return showAnswer($('tts-result'), res.status, await res.text());
    }
    const answer = Response.toObject(Response.decode(new Uint8Array(await res.arrayBuffer())));
    showAnswer($('tts-result'), answer.error ? res.status || 500 : res.status, answer);
    stop(answer.error ? `Failed: ${answer.error}` : 'Done: press play', Boolean(answer.error));
    if (answer.audio_url) $('tts-audio').src = answer.audio_url;
  } catch (error) {
    stop('Failed', true);
    showFailure($('tts-result'), error);
  }
}

async function translate(session, body) {
  $('translate-out').replaceChildren();
  const stop = progress($('translate-progress'), 'Translating');
  try {
    const { status, body: answer } = await postJson(session, '/v1/translate-text', body, 'header');
    showAnswer($('translate-result'), status, answer);
    const failed = (answer?.translations ?? []).filter((t) => t.error).length;
    stop(
      status === 200
        ? `Done${failed ? `: ${failed} target${failed > 1 ? 's' : ''} not translated` : ''}`
        : `HTTP ${status}`,
      status !== 200,
    );
    if (status !== 200) {
      const item = Object.assign(document.createElement('li'), { className: 'failed' });
      item.textContent = answer?.error ?? `HTTP ${status}`;
      $('translate-out').append(item);
      return;
    }
    for (const t of answer.translations) {
      const item = document.createElement('li');
      item.className = t.error ? 'failed' : '';
      const code = Object.assign(document.createElement('span'), {
        className: 'lang',
        textContent: t.language,
      });
      item.append(code);
      if (t.via)
        item.append(
          Object.assign(document.createElement('span'), {
            className: 'via',
            textContent: `via ${t.via.join(' → ')}`,
          }),
        );
      item.append(document.createTextNode(t.error ?? t.text));
      $('translate-out').append(item);
    }
  } catch (error) {
    stop('Failed', true);
    showFailure($('translate-result'), error);
  }
}
