import type { RecordedAnswer, RecordedError } from '../upstream-recording.js';

// What a LibreTranslate server (LibreTranslate/LibreTranslate, libretranslate/app.py and its API
// tests) answers. GET /languages lists each source with its targets; recent versions spell Chinese
// "zh-Hans"/"zh-Hant" and Brazilian Portuguese "pt-BR". POST /translate with a list in `q` answers
// the list in `translatedText`. Every error is {"error": "..."}: 400 for a language the server lacks
// ("<code> is not supported") or a text over --char-limit, 403 for a bad key, 429 past --req-limit.

const TARGETS = ['de', 'en', 'es', 'fr', 'pt', 'pt-BR', 'zh-Hans', 'zh-Hant'];
const entry = (code: string, name: string) => ({ code, name, targets: TARGETS.filter((t) => t !== code) });

export const LANGUAGES: RecordedAnswer = {
  server: 'libretranslate',
  status: 200,
  body: [
    entry('en', 'English'),
    entry('de', 'German'),
    entry('es', 'Spanish'),
    entry('fr', 'French'),
    entry('pt', 'Portuguese'),
    entry('pt-BR', 'Portuguese (Brazil)'),
    entry('zh-Hans', 'Chinese'),
    entry('zh-Hant', 'Chinese (traditional)'),
  ],
};

export const TRANSLATED: RecordedAnswer = {
  server: 'libretranslate',
  status: 200,
  body: { translatedText: ['Ordre du jour', 'Revoir le budget'] },
};

/** `failsAlone`: the server lacks the language, so that target fails on its own (a 400 entry). */
export const TRANSLATE_ERRORS: (RecordedError & { failsAlone: boolean })[] = [
  {
    server: 'libretranslate',
    status: 400,
    body: { error: 'ja is not supported' },
    message: 'ja is not supported',
    failsAlone: true,
  },
  {
    server: 'libretranslate',
    status: 400,
    body: { error: 'Invalid request: request (6120) exceeds text limit (5000)' },
    message: 'Invalid request: request (6120) exceeds text limit (5000)',
    failsAlone: false,
  },
  {
    server: 'libretranslate',
    status: 403,
    body: { error: 'Invalid API key' },
    message: 'Invalid API key',
    failsAlone: false,
  },
  {
    server: 'libretranslate',
    status: 429,
    body: { error: 'Slowdown: 30 per 1 minute' },
    message: 'Slowdown: 30 per 1 minute',
    failsAlone: false,
  },
];
