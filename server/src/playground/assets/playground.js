// The playground's start: where the API is and with which key (/docs/session.json), the samples this
// server offers, and what its engines can do (/health); then each tool wires itself.
import { $ } from './api-client.js';
import { setUpFileTools } from './file-tools.js';
import { setUpLive } from './live-stt.js';
import { setUpTextTools } from './text-tools.js';

async function main() {
  const [session, { files }, health] = await Promise.all([
    fetch('/docs/session.json').then((r) => r.json()),
    fetch('fixtures.json').then((r) => r.json()),
    fetch('/health')
      .then((r) => r.json())
      .catch(() => undefined),
  ]);
  const note = $('key-note');
  if (session.demo_api_key) {
    $('api-key').value = session.demo_api_key;
    note.textContent =
      'Prefilled with the demo key of this server (a loopback server, asked from its own machine).';
  } else {
    note.textContent = 'Paste a key: `npm start` prints the demo key.';
  }
  setUpLive(session, files);
  setUpFileTools(session, files);
  setUpTextTools(session, health);
}

main().catch((error) => {
  $('key-note').textContent = `The playground could not start: ${error.message}`;
});
