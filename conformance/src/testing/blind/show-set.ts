import { startReferenceServer } from '../../reference-server.js';
import type { Variant } from '../variant-edits.js';
import { startVariantProxy } from '../variant-proxy.js';
import { call, type Demo, partnerCall, signInTokens, type Target } from './show-client.js';

// show.ts for a numbered blind set (set5/show5.ts, set6/show6.ts): each entry's one exchange on the
// reference server and through the entry's proxy, printed with CHANGED or SAME. Returns the exit
// code: 1 when an entry changes nothing or has no exchange. `prefixes` keep the entries whose id
// starts with one of them.

export async function showSet(
  violations: readonly Variant[],
  variants: readonly Variant[],
  demos: Record<string, Demo>,
  prefixes: readonly string[],
): Promise<number> {
  const entries: [string, Variant][] = [
    ...violations.map((v): [string, Variant] => ['violation', v]),
    ...variants.map((v): [string, Variant] => ['variant', v]),
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

  const shown = (value: unknown) => JSON.stringify(value ?? null);
  /** Where two shown values first differ (0 when they are equal), so long answers show their change. */
  const firstDiff = (a: string, b: string) => {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    return i < a.length || a.length !== b.length ? Math.max(0, i - 100) : 0;
  };
  const cut = (text: string, from: number) => `${from > 0 ? '…' : ''}${text.slice(from, from + 260)}`;
  const tally = { changed: 0, same: [] as string[], missing: [] as string[] };
  try {
    for (const [kind, variant] of entries) {
      const demo = demos[variant.id];
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
      const at = firstDiff(before, after);
      if (changed) tally.changed += 1;
      else tally.same.push(variant.id);
      console.log(
        `${changed ? 'CHANGED' : 'SAME   '} ${kind} ${variant.id}\n  reference: ${cut(before, at)}\n  deployment: ${cut(after, at)}`,
      );
    }
  } finally {
    await ref.close();
  }
  console.log(
    `\n${tally.changed} of ${entries.length} changed; same: ${tally.same.join(', ') || 'none'}; no exchange: ${tally.missing.join(', ') || 'none'}`,
  );
  return tally.same.length + tally.missing.length > 0 ? 1 : 0;
}
