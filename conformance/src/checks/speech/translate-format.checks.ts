import { couldNotJudge, skip, verify } from '../../check.js';
import { at } from '../../json-path.js';
import { verifyStatus } from '../../schema-check.js';
import { wordCount } from '../../wer.js';
import { define } from '../define.js';
import { translations } from './lenience-audio.checks.js';

// translate-text "preserves document formatting": a text of paragraphs and list lines comes back
// with as many lines. The answer's shape is not shown, so every string of it long enough to be a
// translation of the text (half its words or more) is judged, wherever it sits.

const DOCUMENT = 'Good morning.\n\nThe budget was approved.\n- first item\n- second item';
const BODIES = [{ text: DOCUMENT, target_languages: ['fr', 'es'] }];

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/** Every string in a JSON value, with its path. */
function strings(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

export const translateFormatChecks = [
  define({
    id: 'speech.22.translate-formatting',
    title: 'translate-text keeps the lines of a document (paragraphs, list items) in its translations',
    area: 'speech',
    clause: 'Text translation: translates plain text and preserves document formatting',
    spec: 'Translates plain text and preserves document formatting.',
    level: 'MUST',
    full: true,
    start: (ctx) => void translations(ctx, 'translate-format', BODIES).catch(() => undefined),
    async run(ctx) {
      const [reply] = await translations(ctx, 'translate-format', BODIES);
      if (!reply) return;
      const what = 'translate-text a document of 4 lines';
      if (reply.status === 503) skip('the deployment has no translation engine (503)');
      if (!verifyStatus(reply, 200, what)) return;
      const found = strings(reply.body).filter(
        ([, text]) => text !== DOCUMENT && wordCount(text) * 2 >= wordCount(DOCUMENT),
      );
      if (found.length === 0)
        couldNotJudge(`${what}: no string of the answer is long enough to be a translation`);
      const want = lines(DOCUMENT).length;
      for (const [path, text] of found)
        verify(
          lines(text).length === want,
          'VALUE',
          `${what}: ${path} has ${lines(text).length} lines, the document ${want}: its formatting was not kept`,
          at(what, path, `${want} lines`, text),
        );
      return `${found.length} translations of ${want} lines`;
    },
  }),
];
