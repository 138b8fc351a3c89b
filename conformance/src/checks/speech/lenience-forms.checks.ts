import { FIRST_PAGE_CURSOR, MessageType } from '@parley/schemas/constants';
import { expectAnswer } from '../../answer.js';
import { call, send } from '../../call.js';
import { couldNotJudge, deviate, skip, verify } from '../../check.js';
import type { Reply } from '../../http-client.js';
import { at } from '../../json-path.js';
import { verifyStatus } from '../../schema-check.js';
import { define } from '../define.js';
import { GREETING, translations } from './lenience-audio.checks.js';

// Inputs the spec allows in more than one form, each sent and answered as the canonical form is:
// translate-text's languages by name as well as by code ("codes or names"), its source_language
// `auto` as the default it is, and null where the spec types an optional field "X or null" (null
// is the field left out). The other forms (hints and keywords as lists or comma-separated, the
// legacy language_hint, the stream's query and config forms, bodies left out) are speech.07–08,
// stream.20 and rest.22; CHECKS.md lists every place.

/** English names of the codes the forms send (the kit's own inputs: names a client would write). */
const NAMES: Record<string, string> = { fr: 'French', es: 'Spanish', en: 'English' };
const CODES = ['fr', 'es'];

const FORMS = [
  { text: GREETING, target_languages: CODES },
  // The same request again: what differs between the two (an id, a time) is not compared.
  { text: GREETING, target_languages: CODES },
  { text: GREETING, target_languages: CODES.map((c) => NAMES[c]) },
  { text: GREETING, target_languages: CODES, source_language: 'en' },
  { text: GREETING, target_languages: CODES, source_language: NAMES.en },
  { text: GREETING, target_languages: CODES, source_language: 'auto' },
];

/** `value` with every key and string that is one of the names sent replaced by its code. */
function asCodes(value: unknown): unknown {
  const code = (text: string) => Object.entries(NAMES).find(([, name]) => name === text)?.[0] ?? text;
  if (typeof value === 'string') return code(value);
  if (Array.isArray(value)) return value.map(asCodes);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [code(k), asCodes(v)]));
}

