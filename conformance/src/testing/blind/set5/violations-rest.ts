import type { Variant } from '../../variant-edits.js';
import { editBody, itemsOf, type Json, onAnswer, servedBy, shiftMicros } from '../edits.js';
import { everyMeeting, onJson, withOffset } from './edits5.js';

// Meeting REST violations of the fifth blind set: meetings, messages, AI and cached data. Each
// breaks one fact the spec writes beside a field or a route, quoted in `allows`.

const meetingsOf = (body: Json) => itemsOf(body, 'meetings');

export const SET5_REST_VIOLATIONS: Variant[] = [
  {
    id: 's5-meeting-host-left-out',
    area: 'rest',
    allows: 'participant_ids | string[] | host included; bare user ids or `em:<email>`',
    only: [],
    // The roster is stored without its host, who is kept in host_user_id only.
    hooks: () =>
      everyMeeting((m) => ({
        ...m,
        participant_ids: (m.participant_ids as string[] | undefined)?.filter((p) => p !== m.host_user_id),
      })),
  },
  {
    id: 's5-meeting-email-invitees-dropped',
    area: 'rest',
    allows: 'participant_ids | string[] | host included; bare user ids or `em:<email>`',
    only: [],
    // Invitees known by e-mail are kept in another table and never shown in the roster.
    hooks: () =>
      everyMeeting((m) => ({
        ...m,
        participant_ids: (m.participant_ids as string[] | undefined)?.filter((p) => !p.startsWith('em:')),
      })),
  },
  {
    id: 's5-meeting-ended-without-end-at',
    area: 'rest',
    allows: 'end_at | timestamp | present on ended meetings',
    only: [],
    hooks: () =>
      everyMeeting((m) => {
        if (m.status !== 'EMS_ENDED') return m;
        const { end_at: _end, ...rest } = m;
        return rest;
      }),
  },
  {
    id: 's5-create-status-scheduled',
    area: 'rest',
    allows: 'a meeting returned by create-meeting has status `MS_LIVE`',
    only: [],
    hooks: () =>
      everyMeeting((m, path) => (path === '/v1/create-meeting' ? { ...m, status: 'MS_SCHEDULED' } : m)),
  },
  {
    id: 's5-create-title-default-untitled',
    area: 'rest',
    allows: 'title string (optional, default empty string)',
    only: [],
    // A title the client did not send is stored as a placeholder instead of the empty string.
    hooks: () => ({
      request: editBody('/v1/create-meeting', (b) =>
        b.title === undefined ? { ...b, title: 'Untitled meeting' } : b,
      ),
    }),
  },
  {
    id: 's5-create-no-languages',
    area: 'rest',
    allows: 'languages | string[] | returned on creation',
    only: [],
    hooks: () =>
      everyMeeting((m, path) => {
        if (path !== '/v1/create-meeting') return m;
        const { languages: _l, ...rest } = m;
        return rest;
      }),
  },
  {
    id: 's5-create-invitation-expiry-epoch',
    area: 'rest',
    allows:
      'invitation_link_expires_at | timestamp | returned on creation; Timestamps are RFC 3339 / ISO 8601 strings in UTC.',
    only: [],
    hooks: () =>
      everyMeeting((m, path) =>
        path === '/v1/create-meeting' && typeof m.invitation_link_expires_at === 'string'
          ? { ...m, invitation_link_expires_at: Math.floor(Date.parse(m.invitation_link_expires_at) / 1000) }
          : m,
      ),
  },
  {
    id: 's5-create-allow-flag-string',
    area: 'rest',
    allows: 'allow_users_to_add_translation_languages | boolean | returned on creation',
    only: [],
    hooks: () =>
      everyMeeting((m, path) =>
        path === '/v1/create-meeting'
          ? {
              ...m,
              allow_users_to_add_translation_languages: String(m.allow_users_to_add_translation_languages),
            }
          : m,
      ),
  },
  {
    id: 's5-meetings-oldest-first',
    area: 'rest',
    allows: "{success, meetings: Meeting[], has_more: boolean}; the caller's meetings, newest first",
    only: [],
    hooks: () =>
      onAnswer('/v1/get-meetings', (b, s) => [s, { ...b, meetings: [...meetingsOf(b)].reverse() }]),
  },
  {
    id: 's5-meetings-limit-default-20',
    area: 'rest',
    allows: 'limit integer (optional, default 50, max 50)',
    only: [],
    hooks: () => ({
      request: editBody('/v1/get-meetings', (b) => (b.limit === undefined ? { ...b, limit: 20 } : b)),
    }),
  },
  {
    id: 's5-meetings-cursor-inclusive',
    area: 'rest',
    allows: 'last_updated_at string RFC 3339 (optional; returns meetings updated before this time)',
    only: [],
    // The cursor compared with <= : the last meeting of a page comes again first on the next one.
    hooks: () => ({
      request: editBody('/v1/get-meetings', (b) =>
        typeof b.last_updated_at === 'string'
          ? { ...b, last_updated_at: shiftMicros(b.last_updated_at, 1) }
          : b,
      ),
    }),
  },
  {
    id: 's5-meetings-has-more-always-false',
    area: 'rest',
    allows: '{success, meetings: Meeting[], has_more: boolean}',
    only: [],
    hooks: () => onAnswer('/v1/get-meetings', (b, s) => [s, s === 200 ? { ...b, has_more: false } : b]),
  },
  {
    id: 's5-meetings-body-required',
    area: 'rest',
    allows: 'POST /v1/get-meetings | body optional (default empty object)',
    only: [],
    hooks: () => ({
      answer: onJson(
        (path, req) => path === '/v1/get-meetings' && req.body.length === 0,
        () => [400, { success: false, error: 'Empty request body', code: 'BAD_REQUEST' }],
      ),
    }),
  },
  {
    id: 's5-meetings-no-user-profiles',
    area: 'rest',
    allows:
      'user_profiles | array of {id string, email string, name string} | returned in listings and participant/co-host responses',
    only: [],
    hooks: () =>
      everyMeeting((m, path) => {
        if (path !== '/v1/get-meetings') return m;
        const { user_profiles: _u, ...rest } = m;
        return rest;
      }),
  },
  {
    id: 's5-co-host-no-user-profiles',
    area: 'rest',
    allows:
      'user_profiles | array of {id string, email string, name string} | returned in listings and participant/co-host responses',
    only: [],
    hooks: () =>
      everyMeeting((m, path) => {
        if (path !== '/v1/assign-co-host' && path !== '/v1/remove-co-host') return m;
        const { user_profiles: _u, ...rest } = m;
        return rest;
      }),
  },
  {
    id: 's5-profiles-without-email',
    area: 'rest',
    allows: 'user_profiles | array of {id string, email string, name string}',
    only: [],
    hooks: () =>
      everyMeeting((m) =>
        Array.isArray(m.user_profiles)
          ? { ...m, user_profiles: (m.user_profiles as Json[]).map(({ email: _e, ...p }) => p) }
          : m,
      ),
  },
  {
    id: 's5-meeting-stamps-offset',
    area: 'rest',
    allows: 'Timestamps are RFC 3339 / ISO 8601 strings in UTC.',
    only: [],
    // A server that writes its local time zone (+02:00) into created_at and updated_at.
    hooks: () =>
      everyMeeting((m) => {
        const shift = (v: unknown) => (typeof v === 'string' ? withOffset(v, 2) : v);
        return { ...m, created_at: shift(m.created_at), updated_at: shift(m.updated_at) };
      }),
  },
  {
    id: 's5-remove-participants-not-saved',
    area: 'rest',
    allows:
      'POST /v1/remove-meeting-participants | meeting_id string (required); participant_ids string[] (required) | {success, meeting: Meeting}',
    only: [],
    // The removal route bound to the add handler: the ids asked to go are added (they are already
    // there), and the meeting is answered as it was.
    hooks: () =>
      servedBy(
        '/v1/remove-meeting-participants',
        '/v1/add-meeting-participants',
        (asked) => asked,
        (up, status) => [status, up],
      ),
  },
  {
    id: 's5-delete-meeting-unknown-200',
    area: 'rest',
    allows: '404 resource not found (unknown meeting or message id)',
    only: [],
    hooks: () => onAnswer('/v1/delete-meeting', (b, s) => (s === 404 ? [200, { success: true }] : [s, b])),
  },
];
