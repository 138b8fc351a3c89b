import { type Json, onAnswer, servedBy, shiftMicros } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Exchange, pathOf } from '../variant-proxy.js';
import {
  CREATED,
  EVERY,
  emptyBodyRefused,
  ids,
  LISTED,
  otherHost,
  overMax,
  prefixedHost,
  unwritten,
  WRITES,
} from './edits-meeting-routes.js';
import {
  dropped,
  epoch,
  filledIn,
  ignored,
  joined,
  numbered,
  onObjects,
  refusedWhen,
  retyped,
  setField,
} from './edits-meetings.js';
import type { FactViolation } from './fact-violation.js';
import { faulted, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/meetings/meetings.facts.ts.

const m = (id: string) => `meetings.${id}`;
/** Where a refused participant id is named in a 422. */
const PARTICIPANT = ['participant_ids', 0];

export const meetingsViolations: readonly FactViolation[] = [
  retyped(m('meeting.id.type'), CREATED, 'id', numbered, 'a new meeting id answered as a number'),
  retyped(
    m('meeting.host_user_id.type'),
    LISTED,
    'host_user_id',
    (v) => [v],
    'host_user_id listed as an array',
  ),
  proxied(
    m('meeting.host_user_id.content'),
    'other-user',
    'host_user_id names a user other than the caller who made the meeting',
    otherHost,
  ),
  retyped(
    m('meeting.participant_ids.type'),
    LISTED,
    'participant_ids',
    joined,
    'participant_ids listed as one comma string',
  ),
  proxied(
    m('meeting.participant_ids.host-included'),
    'host-left-out',
    'create-meeting answers participant_ids without the host',
    () =>
      onObjects(CREATED, (o) => ({
        ...o,
        participant_ids: ids(o.participant_ids).filter((p) => p !== o.host_user_id),
      })),
  ),
  proxied(
    m('meeting.participant_ids.bare-user-id'),
    'prefixed',
    'the host in participant_ids written usr:<id>',
    prefixedHost,
  ),
  proxied(
    m('meeting.participant_ids.email-form'),
    'prefix-dropped',
    'em: invitees answered as bare addresses',
    () =>
      onObjects(EVERY, (o) => ({
        ...o,
        participant_ids: ids(o.participant_ids).map((p) => p.replace(/^em:/, '')),
      })),
  ),
  retyped(m('meeting.start_at.type'), LISTED, 'start_at', epoch, 'start_at listed as epoch seconds'),
  retyped(m('meeting.end_at.type'), LISTED, 'end_at', epoch, 'end_at listed as epoch seconds'),
  dropped(m('meeting.end_at.presence'), LISTED, 'end_at', 'ended meetings listed without end_at'),
  retyped(
    m('meeting.status.type'),
    LISTED,
    'status',
    (v) => (v === 'MS_LIVE' ? 1 : 2),
    'status listed as a number',
  ),
  retyped(m('meeting.title.type'), CREATED, 'title', () => null, 'titles answered as null'),
  retyped(m('meeting.created_at.type'), LISTED, 'created_at', epoch, 'created_at listed as epoch seconds'),
  retyped(m('meeting.updated_at.type'), CREATED, 'updated_at', epoch, 'updated_at answered as epoch seconds'),
  proxied(m('meeting.language.type'), 'retyped', 'language answered as an object', () =>
    setField(EVERY, 'language', (v) => ({ code: v }), true),
  ),
  proxied(m('meeting.language.code'), 'named', 'meeting language answered as a name ("English")', () =>
    setField(EVERY, 'language', (v) => (v === 'en' ? 'English' : `Language ${String(v)}`), true),
  ),
  proxied(
    m('meeting.translation_languages.type'),
    'retyped',
    'translation_languages answered as a comma string',
    () => setField(EVERY, 'translation_languages', (v) => (Array.isArray(v) ? v.join(',') : ''), true),
  ),
  retyped(m('meeting.languages.type'), CREATED, 'languages', joined, 'languages answered as a comma string'),
  dropped(m('meeting.languages.presence'), CREATED, 'languages', 'create-meeting answers without languages'),
  retyped(
    m('meeting.allow_users_to_add_translation_languages.type'),
    CREATED,
    'allow_users_to_add_translation_languages',
    (v) => (v ? 'yes' : 'no'),
    'allow_users_to_add_translation_languages answered as "yes"/"no"',
  ),
  dropped(
    m('meeting.allow_users_to_add_translation_languages.presence'),
    CREATED,
    'allow_users_to_add_translation_languages',
    'create-meeting answers without allow_users_to_add_translation_languages',
  ),
  retyped(
    m('meeting.invitation_link_expires_at.type'),
    CREATED,
    'invitation_link_expires_at',
    epoch,
    'invitation_link_expires_at as epoch seconds',
  ),
  dropped(
    m('meeting.invitation_link_expires_at.presence'),
    CREATED,
    'invitation_link_expires_at',
    'create-meeting answers without invitation_link_expires_at',
  ),
  proxied(m('meeting.user_profiles.type'), 'no-name', 'user_profiles entries without name', () =>
    onObjects(EVERY, (o) =>
      Array.isArray(o.user_profiles)
        ? { ...o, user_profiles: (o.user_profiles as Json[]).map(({ name: _, ...p }) => p) }
        : o,
    ),
  ),
  dropped(
    m('meeting.user_profiles.presence'),
    LISTED,
    'user_profiles',
    'get-meetings lists meetings without user_profiles',
  ),
  proxied(
    m('meeting.user_profiles.presence'),
    'dropped-on-writes',
    'participant and co-host answers without user_profiles',
    () => onObjects(WRITES, ({ user_profiles: _, ...o }) => o),
  ),
  dropped(m('state.status.presence'), LISTED, 'status', 'get-meetings lists meetings without status'),
  faulted(m('state.created.live'), 'wrong-status', 'a new meeting is not MS_LIVE'),
  proxied(m('state.ended.end_at'), 'null', 'meetings listed EMS_ENDED with end_at null', () =>
    onObjects(LISTED, (o) => (o.status === 'EMS_ENDED' ? { ...o, end_at: null } : o)),
  ),
  proxied(
    m('create.participant_ids.default'),
    'filled-in',
    'create-meeting without participant_ids invites a default guest',
    () => filledIn('/v1/create-meeting', 'participant_ids', ['em:default-guest@example.com']),
  ),
  proxied(
    m('create.participant_ids.email-form'),
    'refused',
    'create-meeting refuses em:<email> participants (422)',
    () =>
      refusedWhen(
        '/v1/create-meeting',
        (b) => ids(b.participant_ids).some((p) => p.startsWith('em:')),
        PARTICIPANT,
        'invalid participant id',
      ),
  ),
  proxied(
    m('create.participant_ids.bare-form'),
    'refused',
    'create-meeting refuses bare user ids (422)',
    () =>
      refusedWhen(
        '/v1/create-meeting',
        (b) => ids(b.participant_ids).some((p) => !p.startsWith('em:')),
        PARTICIPANT,
        'invalid participant id',
      ),
  ),
  proxied(
    m('create.title.default'),
    'filled-in',
    'create-meeting without a title names it "Untitled meeting"',
    () => filledIn('/v1/create-meeting', 'title', 'Untitled meeting'),
  ),
  faulted(m('delete.success'), 'delete-unsuccessful', 'delete-meeting answers success false'),
  proxied(m('delete.effect'), 'not-deleted', 'delete-meeting answers success and deletes nothing', () =>
    servedBy(
      '/v1/delete-meeting',
      '/v1/get-meetings',
      () => ({ limit: 1 }),
      (_up, status) => [status, { success: true }],
    ),
  ),
  proxied(
    m('get-meetings.body-optional'),
    'refused',
    'get-meetings without a body refused (422)',
    emptyBodyRefused,
  ),
  proxied(
    m('get-meetings.cursor.before'),
    'at-or-before',
    'get-meetings lists meetings updated at the cursor too',
    () => ({
      request(req: Exchange) {
        if (pathOf(req) !== '/v1/get-meetings') return req;
        const body = jsonOf(req.body);
        if (typeof body.last_updated_at !== 'string') return req;
        return {
          ...req,
          body: Buffer.from(
            JSON.stringify({ ...body, last_updated_at: shiftMicros(body.last_updated_at, 1) }),
          ),
        };
      },
    }),
  ),
  proxied(
    m('get-meetings.cursor.moves'),
    'ignored',
    'get-meetings ignores last_updated_at: every page is the first',
    () => ignored('/v1/get-meetings', 'last_updated_at'),
  ),
  proxied(m('get-meetings.limit.default'), 'twenty', 'get-meetings without a limit pages by 20', () =>
    filledIn('/v1/get-meetings', 'limit', 20),
  ),
  proxied(m('get-meetings.limit.max'), 'past-max', 'get-meetings serves a limit over 50 whole', overMax),
  faulted(m('get-meetings.order'), 'meetings-newest-last', 'get-meetings lists oldest first'),
  faulted(m('get-meetings.has_more'), 'has-more-lies', 'get-meetings has_more is the opposite of the truth'),
  proxied(m('limits.get-meetings.default'), 'thirty', 'get-meetings without a limit pages by 30', () =>
    filledIn('/v1/get-meetings', 'limit', 30),
  ),
  proxied(m('limits.get-meetings.max'), 'past-max', 'get-meetings serves a limit over 50 whole', overMax),
  proxied(
    m('participants.add.effect'),
    'not-written',
    'add-meeting-participants answers the meeting unchanged',
    () => unwritten('/v1/add-meeting-participants'),
  ),
  proxied(
    m('participants.add.answer'),
    'stale-answer',
    'add-meeting-participants answers participant_ids without those added',
    () =>
      onAnswer('/v1/add-meeting-participants', (b, s, asked) => [
        s,
        s === 200
          ? {
              ...b,
              meeting: {
                ...(b.meeting as Json),
                participant_ids: ids((b.meeting as Json)?.participant_ids).filter(
                  (p) => !ids(asked.participant_ids).includes(p),
                ),
              },
            }
          : b,
      ]),
  ),
  proxied(
    m('participants.remove.effect'),
    'not-written',
    'remove-meeting-participants answers the meeting unchanged',
    () => unwritten('/v1/remove-meeting-participants'),
  ),
  proxied(
    m('participants.assign-co-host.keeps'),
    'moved',
    'assign-co-host answers the co-host out of participant_ids',
    () =>
      onAnswer('/v1/assign-co-host', (b, s, asked) => [
        s,
        s === 200
          ? {
              ...b,
              meeting: {
                ...(b.meeting as Json),
                participant_ids: ids((b.meeting as Json)?.participant_ids).filter(
                  (p) => !ids(asked.user_ids).includes(p),
                ),
              },
            }
          : b,
      ]),
  ),
  proxied(
    m('participants.remove-co-host.keeps'),
    'removes-participant',
    'remove-co-host removes the user from the meeting too',
    () =>
      servedBy(
        '/v1/remove-co-host',
        '/v1/remove-meeting-participants',
        (asked) => ({ meeting_id: asked.meeting_id, participant_ids: asked.user_ids }),
        (up, status) => [status, up],
      ),
  ),
];
