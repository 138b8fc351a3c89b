import { type Json, onAnswer, servedBy } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import {
  dropped,
  epoch,
  filledIn,
  ignored,
  numbered,
  onObjects,
  type Places,
  refusedWhen,
  retyped,
  setField,
} from './edits-meetings.js';
import type { FactViolation } from './fact-violation.js';
import { proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/messages/messages.facts.ts.

const SENT: Places = { '/v1/send-meeting-message': ['meeting_message'] };
const SUMMARIZED: Places = { '/v1/summarize-meeting': ['meeting_message'] };
const LISTED: Places = { '/v1/get-meeting-messages': ['messages', '*'] };
const MESSAGES: Places = { ...SENT, ...SUMMARIZED, ...LISTED };
const CACHED: Places = { '/v1/get-meeting-summary': ['summary'] };
const ACTIONS: Places = { '/v1/ask-ai-for-meeting': ['next_actions', '*'] };
const SUMMARY_OBJECTS: Places = {
  '/v1/summarize-meeting': ['meeting_message', 'summary'],
  '/v1/get-meeting-messages': ['messages', '*', 'summary'],
};

const g = (id: string) => `messages.${id}`;

/** get-meeting-summary's first answer for a meeting, kept and served whatever force_refresh says. */
const neverRefreshed = (): ProxyHooks => {
  const cache = new Map<string, Buffer>();
  return {
    answer(req: Exchange, a) {
      if (pathOf(req) !== '/v1/get-meeting-summary' || a.status !== 200) return a;
      const id = String(jsonOf(req.body).meeting_id);
      const kept = cache.get(id);
      if (kept) return { ...a, body: kept };
      cache.set(id, a.body);
      return a;
    },
  };
};

export const messagesViolations: readonly FactViolation[] = [
  retyped(g('message.id.type'), SENT, 'id', numbered, 'a sent message id answered as a number'),
  retyped(
    g('message.meeting_id.type'),
    LISTED,
    'meeting_id',
    (v) => ({ id: v }),
    'meeting_id listed as an object',
  ),
  proxied(g('message.meeting_id.content'), 'other-meeting', 'messages name another meeting than theirs', () =>
    setField(MESSAGES, 'meeting_id', (v) => `${String(v)}-x`),
  ),
  retyped(g('message.created_at.type'), LISTED, 'created_at', epoch, 'created_at listed as epoch seconds'),
  retyped(
    g('message.sender_id.type'),
    SENT,
    'sender_id',
    (v) => (v === undefined ? v : null),
    'sender_id answered as null',
  ),
  retyped(
    g('message.type.type'),
    LISTED,
    'type',
    (v) => (v === 'MT_USER' ? 1 : 2),
    'type listed as a number',
  ),
  proxied(g('message.type.user'), 'renamed', 'user messages listed as MT_TEXT', () =>
    setField(LISTED, 'type', (v) => (v === 'MT_USER' ? 'MT_TEXT' : v)),
  ),
  proxied(g('message.type.user'), 'answered-unprefixed', 'send-meeting-message answers type USER', () =>
    setField(SENT, 'type', (v) => (v === 'MT_USER' ? 'USER' : v)),
  ),
  proxied(g('message.type.summary'), 'renamed', 'summaries listed as MT_AI_SUMMARY', () =>
    setField(LISTED, 'type', (v) => (v === 'MT_SUMMARY' ? 'MT_AI_SUMMARY' : v)),
  ),
  retyped(g('message.text.type'), SENT, 'text', (v) => [v], 'text answered as an array'),
  proxied(g('message.summary.type'), 'renamed', 'summary.markdown_body answered as summary.body', () =>
    onObjects(SUMMARY_OBJECTS, ({ markdown_body, ...o }) => ({ ...o, body: markdown_body })),
  ),
  dropped(
    g('message.summary.presence'),
    SUMMARIZED,
    'summary',
    'summarize-meeting answers a message without summary',
  ),
  retyped(
    g('message.summary_status.type'),
    SUMMARIZED,
    'summary_status',
    (v) => (v === 'ESS_SUCCESS' ? 1 : 0),
    'summary_status as a number',
  ),
  proxied(g('message.summary_status.presence'), 'dropped', 'summary messages carry no summary_status', () =>
    onObjects(MESSAGES, ({ summary_status: _, ...o }) => o),
  ),
  retyped(g('cached-summary.id.type'), CACHED, 'id', numbered, 'the cached summary id as a number'),
  retyped(
    g('cached-summary.meeting_id.type'),
    CACHED,
    'meeting_id',
    (v) => [v],
    'the cached summary meeting_id as an array',
  ),
  retyped(
    g('cached-summary.type.value'),
    CACHED,
    'type',
    () => 'SUMMARY',
    'the cached summary typed SUMMARY',
  ),
  retyped(
    g('cached-summary.summary.type'),
    CACHED,
    'summary',
    (v) => (v as Json)?.markdown_body,
    'the cached summary as its Markdown string',
  ),
  retyped(g('next-action.type.type'), ACTIONS, 'type', () => 3, 'next action type as a number'),
  retyped(g('next-action.label.type'), ACTIONS, 'label', () => null, 'next action label null'),
  retyped(
    g('next-action.priority.type'),
    ACTIONS,
    'priority',
    (v) => (typeof v === 'number' ? v + 0.5 : v),
    'next action priority not an integer',
  ),
  dropped(
    g('send.answer'),
    { '/v1/send-meeting-message': [] },
    'meeting_message',
    'send-meeting-message answers {success} alone',
  ),
  proxied(g('send.effect'), 'text-changed', 'messages listed with their text changed', () =>
    setField(LISTED, 'text', (v) => (typeof v === 'string' ? v.toUpperCase() : v)),
  ),
  proxied(
    g('delete.effect'),
    'not-deleted',
    'delete-meeting-message answers success and deletes nothing',
    () =>
      servedBy(
        '/v1/delete-meeting-message',
        '/v1/get-meeting-messages',
        (asked) => ({ meeting_id: asked.meeting_id, limit: 1 }),
        (_up, status) => [status, { success: true }],
      ),
  ),
  proxied(g('delete.success'), 'false', 'delete-meeting-message answers success false', () =>
    onAnswer('/v1/delete-meeting-message', (b, s) => [s, s === 200 ? { ...b, success: false } : b]),
  ),
  proxied(g('list.limit.default'), 'twenty', 'get-meeting-messages without a limit pages by 20', () =>
    filledIn('/v1/get-meeting-messages', 'limit', 20),
  ),
  proxied(g('list.cursor.moves'), 'ignored', 'get-meeting-messages ignores last_updated_at', () =>
    ignored('/v1/get-meeting-messages', 'last_updated_at'),
  ),
  proxied(g('list.has_more'), 'always-false', 'get-meeting-messages has_more always false', () =>
    onAnswer('/v1/get-meeting-messages', (b, s) => [s, s === 200 ? { ...b, has_more: false } : b]),
  ),
  proxied(
    g('list.lists-summaries'),
    'summaries-hidden',
    'get-meeting-messages lists user messages only',
    () =>
      onAnswer('/v1/get-meeting-messages', (b, s) => [
        s,
        s === 200 && Array.isArray(b.messages)
          ? { ...b, messages: (b.messages as Json[]).filter((x) => x.type !== 'MT_SUMMARY') }
          : b,
      ]),
  ),
  proxied(
    g('limits.get-meeting-messages.default'),
    'forty',
    'get-meeting-messages without a limit pages by 40',
    () => filledIn('/v1/get-meeting-messages', 'limit', 40),
  ),
  proxied(g('summarize.answer'), 'typed-user', 'summarize-meeting answers a message typed MT_USER', () =>
    setField(SUMMARIZED, 'type', () => 'MT_USER'),
  ),
  proxied(g('summarize.user_prompt.null'), 'refused', 'summarize-meeting refuses user_prompt null', () =>
    refusedWhen('/v1/summarize-meeting', (b) => b.user_prompt === null, ['user_prompt']),
  ),
  dropped(
    g('ask-ai.answer'),
    { '/v1/ask-ai-for-meeting': [] },
    'workflow_plan_id',
    'ask-ai-for-meeting answers without workflow_plan_id',
  ),
  proxied(g('ask-ai.source.null'), 'refused', 'ask-ai-for-meeting refuses source_content null', () =>
    refusedWhen('/v1/ask-ai-for-meeting', (b) => b.source_content === null, ['source_content']),
  ),
  proxied(
    g('get-summary.force_refresh'),
    'cache-kept',
    'get-meeting-summary serves its first answer whatever force_refresh says',
    neverRefreshed,
  ),
  proxied(
    g('get-summary.force_refresh.null'),
    'refused',
    'get-meeting-summary refuses force_refresh null',
    () => refusedWhen('/v1/get-meeting-summary', (b) => b.force_refresh === null, ['force_refresh']),
  ),
];
