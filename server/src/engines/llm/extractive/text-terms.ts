// Words as ranking terms: lower-cased letters and digits, English stop words and meeting small talk
// dropped, a plural "s" folded ("budgets" = "budget"). Chinese and Japanese have no spaces, so their runs of characters
// become overlapping character pairs, the usual unit for ranking text in those scripts.

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing done down during each else even ever every few for from ' +
    'further get gets getting go goes going got had has have having he her here hers herself him himself his how ' +
    'i if in into is it its itself just know let lets like me might more most much must my myself no nor not now ' +
    'of off ok okay on once only or other our ours ourselves out over own really right same say said see she ' +
    'should so some something such sure than that thats the their theirs them themselves then there these they ' +
    'thing things think this those through to too um uh under until up us very was we well were what when where ' +
    'which while who whom why will with would yeah yes you your yours yourself yourselves going gonna want ' +
    // Meeting small talk: in every transcript, and never the point of one.
    'good morning afternoon evening everyone everybody hello hi hey thanks thank joining welcome start meeting call ' +
    'today great guys folks'
  ).split(' '),
);

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/u;
const WORD = /[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu;

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const [raw] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    if (CJK_RUN.test(raw)) {
      for (const run of raw.match(new RegExp(CJK_RUN.source, 'gu')) ?? []) {
        if (run.length === 1) out.push(run);
        for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
      }
      continue;
    }
    const word = raw.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    out.push(word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return out;
}
