import type { Person } from '@parley/schemas/types';
import { comparePersonKeys } from '../src/services/people/people-cursor.js';
import type { Store } from '../src/store/store.js';

// What get-my-people answered before viewer_people existed, worked out here in plain code from the
// meetings, their participants, the users and the guest contacts: the reference the table and the
// route are held to (viewer-people.test.ts, migrations/0016-viewer-people.test.ts). The rules are
// the route's old ones, kept as they were: everyone in the caller's meetings (host and participants,
// by user id or `em:` address) and the caller's contacts, one entry per address, the caller left
// out; a registered user carries `user`, a contact `guest_profile` with its name, an invitee who is
// neither a guest profile named after the local part of the address as stored.

/** The store's connection (or a transaction of it). */
type Db = Store['db'];

interface Snapshot {
  users: { id: string; email: string; name: string }[];
  rosters: string[][];
  contacts: { owner_user_id: string; email: string; name: string }[];
}

export interface ExpectedRow {
  owner_user_id: string;
  email: string;
  sort_name: string;
  user_id: string | null;
  contact_name: string | null;
  met_count: number;
}

async function snapshot(db: Db): Promise<Snapshot> {
  const users = await db.selectFrom('users').select(['id', 'email', 'name']).execute();
  const meetings = await db.selectFrom('meetings').select(['id', 'host_user_id']).execute();
  const participants = await db
    .selectFrom('meeting_participants')
    .select(['meeting_id', 'participant_id'])
    .execute();
  const contacts = await db.selectFrom('guest_contacts').select(['owner_user_id', 'email', 'name']).execute();
  const rosters = meetings.map((m) => [
    m.host_user_id,
    ...participants.filter((p) => p.meeting_id === m.id).map((p) => p.participant_id),
  ]);
  return { users, rosters, contacts };
}

/** The old route's map of everyone, from the ids met and the caller's contacts. */
function everyone(
  all: Snapshot['users'],
  me: Snapshot['users'][number],
  met: readonly string[],
  contacts: Snapshot['contacts'],
): Map<string, Person> {
  const invitedEmails = met.filter((id) => id.startsWith('em:')).map((id) => id.slice(3));
  const ids = new Set(met.filter((id) => !id.startsWith('em:')));
  const emails = new Set([...invitedEmails, ...contacts.map((c) => c.email)].map((e) => e.toLowerCase()));
  const users = all.filter((user) => ids.has(user.id) || emails.has(user.email));
  const people = new Map<string, Person>();
  for (const user of users)
    people.set(user.email, { email: user.email, user: { id: user.id, name: user.name, email: user.email } });
  for (const contact of contacts) {
    const guest_profile = { name: contact.name, email: contact.email };
    people.set(contact.email, { ...people.get(contact.email), email: contact.email, guest_profile });
  }
  for (const email of invitedEmails) {
    if (people.has(email)) continue;
    people.set(email, { email, guest_profile: { name: email.split('@')[0] ?? email, email } });
  }
  people.delete(me.email);
  for (const [email, person] of people) if (person.user?.id === me.id) people.delete(email);
  return people;
}

const nameOf = (person: Person) => person.user?.name ?? person.guest_profile?.name ?? '';

/** Every viewer_people row there should be, sorted by owner and address. */
export async function expectedPeopleRows(db: Db): Promise<ExpectedRow[]> {
  const data = await snapshot(db);
  const rows: ExpectedRow[] = [];
  for (const me of data.users) {
    const visible = data.rosters.filter(
      (roster) => roster.includes(me.id) || roster.includes(`em:${me.email}`),
    );
    const mine = data.contacts.filter((c) => c.owner_user_id === me.id);
    const people = everyone(data.users, me, visible.flat(), mine);
    // Meetings in which each address is met: the same rules, one meeting at a time, no contacts.
    const met = new Map<string, number>();
    for (const roster of visible)
      for (const email of everyone(data.users, me, roster, []).keys())
        met.set(email, (met.get(email) ?? 0) + 1);
    for (const [email, person] of people)
      rows.push({
        owner_user_id: me.id,
        email,
        sort_name: nameOf(person),
        user_id: person.user?.id ?? null,
        contact_name: mine.find((c) => c.email === email)?.name ?? null,
        met_count: met.get(email) ?? 0,
      });
  }
  return rows.sort(byOwnerAndEmail);
}

/** The old route's whole answer for one user, in its order. */
export async function expectedPeopleOf(db: Db, userId: string): Promise<Person[]> {
  const data = await snapshot(db);
  const me = data.users.find((user) => user.id === userId);
  if (!me) return [];
  const visible = data.rosters.filter(
    (roster) => roster.includes(me.id) || roster.includes(`em:${me.email}`),
  );
  const mine = data.contacts.filter((c) => c.owner_user_id === me.id);
  return [...everyone(data.users, me, visible.flat(), mine).values()].sort((a, b) =>
    comparePersonKeys({ name: nameOf(a), email: a.email }, { name: nameOf(b), email: b.email }),
  );
}

export function byOwnerAndEmail(a: ExpectedRow, b: ExpectedRow): number {
  return a.owner_user_id < b.owner_user_id
    ? -1
    : a.owner_user_id > b.owner_user_id
      ? 1
      : a.email < b.email
        ? -1
        : a.email > b.email
          ? 1
          : 0;
}
