import { call } from '../../call.js';
import { deviate, verify } from '../../check.js';
import { instantOf } from '../../instants.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';
import { judgeWalk, walkPages } from './page-walk.js';

// get-meetings walked to its end with random small pages and the spec's cursor ("updated before this
// time", the last meeting's updated_at): the run's meetings each listed once, none skipped but one
// whose stamp equals a cursor the walk sent (a strict "before" excludes it), newest first across the
// pages on the deployment's own stamps (compared exactly, instants.ts), every meeting after a cursor
// updated before it, and has_more false only when nothing follows.

const MEETINGS = 7;

export const meetingsWalkChecks = [
  define({
    id: 'rest.05.pagination-walk',
    title: 'get-meetings pages: each meeting once, order kept, has_more true exactly when more exist',
    area: 'rest',
    clause: 'Endpoints/Meetings: get-meetings last_updated_at cursor, limit, has_more',
    spec: 'last_updated_at string RFC 3339 (optional; returns meetings updated before this time); limit integer (optional, default 50, max 50)',
    level: 'MUST',
    async run(ctx) {
      const made: { id: string; updated_at: string }[] = [];
      for (let i = 0; i < MEETINGS; i++) {
        const { meeting } = await call(ctx, 'create-meeting', { title: ctx.title(`page ${i}`) });
        ctx.remember(meeting.id);
        made.push(meeting);
      }
      const page = 'get-meetings page';
      const walk = await walkPages(
        async (cursor, limit) => {
          const body = cursor ? { limit, last_updated_at: cursor } : { limit };
          const { meetings, has_more } = await call(ctx, 'get-meetings', body, { what: page });
          for (const m of cursor ? meetings : [])
            verify(
              (instantOf(m.updated_at) ?? 0n) < (instantOf(cursor) ?? 0n),
              'ORDER',
              `${page}: ${m.id} updated at ${m.updated_at} is listed for the cursor ${cursor}, not updated before it`,
              at(page, '$.meetings[*].updated_at', `before ${cursor}`, m.updated_at),
            );
          return { items: meetings, hasMore: has_more };
        },
        (m) => m.updated_at,
        () => ctx.rng.int(1, 4),
        page,
        'meetings',
      );
      const seen = walk.items;
      const last = seen[seen.length - 1]?.updated_at;
      if (walk.ended && last) {
        // has_more false: nothing is updated before the last meeting listed.
        const { meetings } = await call(
          ctx,
          'get-meetings',
          { limit: 1, last_updated_at: last },
          { what: page },
        );
        verify(
          meetings.length === 0,
          'VALUE',
          `has_more false on the last page but more meetings follow (${meetings[0]?.id})`,
          at(page, '$.has_more', true, false),
        );
      }
      judgeWalk(
        walk,
        made,
        (m) => m.id,
        (m) => m.updated_at,
        page,
        'meetings',
      );
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1], seen[i]];
        if ((instantOf(a?.updated_at) ?? 0n) < (instantOf(b?.updated_at) ?? 0n))
          deviate(
            'ORDER',
            `order broken across pages: ${a?.id} (${a?.updated_at}) before ${b?.id} (${b?.updated_at})`,
            at(page, '$.meetings[*].updated_at', `at most ${a?.updated_at}`, b?.updated_at),
          );
      }
      return `${seen.length} meetings walked on ${walk.cursors.length + 1} pages`;
    },
  }),
];
