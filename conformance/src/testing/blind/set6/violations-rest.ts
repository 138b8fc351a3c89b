import type { Variant } from '../../variant-edits.js';
import { type Exchange, pathOf } from '../../variant-proxy.js';
import { editBody, servedBy } from '../edits.js';
import { everyMeeting, withOffset } from '../set5/edits5.js';
import { type Json, listOf, okOn } from './edits6.js';

// Meeting REST violations of the sixth blind set: creation, listing, roster and profiles. Each
// breaks one fact the spec writes beside a field or a route, quoted in `allows`.

const ids = (m: Json, key: string) => (Array.isArray(m[key]) ? (m[key] as string[]) : []);

export const SET6_REST_VIOLATIONS: Variant[] = [
  {
    id: 's6-create-status-scheduled',
    area: 'rest',
    allows: 'a meeting returned by create-meeting has status `MS_LIVE`',
    only: [],
    // A service that schedules first: the new meeting is reported as not yet started.
    hooks: () =>
      okOn('/v1/create-meeting', (b) => ({
        ...b,
        meeting: { ...(b.meeting as Json), status: 'MS_SCHEDULED' },
      })),
  },
  {
    id: 's6-create-title-null',
    area: 'rest',
    allows: 'title string (optional, default empty string)',
    only: [],
    // An omitted title is stored as NULL and answered as null, not as the empty string.
    hooks: () =>
      okOn('/v1/create-meeting', (b, asked) => {
        const m = b.meeting as Json;
        return asked.title === undefined ? { ...b, meeting: { ...m, title: null } } : b;
      }),
  },
  {
    id: 's6-create-no-languages',
    area: 'rest',
    allows: 'languages | string[] | returned on creation',
    only: [],
    hooks: () =>
      okOn('/v1/create-meeting', (b) => {
        const { languages: _, ...m } = b.meeting as Json;
        return { ...b, meeting: m };
      }),
  },
  {
    id: 's6-create-no-invitation-expiry',
    area: 'rest',
    allows: 'invitation_link_expires_at | timestamp | returned on creation',
    only: [],
    hooks: () =>
      okOn('/v1/create-meeting', (b) => {
        const { invitation_link_expires_at: _, ...m } = b.meeting as Json;
        return { ...b, meeting: m };
      }),
  },
  {
    id: 's6-create-translation-flag-string',
    area: 'rest',
    allows: 'allow_users_to_add_translation_languages | boolean | returned on creation',
    only: [],
    hooks: () =>
      okOn('/v1/create-meeting', (b) => {
        const m = b.meeting as Json;
        return {
          ...b,
          meeting: {
            ...m,
            allow_users_to_add_translation_languages: String(m.allow_users_to_add_translation_languages),
          },
        };
      }),
  },
  {
    id: 's6-roster-email-prefix-stripped',
    area: 'rest',
    allows:
      'Participant identifiers take two forms: a bare user id (no prefix), or `em:<email>` for an invitee known by e-mail address.',
    only: [],
    // E-mail invitees shown by their bare address, indistinguishable from a user id.
    hooks: () =>
      everyMeeting((m) => ({
        ...m,
        participant_ids: ids(m, 'participant_ids').map((p) => p.replace(/^em:/, '')),
      })),
  },
  {
    id: 's6-meetings-oldest-first',
    area: 'rest',
    allows: "{success, meetings: Meeting[], has_more: boolean}; the caller's meetings, newest first",
    only: [],
    hooks: () => okOn('/v1/get-meetings', (b) => ({ ...b, meetings: [...listOf(b, 'meetings')].reverse() })),
  },
  {
    id: 's6-meetings-default-limit-20',
    area: 'rest',
    allows: 'limit integer (optional, default 50, max 50)',
    only: [],
    // A listing without a limit holds 20 meetings, the service's own page size.
    hooks: () => ({
      request: editBody('/v1/get-meetings', (b) =>
        b.limit === undefined || b.limit === null ? { ...b, limit: 20 } : b,
      ),
    }),
  },
  {
    id: 's6-meetings-cursor-ignored',
    area: 'rest',
    allows: 'last_updated_at string RFC 3339 (optional; returns meetings updated before this time)',
    only: [],
    // The cursor is read from the wrong field name, so every page is the first.
    hooks: () => ({
      request: editBody('/v1/get-meetings', (b) => {
        const { last_updated_at: _, ...rest } = b;
        return rest;
      }),
    }),
  },
  {
    id: 's6-meetings-other-accounts',
    area: 'rest',
    allows: "{success, meetings: Meeting[], has_more: boolean}; the caller's meetings, newest first",
    only: [],
    // A listing cache shared by every key: each listing shows the meetings anyone created through it.
    hooks: () => {
      const created = new Map<string, Json>();
      return {
        answer: (req: Exchange, a) => {
          const path = pathOf(req);
          if (path !== '/v1/create-meeting' && path !== '/v1/get-meetings') return a;
          const cut = okOn(path, (b) => {
            if (path === '/v1/create-meeting') {
              const m = b.meeting as Json;
              created.set(String(m.id), m);
              return b;
            }
            const shown = listOf(b, 'meetings');
            const extra = [...created.values()].filter((m) => !shown.some((s) => s.id === m.id));
            return { ...b, meetings: [...extra.reverse(), ...shown] };
          });
          return cut.answer ? cut.answer(req, a) : a;
        },
      };
    },
  },
  {
    id: 's6-meetings-stamps-offset',
    area: 'rest',
    allows: 'Timestamps are RFC 3339 / ISO 8601 strings in UTC.',
    only: [],
    // start_at written in the server's local zone (+02:00): the same instant, not in UTC.
    hooks: () =>
      everyMeeting((m) =>
        typeof m.start_at === 'string' ? { ...m, start_at: withOffset(m.start_at, 2) } : m,
      ),
  },
  {
    id: 's6-listing-without-profiles',
    area: 'rest',
    allows:
      'user_profiles | array of {id string, email string, name string} | returned in listings and participant/co-host responses',
    only: [],
    hooks: () =>
      okOn('/v1/get-meetings', (b) => ({
        ...b,
        meetings: listOf(b, 'meetings').map(({ user_profiles: _, ...m }) => m),
      })),
  },
  {
    id: 's6-profiles-without-email',
    area: 'rest',
    allows:
      'user_profiles | array of {id string, email string, name string} | returned in listings and participant/co-host responses',
    only: [],
    // Profiles answered from a cache that keeps only id and name.
    hooks: () =>
      everyMeeting((m) =>
        Array.isArray(m.user_profiles)
          ? { ...m, user_profiles: (m.user_profiles as Json[]).map(({ email: _, ...p }) => p) }
          : m,
      ),
  },
  {
    id: 's6-remove-participants-no-effect',
    area: 'rest',
    allows:
      "Meeting management: create and delete meetings, list the caller's meetings, add and remove participants, assign and remove co-hosts.",
    only: [],
    // remove-meeting-participants runs the add path: the answer and later reads keep everyone.
    hooks: () =>
      servedBy(
        '/v1/remove-meeting-participants',
        '/v1/add-meeting-participants',
        (b) => b,
        (b, s) => [s, b],
      ),
  },
  {
    id: 's6-delete-meeting-kept',
    area: 'rest',
    allows:
      "Meeting management: create and delete meetings, list the caller's meetings, add and remove participants, assign and remove co-hosts.",
    only: [],
    // delete-meeting answers success and deletes nothing: the meeting stays listed and readable.
    hooks: () =>
      servedBy(
        '/v1/delete-meeting',
        '/v1/get-meetings',
        () => ({ limit: 1 }),
        (_b, s) => [s, { success: true }],
      ),
  },
];
