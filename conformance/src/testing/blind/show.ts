import { startReferenceServer } from '../../reference-server.js';
import type { Variant } from '../variant-edits.js';
import { startVariantProxy } from '../variant-proxy.js';
import { call, type Demo, partnerCall, signInTokens, type Target } from './show-client.js';
import { PARTNER_DEMOS } from './show-partner.js';
import { REST_DEMOS } from './show-rest.js';
import { SPEECH_DEMOS } from './show-speech.js';
import { BLIND_VARIANTS } from './variants.js';
import { BLIND_VIOLATIONS } from './violations.js';

// Shows what each blind entry changes: starts the reference server, runs the entry's one exchange
// on it and then through the entry's proxy, and prints both with CHANGED or SAME. Arguments keep
// the entries whose id starts with one of them. Test tooling; it runs no check of the kit.
//   npx tsx src/testing/blind/show.ts [id-prefix ...]

const DEMOS: Record<string, Demo> = { ...REST_DEMOS, ...SPEECH_DEMOS, ...PARTNER_DEMOS };
const prefixes = process.argv.slice(2);
const entries: [string, Variant][] = [
  ...BLIND_VIOLATIONS.map((v): [string, Variant] => ['violation', v]),
  ...BLIND_VARIANTS.map((v): [string, Variant] => ['variant', v]),
].filter(([, v]) => prefixes.length === 0 || prefixes.some((p) => v.id.startsWith(p)));

const ref = await startReferenceServer();
const direct: Target = { baseUrl: ref.baseUrl, wsUrl: ref.wsUrl, ref, partnerToken: '' };
direct.partnerToken = String((await signInTokens(direct)).body.access_token);
// The partner user takes part in the transcribed meeting, so its summaries reach the partner triggers.
const me = (await partnerCall(direct, '/api/partner/me')).body;
await call(direct, '/v1/add-meeting-participants', {
  meeting_id: ref.transcriptMeetingId,
  participant_ids: [me.user_id],
});
await call(direct, '/v1/summarize-meeting', { meeting_id: ref.transcriptMeetingId });

const shown = (value: unknown) => JSON.stringify(value ?? null).slice(0, 140);
const tally = { changed: 0, same: [] as string[], missing: [] as string[] };
try {
  for (const [kind, variant] of entries) {
    const demo = DEMOS[variant.id];
    if (!demo) {
      tally.missing.push(variant.id);
      console.log(`${kind} ${variant.id}: NO EXCHANGE`);
      continue;
    }
    const before = shown(await demo(direct));
    const proxy = await startVariantProxy(ref, variant);
    let after: string;
    try {
      after = shown(await demo({ ...direct, baseUrl: proxy.baseUrl, wsUrl: proxy.wsUrl }));
    } finally {
      await proxy.close();
    }
    const changed = before !== after;
    if (changed) tally.changed += 1;
    else tally.same.push(variant.id);
    console.log(
      `${changed ? 'CHANGED' : 'SAME   '} ${kind} ${variant.id}\n  reference: ${before}\n  deployment: ${after}`,
    );
  }
} finally {
  await ref.close();
}
console.log(
  `\n${tally.changed} of ${entries.length} changed; same: ${tally.same.join(', ') || 'none'}; no exchange: ${tally.missing.join(', ') || 'none'}`,
);
process.exit(tally.same.length + tally.missing.length > 0 ? 1 : 0);