/** The JSON paths where `a` and `b` differ (leaves, and keys one has and the other lacks). */
function differences(a: unknown, b: unknown, path = '$'): string[] {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) =>
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`),
    );
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path];
}

/** The form's answer as the canonical one's, but where two equal canonical requests differed. */
function judgeSame(canonical: Reply, form: Reply, volatile: Set<string>, what: string): void {
  if (!verifyStatus(form, 200, what)) return;
  for (const path of differences(canonical.body, asCodes(form.body)))
    if (![...volatile].some((v) => path === v || path.startsWith(`${v}.`)))
      deviate(
        'VALUE',
        `${what}: answered otherwise than the codes at ${path}`,
        at(what, path, 'as the codes form answers', form.text.slice(0, 200)),
      );
}

export const lenienceFormsChecks = [
  define({
    id: 'speech.14.translate-language-names',
    title:
      'translate-text takes languages by name as by code ("French" answers as "fr"), and source_language auto as its default',
    area: 'speech',
    clause:
      'Text translation: target_languages and source_language, codes or names; source_language default auto',
    spec: 'target_languages | string[] | yes | language codes or names; up to 10 / source_language | string | no | code or name; default `auto`',
    level: 'MUST',
    full: true,
    start: (ctx) => void translations(ctx, 'translate-forms', FORMS).catch(() => undefined),
    async run(ctx) {
      const [codes, again, names, source, sourceName, auto] = await translations(
        ctx,
        'translate-forms',
        FORMS,
      );
      if (!codes || !again || !names || !source || !sourceName || !auto) return;
      if (codes.status === 503) skip('the deployment has no translation engine (503)');
      if (codes.status !== 200 || again.status !== 200)
        couldNotJudge(
          `translate-text by codes answered ${codes.status}: no canonical answer to compare with`,
        );
      const volatile = new Set(differences(codes.body, again.body));
      judgeSame(codes, names, volatile, 'translate-text targets by name');
      judgeSame(codes, auto, volatile, 'translate-text source_language auto');
      if (verifyStatus(source, 200, 'translate-text source_language by code'))
        judgeSame(source, sourceName, volatile, 'translate-text source_language by name');
      return volatile.size > 0
        ? `${volatile.size} fields vary between equal requests, not compared`
        : undefined;
    },
  }),
  define({
    id: 'rest.29.optional-forms',
    title:
      'Optional fields typed "or null" take null as left out (get-my-people, the transcription lists, summarize-meeting, get-meeting-summary, ask-ai-for-meeting)',
    area: 'rest',
    clause: 'Endpoints: optional fields "string or null", "integer or null", "boolean or null"',
    spec: 'cursor string or null (optional, format `<name>:<email>`); limit integer or null (optional, default 20) / message_id string or null (optional filter); limit integer or null (optional, default 100) / user_prompt string or null (optional, custom guidance) / force_refresh boolean or null (optional; true reads from the database instead of the cache) / source_content string or null (optional [...]); source_document_id string or null (optional [...]) / send_email_to_participants boolean (optional, default false)',
    level: 'MUST',
    full: true,
    async run(ctx) {
      // Two invitees: people to list (people come from meetings).
      const invitees = ['a', 'b'].map((n) => `em:${ctx.target.runId}-forms-${n}@example.com`);
      const { meeting } = await call(ctx, 'create-meeting', {
        title: ctx.title('optional forms'),
        participant_ids: invitees,
      });
      ctx.remember(meeting.id);
      await call(ctx, 'send-meeting-message', {
        meeting_message: { meeting_id: meeting.id, text: ctx.title('a note to summarize') },
      });
      const people = 'get-my-people with cursor and limit null';
      const left = await call(ctx, 'get-my-people', {}, { what: 'get-my-people' });
      const nulled = await send(ctx, 'get-my-people', { cursor: null, limit: null }, { what: people });
      if (verifyStatus(nulled, 200, people)) {
        const emails = expectAnswer(nulled, 'get-my-people', people).people.map((p) => p.email);
        verify(
          JSON.stringify(emails) === JSON.stringify(left.people.map((p) => p.email)),
          'VALUE',
          `${people}: lists otherwise than with them left out`,
          at(
            people,
            '$.people[*].email',
            left.people.map((p) => p.email),
            emails,
          ),
        );
      }
      const meetingId = ctx.target.transcriptMeetingId ?? meeting.id;
      for (const route of ['get-transcript-utterances', 'get-live-transcription-chunks'] as const) {
        const what = `${route} with message_id and limit null`;
        const base = { meeting_id: meetingId, last_updated_at: FIRST_PAGE_CURSOR };
        const plain = await send(ctx, route, base, { what: route });
        const reply = await send(ctx, route, { ...base, message_id: null, limit: null }, { what });
        if (!verifyStatus(reply, 200, what) || plain.status !== 200) continue;
        const field = route === 'get-transcript-utterances' ? 'utterances' : 'chunks';
        const ids = (r: Reply) =>
          JSON.stringify((r.body as Record<string, { id: string }[]>)[field]?.map((i) => i.id));
        expectAnswer(reply, route, what);
        verify(
          ids(reply) === ids(plain),
          'VALUE',
          `${what}: lists otherwise than with them left out`,
          at(what, `$.${field}[*].id`, ids(plain), ids(reply)),
        );
      }
      const summarize = 'summarize-meeting with user_prompt null';
      const summary = await send(
        ctx,
        'summarize-meeting',
        { meeting_id: meeting.id, user_prompt: null, send_email_to_participants: false },
        { what: summarize },
      );
      if (verifyStatus(summary, 200, summarize)) {
        const type = expectAnswer(summary, 'summarize-meeting', summarize).meeting_message.type;
        verify(
          type === MessageType.SUMMARY,
          'VALUE',
          `${summarize}: type ${type}`,
          at(summarize, '$.meeting_message.type', MessageType.SUMMARY, type),
        );
        const cached = 'get-meeting-summary with force_refresh null';
        const read = await send(
          ctx,
          'get-meeting-summary',
          { meeting_id: meeting.id, force_refresh: null },
          { what: cached },
        );
        if (verifyStatus(read, 200, cached)) expectAnswer(read, 'get-meeting-summary', cached);
      }
      const ask = 'ask-ai-for-meeting with source_content and source_document_id null';
      const asked = await send(
        ctx,
        'ask-ai-for-meeting',
        {
          meeting_id: meeting.id,
          message: { text: 'What was decided?' },
          source_content: null,
          source_document_id: null,
        },
        { what: ask },
      );
      if (verifyStatus(asked, 200, ask)) expectAnswer(asked, 'ask-ai-for-meeting', ask);
    },
  }),
];
