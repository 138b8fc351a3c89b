import { Limits } from '@parley/schemas/constants';
import { instantOf } from '../instants.js';
import { type Json, reply } from './blind/edits.js';
import { jsonOf } from './mutant-run.js';
import type { Variant } from './variant-edits.js';
import { type Exchange, pathOf } from './variant-proxy.js';

// Deployments the spec allows in the meeting resources where the checks judge a sentence that leaves
// room: get-meeting-messages in another order with a cursor of another direction, and a person who
// is both a registered user and a guest contact.

const ASKED = 'x-variant-asked';
const MESSAGES = '/v1/get-meeting-messages';

/** get-meeting-messages oldest first, its cursor "created after this time" (the reference's reversed). */
function oldestFirstAfter(): Variant['hooks'] {
  return () => ({
    request(req: Exchange): Exchange {
      if (pathOf(req) !== MESSAGES) return req;
      const asked = jsonOf(req.body);
      const headers = new Headers(req.headers);
      headers.set(ASKED, Buffer.from(JSON.stringify(asked)).toString('base64url'));
      const body = { meeting_id: asked.meeting_id, limit: Limits.meetingMessages.max };
      return { ...req, headers, body: Buffer.from(JSON.stringify(body)) };
    },
    answer(req, a) {
      const stash = req.headers.get(ASKED);
      if (!stash || pathOf(req) !== MESSAGES || a.status !== 200) return a;
      const asked = JSON.parse(Buffer.from(stash, 'base64url').toString('utf8')) as Json;
      const body = jsonOf(a.body);
      const stamp = (m: Json) => instantOf(m.created_at) ?? 0n;
      const after =
        typeof asked.last_updated_at === 'string' ? (instantOf(asked.last_updated_at) ?? 0n) : -1n;
      const all = ((body.messages as Json[]) ?? [])
        .filter((m) => stamp(m) > after)
        .sort((x, y) => (stamp(x) < stamp(y) ? -1 : stamp(x) > stamp(y) ? 1 : 0));
      const limit = typeof asked.limit === 'number' ? asked.limit : Limits.meetingMessages.default;
      return reply(a, 200, { ...body, messages: all.slice(0, limit), has_more: all.length > limit });
    },
  });
}

export const RESOURCE_VARIANTS: readonly Variant[] = [
  {
    id: 'messages-oldest-after',
    area: 'rest',
    allows: 'Order of returned messages and direction of the cursor for get-meeting-messages: not shown',
    only: [
      'rest.42.messages-cursor',
      'rest.12.message-delete-effects',
      'rest.20.messages-default-limit',
      'rest.26.summary-listed',
    ],
    hooks: oldestFirstAfter(),
  },
  {
    id: 'people-user-and-guest',
    area: 'rest',
    allows:
      'Person: guest_profile present for a guest contact, user present for a registered user (a registered user who is also a guest contact carries both)',
    only: ['rest.41.people-presence', 'rest.27.people-walk'],
    hooks: () => ({
      answer(req, a) {
        if (pathOf(req) !== '/v1/get-my-people' || a.status !== 200) return a;
        const body = jsonOf(a.body);
        const people = ((body.people as Json[]) ?? []).map((p) => {
          const user = p.user as Json | undefined;
          return user && !p.guest_profile ? { ...p, guest_profile: { name: user.name, email: p.email } } : p;
        });
        return reply(a, 200, { ...body, people });
      },
    }),
  },
];
