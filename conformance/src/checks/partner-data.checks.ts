import { DocumentCallbackStatus, Limits } from '@parley/schemas/constants';
import { triggerRoutes } from '@parley/schemas/routes';
import { Webhook } from 'standardwebhooks';
import { startCallbackReceiver } from '../callback-receiver.js';
import { couldNotJudge, deviate, expect, fail, skip, verify } from '../check.js';
import type { CheckContext } from '../context.js';
import { excerpt } from '../http-client.js';
import { at } from '../json-path.js';
import { partnerBearer, partnerGet } from '../partner-oauth.js';
import { expectSchema, expectStatus, schemaProblems, verifyStatus } from '../schema-check.js';
import { define } from './define.js';

// Partner checks of what the interface serves with a bearer token: the four triggers, meeting
// details and generate-document (synchronous, and with a callback to the kit's own receiver whose
// Standard Webhooks signature is verified with the `standardwebhooks` package).

/** The catalog's triggers (path segment after `triggers/`) and the field each is ordered by, newest first. */
export const TRIGGERS = triggerRoutes.map((route) => ({
  name: route.name.replace(/^trigger-/, ''),
  newestBy: route.trigger.orderedBy,
}));

function triggerNamed(name: string): (typeof TRIGGERS)[number] {
  const trigger = TRIGGERS.find((t) => t.name === name);
  if (!trigger) throw new Error(`the catalog has no trigger ${name}`);
  return trigger;
}

type Item = Record<string, unknown> & { id: string };

/** One trigger's items, checked: 200, an array of at most 50 schema-valid items, unique ids, newest first. */
async function triggerItems(ctx: CheckContext, trigger: (typeof TRIGGERS)[number]): Promise<Item[]> {
  const what = `trigger ${trigger.name}`;
  const reply = await partnerGet(ctx, `/api/partner/triggers/${trigger.name}`);
  // One trigger's fault does not hide another's: each is judged, then the next.
  if (!verifyStatus(reply, 200, what)) return [];
  if (
    !verify(
      Array.isArray(reply.body),
      'TYPE',
      `${what}: the answer is not a JSON array: ${reply.text.slice(0, 200)}`,
      at(what, '$', 'a JSON array', reply.text.slice(0, 200)),
    )
  )
    return [];
  const items = reply.body as Item[];
  verify(
    items.length <= Limits.triggerItems,
    'COUNT',
    `${what}: ${items.length} items, more than ${Limits.triggerItems}`,
    at(what, '$', `at most ${Limits.triggerItems} items`, items.length),
  );
  items.forEach((item, index) => {
    for (const p of schemaProblems(`trigger-${trigger.name}.item`, item, what))
      deviate(p.code, `${what}: item ${index}: ${p.message}`, {
        ...p.at,
        path: `${what} $[${index}]${p.at.path.slice(what.length + 2)}`,
      });
  });
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    verify(
      !seen.has(item.id),
      'DUPLICATE',
      `${what}: id "${item.id}" appears twice (ids are deduplication keys)`,
      at(what, `$[${i}].id`, 'a new id', item.id),
    );
    seen.add(item.id);
  }
  for (let i = 1; i < items.length; i++) {
    const [newer, older] = [items[i - 1], items[i]].map((x) => Date.parse(String(x?.[trigger.newestBy])));
    verify(
      (newer ?? 0) >= (older ?? 0),
      'ORDER',
      `${what}: item ${i} (${trigger.newestBy} ${String(items[i]?.[trigger.newestBy])}) is newer than item ${i - 1}: not newest first`,
      at(
        what,
        `$[${i}].${trigger.newestBy}`,
        `at most ${String(items[i - 1]?.[trigger.newestBy])}`,
        items[i]?.[trigger.newestBy],
      ),
    );
  }
  return items;
}

/** A trigger's items as answered, unjudged (partner.04 judges them): empty when it answers no array. */
async function listed(ctx: CheckContext, trigger: (typeof TRIGGERS)[number]): Promise<Item[]> {
  const reply = await partnerGet(ctx, `/api/partner/triggers/${trigger.name}`);
  return reply.status === 200 && Array.isArray(reply.body) ? (reply.body as Item[]) : [];
}

/**
 * A meeting of the user to work on: the newest summarized meeting that has ended (an ended meeting
 * is one no check of the run creates or deletes, whatever runs beside), else the newest summarized
 * one, else the newest ended one.
 */
