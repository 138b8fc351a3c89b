import {
  type ApertiumOptions,
  type ApertiumRunTranslator,
  apertiumInstallHint,
  createApertiumRunTranslator,
} from '../src/engines/translate/apertium.backend.js';

// Tests that run the real Apertium pipelines need Debian's pair packages; without them they fail
// with one line saying what to install (never a silent skip).

/** The pairs the tests translate through; each comes from one package of APERTIUM_PACKAGES. */
const NEEDED = [
  'en>es',
  'es>en',
  'es>fr',
  'es>pt',
  'es>it',
  'es>ca',
  'en>gl',
  'en>sr',
  'en>hr',
  'en>bs',
  'fr>ca',
  'ca>fr',
  'es>gl',
  'gl>pt',
];

export function requireApertium(options: ApertiumOptions = {}): ApertiumRunTranslator {
  const backend = createApertiumRunTranslator(options);
  const missing = NEEDED.filter((pair) => {
    const [source = '', target = ''] = pair.split('>');
    return !backend?.graph.direct(source, target);
  });
  if (!backend || missing.length > 0) {
    throw new Error(`Apertium pairs missing (${missing.join(', ')}): ${apertiumInstallHint()}`);
  }
  return backend;
}
