import type { Validated } from '@parley/schemas';
import { DocumentCallbackStatus } from '@parley/schemas/constants';
import { Webhook } from 'standardwebhooks';
import { expectAnswer } from '../../answer.js';
import { startCallbackReceiver } from '../../callback-receiver.js';
import type { AnswerOf } from '../../catalog.js';
import { couldNotJudge, expect, fail, skip, verify } from '../../check.js';
import { excerpt } from '../../http-client.js';
import { at } from '../../json-path.js';
import { partnerBearer, partnerGet } from '../../partner-oauth.js';
import { expectStatus, expectValid, expectValidBody } from '../../schema-check.js';
import { define } from '../define.js';
import { judgeNewerSummary } from './partner-latest-summary.js';
import { subjectMeeting } from './partner-subject.js';
import { judgeStableIds, TRIGGERS, triggerItems } from './partner-triggers.js';

// Partner checks of what the interface serves with a bearer token: the four triggers, meeting
// details and generate-document (synchronous, and with a callback to the kit's own receiver whose
// Standard Webhooks signature is verified with the `standardwebhooks` package).

type SummaryItem = Validated<'trigger-summary-ready.item'>;
/** The fields of a summary both the summary-ready trigger and the meeting's latest_summary carry. */
const SUMMARY_FIELDS = ['markdown_body', 'ai_model', 'created_at'] satisfies readonly (keyof SummaryItem &
  keyof NonNullable<AnswerOf<'partner-meeting'>['latest_summary']>)[];

const CALLBACK_WAIT_MS = 60_000;

export const partnerDataChecks = [
  define({
    id: 'partner.04.triggers',
    title:
      'Each trigger: a JSON array, newest first, at most 50, unique ids, items of the schema; an item polled again keeps its id (full profile)',
    area: 'partner',
    clause:
      'Automation-platform interface: trigger routes return a JSON array sorted newest first, at most 50 items, id the deduplication key',
    spec: "Trigger routes are `GET`, return a JSON array sorted newest first, at most 50 items, and each item's `id` is its deduplication key.",
    level: 'MUST',
    async run(ctx) {
      const counts: string[] = [];
      for (const trigger of TRIGGERS) {
        const items = await triggerItems(ctx, trigger);
        counts.push(`${trigger.name} ${items.length}`);
        // Polled again in the full profile (smoke reads each trigger once).
        if (ctx.target.profile === 'full') await judgeStableIds(ctx, trigger, items);
      }
      if (counts.every((c) => c.endsWith(' 0'))) {
        couldNotJudge('every trigger is empty: order, ids and item shapes could not be judged');
      }
      return counts.join(', ');
    },
  }),
  define({
    id: 'partner.05.meeting-details',
    title: 'Meeting details with the latest summary, a newer one at once',
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
      const details = expectAnswer(reply, 'partner-meeting', what);
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
      for (const field of SUMMARY_FIELDS) {
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
      return `meeting ${meeting.id}; ${await judgeNewerSummary(ctx)}`;
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
      const doc = expectAnswer(sync, 'generate-document', gd);
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
          ['--callback-url'],
        );
      }
      const receiver = await startCallbackReceiver(ctx.target.callback.listen, ctx.target.callback.url);
      try {
        const url = `${receiver.url}${receiver.url.includes('?') ? '&' : '?'}run=${encodeURIComponent(ctx.target.runId)}`;
        const accepted = await post({ prompt, callback_url: url });
        expectStatus(accepted, 200, 'generate-document with callback_url');
        // The 202-style reply to a request with callback_url: the catalog's route names only the 200.
        const ack = expectValid(
          'generate-document-accepted.response',
          accepted,
          'generate-document with callback_url',
        );
        verify(
          ack.success === true && ack.meeting_id === meeting.id,
          'VALUE',
          'generate-document with callback_url: not accepted for the meeting',
          at('generate-document with callback_url', '$', { success: true, meeting_id: meeting.id }, ack),
        );
        const delivery = await receiver.next(
          (d) => d.path.includes(encodeURIComponent(ctx.target.runId)),
          Math.min(ctx.target.timeoutMs ?? CALLBACK_WAIT_MS, CALLBACK_WAIT_MS),
        );
        expect(
          delivery,
          'MISSING_ITEM',
          `no callback reached ${url} within ${Math.min(ctx.target.timeoutMs ?? CALLBACK_WAIT_MS, CALLBACK_WAIT_MS) / 1000} s`,
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
        const callback = expectValidBody(
          'generate-document-callback',
          body,
          'callback',
          'the callback body does not match its schema: ',
        );
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
        // Only a `success` callback carries a document (the schema's union).
        const text = callback.status === DocumentCallbackStatus.SUCCESS ? callback.document_text : undefined;
        verify(
          String(text ?? '').trim().length > 0,
          'VALUE',
          "the callback's document_text is empty",
          at('callback', '$.document_text', 'a document', text),
        );
        if (!ctx.target.webhookSecret) {
          return skip(
            'the synchronous answer and the callback conform; verifying its signature needs --webhook-secret',
            ['--webhook-secret'],
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
        return `document of ${(doc.document_text ?? '').length} chars; callback delivered and verified`;
      } finally {
        await receiver.close();
      }
    },
  }),
];
