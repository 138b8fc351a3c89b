// The playground's start: where the API is and with which key (/docs/session.json), and the
// fixtures this server offers; then each section wires itself.
import { $ } from './api-client.js';
import { setUpLive } from './live-stt.js';
import { setUpSpeechTools } from './speech-tools.js';

async function main() {
  const session = await fetch('/docs/session.json').then((r) => r.json());
  const { files } = await fetch('fixtures.json').then((r) => r.json());
  const note = $('key-note');
  if (session.demo_api_key) {
    $('api-key').value = session.demo_api_key;
    note.textContent =
      'Prefilled with the demo key of this server (a loopback server, asked from its own machine).';
  } else {
    note.textContent = 'Paste a key: `npm start` prints the demo key.';
  }
  if (!session.allow_private_urls) {
    note.textContent +=
      ' This server refuses audio URLs on private addresses, its own fixtures included: give public URLs, or start it with PARLEY_ALLOW_PRIVATE_URLS=1.';
  }
  setUpLive(session, files);
  setUpSpeechTools(session, files);
}

main().catch((error) => {
  $('key-note').textContent = `The playground could not start: ${error.message}`;
});
