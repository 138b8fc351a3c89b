import type { GetMyPeopleRequest, GetMyPeopleResponse, Person } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { Limits } from '../../core/contracts.js';
import type { Store } from '../../store/store.js';
import { emailOf, isEmailParticipant } from '../meetings/participant-ids.js';
import { comparePersonKeys, type PersonKey, parseCursor } from './people-cursor.js';

// get-my-people: everyone the caller has met in their meetings (hosts and participants, by user id
// or `em:` address) plus the caller's guest contacts, the caller excluded, one entry per e-mail
// address. A registered user carries `user`; a guest contact carries `guest_profile` with the name
// contact discovery found; an `em:` invitee who is neither gets a guest profile named after the
// local part of the address, as in a meeting's user_profiles. Someone both registered and a guest
// contact carries both.

interface Entry {
  key: PersonKey;
  person: Person;
}

export class PeopleService {
  constructor(private readonly store: Store) {}

  async list(caller: Caller, body: GetMyPeopleRequest): Promise<GetMyPeopleResponse> {
    const limit = body.limit ?? Limits.people.default;
    const after = body.cursor ? parseCursor(body.cursor) : undefined;
    if (body.cursor && !after) throw ApiError.badRequest('cursor must be <name>:<email>');
    const everyone = (await this.everyone(caller)).sort((a, b) => comparePersonKeys(a.key, b.key));
    const rest = after ? everyone.filter((entry) => comparePersonKeys(entry.key, after) > 0) : everyone;
    return {
      success: true,
      people: rest.slice(0, limit).map((entry) => entry.person),
      has_more: rest.length > limit,
    };
  }

  private async everyone(caller: Caller): Promise<Entry[]> {
    const [met, contacts] = await Promise.all([
      this.store.people.metParticipantIds({ userId: caller.userId, email: caller.email }),
      this.store.people.guestContacts(caller.userId),
    ]);
    const invitedEmails = met.filter(isEmailParticipant).map(emailOf);
    // Both lists go as JSON arrays, one value each: a long history names more people than SQLite
    // takes values in one statement.
    const users = await this.store.accounts.usersByIdsOrEmails(
      met.filter((id) => !isEmailParticipant(id)),
      [...invitedEmails, ...contacts.map((c) => c.email)],
    );

    const people = new Map<string, Person>();
    for (const user of users) {
      people.set(user.email, {
        email: user.email,
        user: { id: user.id, name: user.name, email: user.email },
      });
    }
    for (const contact of contacts) {
      const guest_profile = { name: contact.name, email: contact.email };
      people.set(contact.email, { ...people.get(contact.email), email: contact.email, guest_profile });
    }
    for (const email of invitedEmails) {
      if (people.has(email)) continue;
      people.set(email, { email, guest_profile: { name: email.split('@')[0] ?? email, email } });
    }
    people.delete(caller.email);
    return [...people.values()]
      .filter((person) => person.user?.id !== caller.userId)
      .map((person) => ({
        person,
        key: { name: person.user?.name ?? person.guest_profile?.name ?? '', email: person.email },
      }));
  }
}
