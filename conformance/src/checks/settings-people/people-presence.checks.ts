import { Limits } from '@parley/schemas/constants';
import { type Answer, call } from '../../call.js';
import { couldNotJudge, verify } from '../../check.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';
import { userIdOf } from '../meetings/create-request.checks.js';
import { walkPages } from '../meetings/page-walk.js';

// Person's presence conditions judged on people in those states: a guest contact (an invitee known
// only by an e-mail address no account holds, met in a meeting of the caller's: "new contacts (guest
// profiles) found in meetings") carries guest_profile; a registered user (the second account's
// user, invited by bare user id; --second-api-key) carries user, naming that user; every person
// carries email. How contacts arise is not shown: a deployment that lists neither cannot be judged.

type Person = Answer<'get-my-people'>['people'][number];

const nameOf = (p: Person) => p.user?.name ?? p.guest_profile?.name ?? '';

export const peoplePresenceChecks = [
  define({
    id: 'rest.41.people-presence',
    title:
      'get-my-people: every person carries email; a guest met in a meeting carries guest_profile, a registered user carries user',
    area: 'rest',
    clause:
      'Resources/Person (contact): email always present; guest_profile present for a guest contact; user present for a registered user',
    spec: 'email | string | always present / guest_profile | object {name string, email string} | present for a guest contact / user | object {id string, name string, email string} | present for a registered user / contact-discovered: new contacts (guest profiles) found in meetings',
    level: 'MUST',
    async run(ctx) {
      const guest = `${ctx.target.runId}-guest@example.com`.toLowerCase();
      const second = ctx.target.secondApiKey;
      const registered = second
        ? await userIdOf(ctx, second, 'get-user-default-meeting-setting of the second account')
        : undefined;
      const { meeting } = await call(ctx, 'create-meeting', {
        title: ctx.title('people presence'),
        participant_ids: [`em:${guest}`],
      });
      ctx.remember(meeting.id);
      // The registered user's address, as the meeting's user_profiles show it once invited.
      let email: string | undefined;
      if (registered) {
        const added = await call(ctx, 'add-meeting-participants', {
          meeting_id: meeting.id,
          participant_ids: [registered],
        });
        email = added.meeting.user_profiles?.find((p) => p.id === registered)?.email?.toLowerCase();
      }
      const what = 'get-my-people page';
      const found = () => ({
        guest: listed.find((p) => p.email?.toLowerCase() === guest),
        user: registered
          ? listed.find(
              (p) => p.user?.id === registered || (email !== undefined && p.email?.toLowerCase() === email),
            )
          : undefined,
      });
      const listed: Person[] = [];
      const walk = await walkPages(
        async (cursor) => {
          const { people, has_more } = await call(
            ctx,
            'get-my-people',
            cursor ? { limit: Limits.people.default, cursor } : {},
            { what },
          );
          listed.push(...people);
          return { items: people, hasMore: has_more };
        },
        (p) => `${nameOf(p)}:${p.email}`,
        Limits.people.default,
        what,
        'people',
        () => {
          const now = found();
          return now.guest !== undefined && (!registered || now.user !== undefined);
        },
      );
      for (const [i, p] of listed.entries())
        verify(
          typeof p.email === 'string' && p.email.length > 0,
          'MISSING_FIELD',
          `${what}: person ${i} has no email (${JSON.stringify(p).slice(0, 120)})`,
          at(what, '$.people[*].email', 'an e-mail address', p.email),
        );
      const { guest: asGuest, user: asUser } = found();
      if (asGuest)
        verify(
          typeof asGuest.guest_profile?.name === 'string' &&
            asGuest.guest_profile.email?.toLowerCase() === guest,
          'MISSING_FIELD',
          `${what}: the guest ${guest} met in the run's meeting is listed without a guest_profile naming it (${JSON.stringify(asGuest.guest_profile)})`,
          at(what, '$.people[*].guest_profile', { email: guest }, asGuest.guest_profile),
        );
      if (asUser)
        verify(
          asUser.user?.id === registered &&
            typeof asUser.user?.name === 'string' &&
            typeof asUser.user?.email === 'string',
          'MISSING_FIELD',
          `${what}: the registered user ${registered} (${asUser.email}) is listed without a user naming it (${JSON.stringify(asUser.user)})`,
          at(what, '$.people[*].user', { id: registered }, asUser.user),
        );
      if (!asGuest && !asUser)
        couldNotJudge(
          `get-my-people lists neither the guest nor the registered user invited to the run's meeting${walk.ended ? '' : ` within ${walk.cursors.length + 1} pages`}: how contacts arise is not shown`,
        );
      return `${listed.length} people read; the guest ${asGuest ? 'listed' : 'not listed'}; ${registered ? `the registered user ${asUser ? 'listed' : 'not listed'}` : 'no --second-api-key: no registered user'}`;
    },
  }),
];
