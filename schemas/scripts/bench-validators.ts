// Prints what the validators cost: import (read + add every schema), compiling all of them, and the
// time per validation of a typical request and response. Numbers only; nothing is asserted.
const t00 = performance.now();
await import('ajv/dist/2020.js');
await import('ajv-formats');
const ajvImport = performance.now() - t00;
const t0 = performance.now();
const { compileAll, getSchema, schemaIds, validate } = await import('../src/index.js');
const imported = performance.now() - t0;

const t1 = performance.now();
const firstId = 'get-meetings.response';
validate(firstId, getSchema(firstId).examples?.[0]);
const first = performance.now() - t1;

const t2 = performance.now();
compileAll();
const compiled = performance.now() - t2;

function perCall(id: string, data: () => unknown, rounds = 20_000): number {
  const inputs = Array.from({ length: rounds }, data);
  const start = performance.now();
  for (const input of inputs) validate(id, input);
  return ((performance.now() - start) / rounds) * 1000;
}

const example = (id: string) => () => structuredClone(getSchema(id).examples?.[0]);
const rows: [string, string][] = [
  ['schemas loaded', String(schemaIds().length)],
  ['import of ajv + ajv-formats themselves (ms)', ajvImport.toFixed(1)],
  ['import of index.ts: read + add all (ms)', imported.toFixed(1)],
  ['first validation incl. compile (ms)', first.toFixed(1)],
  ['compile all the others (ms)', compiled.toFixed(1)],
  [
    'create-meeting.request valid (µs/call)',
    perCall('create-meeting.request', example('create-meeting.request')).toFixed(2),
  ],
  [
    'get-meetings.response valid (µs/call)',
    perCall('get-meetings.response', example('get-meetings.response')).toFixed(2),
  ],
  [
    'get-meetings.request invalid, 3 details (µs/call)',
    perCall('get-meetings.request', () => ({ limit: 80, last_updated_at: 'x', page: 1 })).toFixed(2),
  ],
  [
    'stt.request invalid union (µs/call)',
    perCall('stt.request', () => ({ audio_url: 'https://a.example/a.wav', language_hints: 5 }), 2000).toFixed(
      2,
    ),
  ],
];
for (const [name, value] of rows) console.log(`${name.padEnd(52)} ${value}`);
