import { FIRST_PAGE_CURSOR, Limits } from '@parley/schemas/constants';
import { type Answer, call } from '../../call.js';
import { couldNotJudge, deviate, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { instantOf } from '../../instants.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';
import { judgeWalk, type Page, walkPages } from '../meetings/page-walk.js';
import { chunkRecords, type Records, transcriptMeeting, utteranceRecords } from './transcript-reads.js';

// Every page of a list, every cursor, to the end (get-meetings' own walk is rest.05):
// get-my-people by its `<name>:<email>` cursor over people the run met, and the transcription lists
// by "updated after this time", with and without message_id. The order of get-meeting-messages and
// the direction of its cursor are not shown: it is not walked.

type Person = Answer<'get-my-people'>['people'][number];
type Utterance = Answer<'get-transcript-utterances'>['utterances'][number];
type Chunk = Answer<'get-live-transcription-chunks'>['chunks'][number];

/** The name half of a person's cursor: the registered user's name, else the guest profile's. */
const nameOf = (p: Person) => p.user?.name ?? p.guest_profile?.name ?? '';
const peopleCursor = (p: Person) => `${nameOf(p)}:${p.email}`;

type ListBody = { meeting_id: string; last_updated_at: string; limit?: number; message_id?: string };

/** A transcription list as the walks read it. */
interface TranscriptionList<T extends { id: string }> {
  route: string;
  field: string;
  /** The meeting's records on one page, or one recording's (transcript-reads.ts). */
  whole(ctx: CheckContext, meetingId: string, what: string): Promise<Records<T>>;
  page(ctx: CheckContext, body: ListBody, what: string): Promise<Page<T>>;
  /** The stamp a client polls with: updated_at, or for a chunk without one (not shown) its created_at. */
  cursorOf(item: T): string;
  /** The "updated" stamp where the answer shows one. */
  updatedOf(item: T): string | undefined;
  messageOf(item: T): string;
}

const UTTERANCES: TranscriptionList<Utterance> = {
  route: 'get-transcript-utterances',
  field: 'utterances',
  whole: utteranceRecords,
  async page(ctx, body, what) {
    const { utterances, has_more } = await call(ctx, 'get-transcript-utterances', body, { what });
    return { items: utterances, hasMore: has_more };
  },
  cursorOf: (u) => u.updated_at,
  updatedOf: (u) => u.updated_at,
  messageOf: (u) => u.message_id,
};

const CHUNKS: TranscriptionList<Chunk> = {
  route: 'get-live-transcription-chunks',
  field: 'chunks',
  whole: chunkRecords,
  async page(ctx, body, what) {
    const { chunks, has_more } = await call(ctx, 'get-live-transcription-chunks', body, { what });
    return { items: chunks, hasMore: has_more };
  },
  cursorOf: (c) => c.updated_at ?? c.created_at,
  updatedOf: (c) => c.updated_at,
  messageOf: (c) => c.meeting_message_id,
};

/** Every item of a page asked after `cursor` is updated after it (the spec's rule), where the stamp shows. */
function judgeAfter<T extends { id: string }>(
  list: TranscriptionList<T>,
  items: readonly T[],
  cursor: string,
  what: string,
) {
  const after = instantOf(cursor) ?? 0n;
  for (const item of items) {
    const stamp = list.updatedOf(item);
    if (stamp === undefined) continue;
    verify(
      (instantOf(stamp) ?? 0n) > after,
      'ORDER',
      `${what}: ${item.id} updated at ${stamp} is listed after the cursor ${cursor}`,
      at(what, `$.${list.field}[*].updated_at`, `after ${cursor}`, stamp),
    );
  }
}

/**
 * `expected` walked with a limit of a third of it (three pages at least), `messageId` the spec's
 * filter, up to the stamp `until` where the list goes on past what is expected; returns the pages.
 */
async function walkList<T extends { id: string }>(
  ctx: CheckContext,
  list: TranscriptionList<T>,
  meetingId: string,
  expected: readonly T[],
  messageId: string | undefined,
  what: string,
  until?: bigint,
): Promise<number> {
  // Two at least: a page of one whose record was updated after it was created gives a created_at
  // cursor that lists it again, and nothing else.
  const limit = Math.max(2, Math.ceil(expected.length / 3));
  // A created_at cursor (a chunk shows no updated_at) only approximates the rule: a record updated
  // after it was created may come again.
  const approximate = expected.some((item) => list.updatedOf(item) === undefined);
  const filter = messageId ? { message_id: messageId } : {};
  const walk = await walkPages(
    async (cursor) => {
      const body = { meeting_id: meetingId, last_updated_at: cursor ?? FIRST_PAGE_CURSOR, limit, ...filter };
      const page = await list.page(ctx, body, what);
      if (cursor) judgeAfter(list, page.items, cursor, what);
      if (messageId)
        for (const item of page.items)
          verify(
            list.messageOf(item) === messageId,
            'UNEXPECTED_ITEM',
            `${what}: ${item.id} of message ${list.messageOf(item)} listed under the filter message_id ${messageId}`,
            at(what, `$.${list.field}[*]`, `only message ${messageId}`, list.messageOf(item)),
          );
      return page;
    },
    list.cursorOf,
    limit,
    what,
    list.field,
    (cursor) => until !== undefined && (instantOf(cursor) ?? 0n) >= until,
    approximate,
  );
  // Stuck on a created_at cursor (every record of a page updated after the last one was created):
  // the spec gives a client no stamp to go on with, so what the walk did not reach is not required.
  // With updated_at shown, a page that lists its own cursor's record broke "after" (judged above).
  const walked = new Set(walk.items.map((item) => item.id));
  const reached = approximate && walk.stuck ? expected.filter((item) => walked.has(item.id)) : expected;
  judgeWalk(walk, reached, (item) => item.id, list.cursorOf, what, list.field, approximate);
  return walk.cursors.length + 1;
}

/** One list walked with message_id (one recording, whole) and without (the meeting, as far as its first default page goes). */
async function judgeList<T extends { id: string }>(
  ctx: CheckContext,
  list: TranscriptionList<T>,
  meetingId: string,
): Promise<number> {
  const whole = await list.whole(ctx, meetingId, `${list.route} whole`);
  const [first] = whole.items;
  if (!first || whole.items.length < 3)
    return couldNotJudge(
      `${list.route}: the transcript meeting has ${whole.items.length} records, too few for two pages of two (the spec shows no way for a client to make them)`,
    );
  const messageId = whole.messageId ?? list.messageOf(first);
  const recording = whole.items.filter((item) => list.messageOf(item) === messageId);
  let pages = await walkList(
    ctx,
    list,
    meetingId,
    recording,
    messageId,
    `${list.route} with message_id, page`,
  );
  // Without the filter: the meeting's first default page is what the walk must show, up to its
  // newest stamp where more follow (records at that stamp may fall either side of a cursor).
  const page = await list.page(
    ctx,
    { meeting_id: meetingId, last_updated_at: FIRST_PAGE_CURSOR },
    `${list.route} first page`,
  );
  const until = page.items.reduce((max, item) => {
    const t = instantOf(list.cursorOf(item)) ?? 0n;
    return t > max ? t : max;
  }, 0n);
  const expected = page.hasMore
    ? page.items.filter((item) => (instantOf(list.cursorOf(item)) ?? 0n) < until)
    : page.items;
  pages += await walkList(
    ctx,
    list,
    meetingId,
    expected,
    undefined,
    `${list.route} page`,
    page.hasMore ? until : undefined,
  );
  return pages;
}

export const walksChecks = [
  define({
    id: 'rest.27.people-walk',
    title:
      'get-my-people walked to the end by its <name>:<email> cursor lists each person the run met once, none skipped',
    area: 'rest',
    clause: 'Workspace upload and people: get-my-people cursor and has_more',
    spec: "POST /v1/get-my-people | body optional (default empty object); cursor string or null (optional, format `<name>:<email>`); limit integer or null (optional, default 20) | {success, people: Person[], has_more: boolean} / listing of the caller's contacts",
    level: 'MUST',
    full: true,
    async run(ctx) {
      // People come from meetings: invitees of a meeting of the run, four of them sharing a name
      // (one local part, several domains: an invitee's name is not shown, so equal names are
      // likely) so a page boundary falls between people the name alone does not tell apart.
      // An account's history holds earlier runs' people: the local part opens with a count that
      // falls as time goes on ("0…", before letters), so under an order by name (the reference's
      // choice; the order is not shown) this run's invitees come first, wherever the history ends.
      const local = `${(2 ** 42 - Date.now()).toString(36).padStart(9, '0')}-${ctx.target.runId}-walk`;
      const emails = [
        ...['a', 'b', 'c', 'd'].map((d) => `${local}@${d}.example.com`),
        `${local}-1@example.com`,
        `${local}-2@example.com`,
      ];
      const { meeting } = await call(ctx, 'create-meeting', {
        title: ctx.title('people walk'),
        participant_ids: emails.map((e) => `em:${e}`),
      });
      ctx.remember(meeting.id);
      const what = 'get-my-people page';
      const limit = 2;
      const walk = await walkPages(
        async (cursor) => {
          const { people, has_more } = await call(
            ctx,
            'get-my-people',
            cursor ? { limit, cursor } : { limit },
            { what },
          );
          return { items: people, hasMore: has_more };
        },
        peopleCursor,
        limit,
        what,
        'people',
      );
      const listed = new Set(walk.items.map((p) => p.email.toLowerCase()));
      const met = emails.filter((e) => listed.has(e));
      // A repeated page or a cursor that does not move breaks "each person once" whatever the data:
      // judged before anything that needs the run's people.
      const people = walk.items.map((p) => p.email.toLowerCase());
      for (const email of new Set(people.filter((e, i) => people.indexOf(e) !== i)))
        deviate(
          'DUPLICATE',
          `${what}: ${email} listed twice across the pages`,
          at(what, '$.people[*]', 'each person once', email),
        );
      // has_more false at the walk's end: no page of the deployment's may show a person the walk
      // never reached (its own answers would contradict each other).
      if (walk.ended) {
        const wide = 'get-my-people with a larger limit';
        const { people: more } = await call(
          ctx,
          'get-my-people',
          { limit: Limits.people.max },
          { what: wide },
        );
        const unseen = more.map((p) => p.email.toLowerCase()).filter((e) => !people.includes(e));
        if (unseen.length > 0)
          deviate(
            'VALUE',
            `${what}: has_more false after ${walk.cursors.length + 1} pages, but a page of ${Limits.people.max} lists ${unseen.length} people the walk never reached (${unseen.slice(0, 3).join(', ')})`,
            at(what, '$.has_more', true, false),
          );
      }
      if (met.length === 0)
        couldNotJudge(
          `get-my-people lists none of the ${emails.length} invitees of the run's meeting${walk.ended ? '' : ` within ${walk.cursors.length + 1} pages`}: how contacts arise is not shown`,
        );
      // A long history need not end within the walk: every invitee listed once is judged as it is.
      if (!walk.ended && met.length < emails.length)
        couldNotJudge(
          `get-my-people did not end within ${walk.cursors.length + 1} pages of ${limit}, and lists ${met.length} of the run's ${emails.length} invitees`,
        );
      judgeWalk(
        { ...walk, items: walk.items.map((p) => ({ ...p, email: p.email.toLowerCase() })) },
        emails.map((email) => ({ email })),
        (p) => p.email,
        () => undefined,
        what,
        'people',
        true, // repeats judged above
      );
      return `${walk.items.length} people on ${walk.cursors.length + 1} pages, ${met.length} of the run's ${emails.length}`;
    },
  }),
  define({
    id: 'rest.28.transcription-walks',
    title:
      'get-live-transcription-chunks and get-transcript-utterances walked page by page (with and without message_id): each record once, none skipped, each after its cursor',
    area: 'rest',
    clause:
      'Endpoints/Transcription: last_updated_at cursor (updated after), message_id filter, limit, has_more',
    spec: 'last_updated_at string RFC 3339 (required; returns chunks updated after this time; `1970-01-01T00:00:00Z` for the first page); message_id string or null (optional filter); limit integer or null (optional, default 100) | {success, chunks: Live transcription the service[], has_more} / get-transcript-utterances: last_updated_at string RFC 3339 (required, same cursor rule)',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const meetingId = transcriptMeeting(ctx);
      const pages = (await judgeList(ctx, UTTERANCES, meetingId)) + (await judgeList(ctx, CHUNKS, meetingId));
      return `${pages} pages walked`;
    },
  }),
];
