import type { GetMyPeopleRequest, GetMyPeopleResponse, Person } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { Limits } from '../../core/contracts.js';
import type { PersonRow } from '../../store/people.store.js';
import type { Store } from '../../store/store.js';
import { parseCursor } from './people-cursor.js';

// get-my-people: everyone the caller has met in their meetings (hosts and participants, by user id
// or `em:` address) plus the caller's guest contacts, the caller excluded, one entry per e-mail
// address. A registered user carries `user`; a guest contact carries `guest_profile` with the name
// contact discovery found; an `em:` invitee who is neither gets a guest profile named after the
// local part of the address, as in a meeting's user_profiles. Someone both registered and a guest
// contact carries both. The store keeps one row per such person with the name they sort by
// (viewer_people), so a page reads the page, not the caller's history.

export class PeopleService {
  constructor(private readonly store: Store) {}

  async list(caller: Caller, body: GetMyPeopleRequest): Promise<GetMyPeopleResponse> {
    const limit = body.limit ?? Limits.people.default;
    const after = body.cursor ? parseCursor(body.cursor) : undefined;
    if (body.cursor && !after) throw ApiError.badRequest('cursor must be <name>:<email>');
    // One row past the page tells whether there is more.
    const rows = await this.store.people.page(caller.userId, after, limit + 1);
    return {
      success: true,
      people: rows.slice(0, limit).map(personOf),
      has_more: rows.length > limit,
    };
  }
}

/** A row as the route shows it: sort_name is the user's name, else the guest profile's. */
function personOf(row: PersonRow): Person {
  const person: Person = { email: row.email };
  if (row.user_id !== null) person.user = { id: row.user_id, name: row.sort_name, email: row.email };
  const guestName = row.contact_name ?? (row.user_id === null ? row.sort_name : undefined);
  if (guestName !== undefined) person.guest_profile = { name: guestName, email: row.email };
  return person;
}