async function subjectMeeting(ctx: CheckContext): Promise<{ id: string; summary?: Item }> {
  const time = (item: Item, field: string) => Date.parse(String(item[field]));
  const newest = (items: Item[], field: string) =>
    [...items].sort((a, b) => time(b, field) - time(a, field))[0];
  // Never one of the run's own meetings (titled with the run id): another lane may be deleting it.
  const runs = (title: unknown) => String(title ?? '').startsWith(ctx.target.runId);
  const summaries = (await listed(ctx, triggerNamed('summary-ready'))).filter((s) => !runs(s.meeting_title));
  const ended = (await listed(ctx, triggerNamed('meeting-ended'))).filter((m) => !runs(m.title));
  const endedIds = new Set(ended.map((m) => m.id));
  const summary =
    newest(
      summaries.filter((s) => endedIds.has(String(s.meeting_id))),
      'created_at',
    ) ?? newest(summaries, 'created_at');
  if (summary) return { id: String(summary.meeting_id), summary };
  const last = newest(ended, 'end_at');
  if (last) return { id: last.id };
  return couldNotJudge(
    'the user has no summarized or ended meeting (both triggers are empty): nothing to ask about',
  );
}

const CALLBACK_WAIT_MS = 60_000;

export const partnerDataChecks = [
  define({
    id: 'partner.04.triggers',
    title: 'Each trigger: a JSON array, newest first, at most 50, unique ids, items of the schema',
    area: 'partner',
    clause:
      'Automation-platform interface: trigger routes return a JSON array sorted newest first, at most 50 items, id the deduplication key',
    spec: "Trigger routes are `GET`, return a JSON array sorted newest first, at most 50 items, and each item's `id` is its deduplication key.",
    level: 'MUST',
    async run(ctx) {
      const counts: string[] = [];
      for (const trigger of TRIGGERS)
        counts.push(`${trigger.name} ${(await triggerItems(ctx, trigger)).length}`);
      if (counts.every((c) => c.endsWith(' 0'))) {
        couldNotJudge('every trigger is empty: order, ids and item shapes could not be judged');
      }
      return counts.join(', ');
    },
  }),
  define({
    id: 'partner.05.meeting-details',
    title: 'Meeting details with the latest summary',
    area: 'partner',
    clause:
      'Automation-platform interface: GET /api/partner/meetings/{id}, meeting details with the latest AI summary',
    spec: 'GET /api/partner/meetings/{id} | meeting details with the latest AI summary',
    level: 'MUST',
    async run(ctx) {
      const meeting = await subjectMeeting(ctx);
      const path = `/api/partner/meetings/${encodeURIComponent(meeting.id)}`;
      const what = '/api/partner/meetings/{id}';
      const reply = await partnerGet(ctx, path);
      expectStatus(reply, 200, what);
      expectSchema('partner-meeting.response', reply, what);
      const details = reply.body as { id: string; latest_summary: Record<string, unknown> | null };
      verify(
        details.id === meeting.id,
        'VALUE',
        `${path}: id is "${details.id}"`,
        at(what, '$.id', meeting.id, details.id),
      );
      const summary = meeting.summary;
      if (!summary) return couldNotJudge('the user has no summary: latest_summary could not be judged');
      const latest = details.latest_summary;
      expect(
        latest,
        'MISSING_FIELD',
        `${path}: latest_summary is null, but summary-ready lists a summary of the meeting`,
        at(what, '$.latest_summary', 'the newest summary', latest),
      );
      for (const field of ['markdown_body', 'ai_model', 'created_at']) {
        const same =
          field === 'created_at'
            ? Date.parse(String(latest.created_at)) === Date.parse(String(summary.created_at))
            : latest[field] === summary[field];
        verify(
          same,
          'VALUE',
          `${path}: latest_summary.${field} is not the newest summary's that summary-ready lists (created ${String(summary.created_at)})`,
          at(what, `$.latest_summary.${field}`, summary[field], latest[field]),
        );
      }
      return `meeting ${meeting.id}`;
    },
  }),
  define({
    id: 'partner.06.generate-document',
    title: 'generate-document: synchronous, and with a callback to the kit (signature verified)',
    area: 'partner',
    clause: 'Automation-platform interface: generate-document; Events: Callback',
    spec: 'Without callback_url the response is {success, meeting_id, document_text, message}. With callback_url [...] the service sends a POST to callback_url with {status (`success`), meeting_id, document_text, created_at}.',
    choices: 'callbacks signed with Standard Webhooks (judged only when --webhook-secret is given)',
    level: 'MUST',
    async run(ctx) {
      const meeting = await subjectMeeting(ctx);
      const path = `/api/partner/meetings/${encodeURIComponent(meeting.id)}/generate-document`;
      const post = async (body: Record<string, unknown>) =>
        ctx.http.send(ctx.partnerUrl(path), {
          method: 'POST',
          headers: { authorization: `Bearer ${await partnerBearer(ctx)}` },
          body,
        });
      const prompt = 'A short brief of this meeting for the team.';
      const sync = await post({ prompt });
      const gd = 'generate-document';
      expectStatus(sync, 200, gd);
      expectSchema('generate-document.response', sync, gd);
      const doc = sync.body as { success: boolean; meeting_id: string; document_text: string };
      verify(
        doc.success === true,
        'VALUE',
        `generate-document: success is ${doc.success}`,
        at(gd, '$.success', true, doc.success),
      );
      verify(
        doc.meeting_id === meeting.id,
        'VALUE',
        `generate-document: meeting_id is "${doc.meeting_id}"`,
        at(gd, '$.meeting_id', meeting.id, doc.meeting_id),
      );
      verify(
        String(doc.document_text ?? '').trim().length > 0,
        'VALUE',
        'generate-document: document_text is empty',
        at(gd, '$.document_text', 'a document', doc.document_text),
      );
      if (!ctx.target.callback) {
        return skip(
          'the synchronous answer conforms; the callback needs --callback-url (and --webhook-secret)',
        );
      }
      const receiver = await startCallbackReceiver(ctx.target.callback.listen, ctx.target.callback.url);
      try {
        const url = `${receiver.url}${receiver.url.includes('?') ? '&' : '?'}run=${encodeURIComponent(ctx.target.runId)}`;
        const accepted = await post({ prompt, callback_url: url });
        expectStatus(accepted, 200, 'generate-document with callback_url');
        expectSchema('generate-document-accepted.response', accepted, 'generate-document with callback_url');
        const ack = accepted.body as { success: boolean; meeting_id: string };
        verify(
          ack.success === true && ack.meeting_id === meeting.id,
          'VALUE',
          'generate-document with callback_url: not accepted for the meeting',
          at('generate-document with callback_url', '$', { success: true, meeting_id: meeting.id }, ack),
        );
        const delivery = await receiver.next(
          (d) => d.path.includes(encodeURIComponent(ctx.target.runId)),
          Math.min(ctx.target.timeoutMs, CALLBACK_WAIT_MS),
        );
        expect(
          delivery,
          'MISSING_ITEM',
          `no callback reached ${url} within ${Math.min(ctx.target.timeoutMs, CALLBACK_WAIT_MS) / 1000} s`,
          at('callback', '$', 'a POST to callback_url'),
        );
        ctx.extra.push({
          method: 'POST (received)',
          url,
          requestHeaders: Object.fromEntries(
            Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]),
          ),
          requestBody: excerpt(delivery.body),
          status: 200,
          repro: `# the deployment POSTed this to the kit's receiver at ${url}`,
        });
        let body: unknown;
        try {
          body = JSON.parse(delivery.body);
        } catch {
          fail(
            'DECODE',
            `the callback body is not JSON: ${delivery.body.slice(0, 200)}`,
            at('callback', '$', 'JSON', delivery.body.slice(0, 200)),
          );
        }
        for (const p of schemaProblems('generate-document-callback', body, 'callback'))
          deviate(p.code, `the callback body does not match its schema: ${p.message}`, p.at);
        const callback = (body ?? {}) as { status: string; meeting_id: string; document_text?: string };
        verify(
          callback.status === DocumentCallbackStatus.SUCCESS,
          'VALUE',
          `the callback's status is "${callback.status}", not "success"`,
          at('callback', '$.status', DocumentCallbackStatus.SUCCESS, callback.status),
        );
        verify(
          callback.meeting_id === meeting.id,
          'VALUE',
          `the callback's meeting_id is "${callback.meeting_id}"`,
          at('callback', '$.meeting_id', meeting.id, callback.meeting_id),
        );
        verify(
          String(callback.document_text ?? '').trim().length > 0,
          'VALUE',
          "the callback's document_text is empty",
          at('callback', '$.document_text', 'a document', callback.document_text),
        );
        if (!ctx.target.webhookSecret) {
          return skip(
            'the synchronous answer and the callback conform; verifying its signature needs --webhook-secret',
          );
        }
        try {
          new Webhook(ctx.target.webhookSecret).verify(
            delivery.body,
            delivery.headers as Record<string, string>,
          );
        } catch (error) {
          fail(
            'SECURITY',
            `the callback's signature does not verify (Standard Webhooks, --webhook-secret): ${(error as Error).message}`,
            at(
              'callback',
              'header webhook-signature',
              'a valid signature',
              delivery.headers['webhook-signature'],
            ),
          );
        }
        return `document of ${doc.document_text.length} chars; callback delivered and verified`;
      } finally {
        await receiver.close();
      }
    },
  }),
];
