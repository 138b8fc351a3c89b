// The request each tool sends, written out in curl, JavaScript and Python with this server's URL and
// the key in the key field, as tabs under the tool (WAI-ARIA tabs: arrow keys move between them).
import { $, shellQuote } from './api-client.js';

const LANGS = [
  ['curl', 'curl'],
  ['js', 'JavaScript'],
  ['python', 'Python'],
];

const key = () => $('api-key').value.trim() || '<API_KEY>';
const js = (value) => JSON.stringify(value, null, 2);
/** A JSON value as a Python literal (true/false/null spelled the Python way). */
const py = (value) =>
  JSON.stringify(value, null, 4).replace(
    /\b(true|false|null)\b/g,
    (w) => ({ true: 'True', false: 'False', null: 'None' })[w],
  );

/** Samples of a JSON POST; `auth` 'query' puts the key in the URL (stt), else in X-API-Key. */
export function jsonSamples(session, path, body, auth) {
  const url = auth === 'query' ? `${session.base_url}${path}?api_key=${key()}` : `${session.base_url}${path}`;
  const headers = auth === 'query' ? {} : { 'X-API-Key': key() };
  return {
    curl: [
      `curl -s -X POST ${shellQuote(url)}`,
      ...Object.entries(headers).map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`),
      `-H 'Content-Type: application/json'`,
      `-d ${shellQuote(JSON.stringify(body))}`,
    ].join(' \\\n  '),
    js: [
      `const res = await fetch(${js(url)}, {`,
      `  method: 'POST',`,
      `  headers: ${JSON.stringify({ ...headers, 'Content-Type': 'application/json' })},`,
      `  body: JSON.stringify(${js(body).replaceAll('\n', '\n  ')}),`,
      '});',
      'console.log(res.status, await res.json());',
    ].join('\n'),
    python: [
      'import requests',
      '',
      `res = requests.post(${js(url)},`,
      ...(auth === 'query' ? [] : [`    headers=${py(headers)},`]),
      `    json=${py(body).replaceAll('\n', '\n    ')})`,
      'print(res.status_code, res.json())',
    ].join('\n'),
  };
}

/** Samples of POST /v1/tts: a protobuf body in, a protobuf body out. */
export function ttsSamples(session, fields) {
  const url = `${session.base_url}/v1/tts?api_key=${key()}`;
  const text = Object.entries(fields)
    .map(([k, v]) => `${k}: "${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)
    .join(' ');
  const protoc = '-I schemas/proto parley/v1/tts.proto';
  return {
    curl: [
      `printf '%s' ${shellQuote(text)} \\`,
      `  | protoc --encode=parley.v1.SessionTTSRequest ${protoc} > request.bin`,
      `curl -s -X POST ${shellQuote(url)} -H 'Content-Type: application/x-protobuf' --data-binary @request.bin \\`,
      `  | protoc --decode=parley.v1.SessionTTSResponse ${protoc}`,
      '# then: curl -so speech.ogg "<audio_url from the answer>"',
    ].join('\n'),
    js: [
      "import protobuf from 'protobufjs'; // npm install protobufjs",
      '',
      "const root = await protobuf.load('schemas/proto/parley/v1/tts.proto', { keepCase: true });",
      "const Request = root.lookupType('parley.v1.SessionTTSRequest');",
      "const Response = root.lookupType('parley.v1.SessionTTSResponse');",
      `const res = await fetch(${js(url)}, {`,
      "  method: 'POST',",
      "  headers: { 'Content-Type': 'application/x-protobuf' },",
      `  body: Request.encode(Request.create(${JSON.stringify(fields)})).finish(),`,
      '});',
      'const answer = Response.decode(new Uint8Array(await res.arrayBuffer()));',
      'console.log(answer.audio_url || answer.error);',
    ].join('\n'),
    python: [
      '# protoc --python_out=. -I schemas/proto parley/v1/tts.proto',
      'import requests',
      'from parley.v1 import tts_pb2',
      '',
      `request = tts_pb2.SessionTTSRequest(${Object.entries(fields)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(', ')})`,
      `res = requests.post(${js(url)},`,
      "    headers={'Content-Type': 'application/x-protobuf'}, data=request.SerializeToString())",
      'answer = tts_pb2.SessionTTSResponse.FromString(res.content)',
      'print(answer.audio_url or answer.error)',
    ].join('\n'),
  };
}

/** Samples of the live stream: a WebSocket session (curl cannot send its frames). */
export function liveSamples(session, config) {
  const url = `${session.ws_url}/v1/stt/stream?api_key=${key()}&format=json`;
  return {
    curl: [
      '# A WebSocket session: curl cannot send its frames. The JavaScript and Python tabs stream',
      '# a 16 kHz mono pcm16 file (speech.raw, e.g. from: ffmpeg -i speech.wav -f s16le -ac 1 -ar 16000 speech.raw).',
      `# URL:    ${url}`,
      `# first:  text frame ${JSON.stringify(config)}`,
      '# then:   binary frames of 640 bytes (20 ms) in real time, then one empty binary frame',
    ].join('\n'),
    js: [
      "import { readFileSync } from 'node:fs';",
      "import WebSocket from 'ws'; // npm install ws",
      '',
      `const ws = new WebSocket(${js(url)});`,
      "const audio = readFileSync('speech.raw');",
      `ws.on('open', () => ws.send(JSON.stringify(${JSON.stringify(config)})));`,
      "ws.on('message', async (data) => {",
      '  const frame = JSON.parse(data);',
      '  if (frame.connected) {',
      '    for (let at = 0; at < audio.length; at += 640) {',
      '      ws.send(audio.subarray(at, at + 640));',
      '      await new Promise((r) => setTimeout(r, 20)); // real time',
      '    }',
      '    ws.send(Buffer.alloc(0)); // the empty frame: finalize',
      "  } else if (frame.chunk?.is_final) console.log('speaker', frame.chunk.speaker, frame.chunk.text);",
      '  else if (frame.finished) ws.close();',
      '});',
    ].join('\n'),
    python: [
      '# pip install websockets',
      'import asyncio, json, websockets',
      '',
      'async def main():',
      `    async with websockets.connect(${js(url)}) as ws:`,
      `        await ws.send(json.dumps(${JSON.stringify(config)}))`,
      '        print(await ws.recv())  # {"connected": true, ...}',
      "        audio = open('speech.raw', 'rb').read()",
      '        async def send():',
      '            for at in range(0, len(audio), 640):',
      '                await ws.send(audio[at:at + 640])',
      '                await asyncio.sleep(0.02)  # real time',
      "            await ws.send(b'')  # the empty frame: finalize",
      '        sender = asyncio.create_task(send())',
      '        async for message in ws:',
      '            frame = json.loads(message)',
      "            if frame.get('chunk', {}).get('is_final'):",
      "                print(frame['chunk'].get('speaker'), frame['chunk']['text'])",
      "            if frame.get('finished'):",
      '                break',
      '        await sender',
      '',
      'asyncio.run(main())',
    ].join('\n'),
  };
}

/** Samples of POST /playground/uploads: a local file's bytes, answered with its signed URL. */
export function uploadSamples(session, name, type) {
  const url = `${session.base_url}/playground/uploads`;
  return {
    curl: `curl -s -X POST ${shellQuote(url)} -H ${shellQuote(`X-API-Key: ${key()}`)} \\\n  -H ${shellQuote(`Content-Type: ${type}`)} --data-binary @${shellQuote(name)}`,
    js: `const res = await fetch(${js(url)}, {\n  method: 'POST',\n  headers: ${JSON.stringify({ 'X-API-Key': key(), 'Content-Type': type })},\n  body: readFileSync(${js(name)}),\n});\nconst { url } = await res.json();`,
    python: `res = requests.post(${js(url)},\n    headers=${py({ 'X-API-Key': key(), 'Content-Type': type })},\n    data=open(${js(name)}, 'rb'))\nurl = res.json()['url']`,
  };
}

/** Fills the tab set in `<div class="code" data-code=name>` with `samples` (built on first use). */
export function showSamples(name, samples) {
  const box = document.querySelector(`.code[data-code="${name}"]`);
  if (!box.firstChild) build(box, name);
  for (const [lang] of LANGS) box.querySelector(`[data-lang="${lang}"] code`).textContent = samples[lang];
}

function build(box, name) {
  const list = Object.assign(document.createElement('div'), { role: 'tablist', className: 'tabs' });
  list.setAttribute('aria-label', 'Request as code');
  const tabs = [];
  const panels = [];
  for (const [lang, label] of LANGS) {
    const id = `${name}-code-${lang}`;
    const tab = Object.assign(document.createElement('button'), {
      type: 'button',
      id: `${id}-tab`,
      textContent: label,
    });
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', id);
    tab.dataset.lang = lang;
    const panel = Object.assign(document.createElement('pre'), { id, tabIndex: 0, className: 'request' });
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.dataset.lang = lang;
    panel.append(document.createElement('code'));
    tabs.push(tab);
    panels.push(panel);
  }
  const select = (index) => {
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
      panels[i].hidden = i !== index;
    });
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(i));
    tab.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = (i + step + tabs.length) % tabs.length;
      select(next);
      tabs[next].focus();
    });
  });
  const copy = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'copy',
    textContent: 'Copy',
  });
  copy.addEventListener('click', async () => {
    const shown = panels.find((p) => !p.hidden);
    await navigator.clipboard?.writeText(shown.textContent).catch(() => {});
    copy.textContent = 'Copied';
    setTimeout(() => {
      copy.textContent = 'Copy';
    }, 1500);
  });
  list.append(...tabs);
  const head = Object.assign(document.createElement('div'), { className: 'code-head' });
  head.append(list, copy);
  box.append(head, ...panels);
  select(0);
}
