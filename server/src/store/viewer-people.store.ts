import { sql } from 'kysely';
import type { UsersTable as UserRow } from './accounts.tables.js';
import type { RepoContext } from './repo-context.js';
import { usersByIdsOrEmails } from './users-lookup.query.js';

// Keeps viewer_people (migration 0016-viewer-people) equal to what get-my-people lists: for each
// registered user, everyone who appears in a meeting with them (hosts and participants, by user id
// or `em:` address) and their guest contacts, each e-mail address once, with the name it sorts by.
// Each writer calls in here in its own transaction: a roster change (meeting inserted, imported,
// participants added or removed, meeting deleted), a contact saved, a user registered or renamed.
// viewer-people.test.ts checks the table against the route's old computation after random sequences
// of those writes.
//
// On PostgreSQL a row depends on more than the writer's own rows: whether an address is registered,
// and the user's name. Writers therefore take transaction-scoped advisory locks on the identities
// they read (a user id, or `em:` with the lower-cased address): shared for roster and contact
// writes, exclusive for a registration or a rename. Without them a meeting inviting an address while
// that address registers could count the new user's meetings twice or not at all, for good. SQLite
// runs one write transaction at a time and needs none.

const EM = 'em:';

/** Who a roster makes meet: registered users among its ids (id → e-mail), and every address. */
interface Meeting {
  owners: Map<string, string>;
  persons: Set<string>;
}

/** Change in met_count by owner, then e-mail address. */
type Deltas = Map<string, Map<string, number>>;
/** A delta as bound: owner, address, change, the address's local part (the name of last resort). */
type DeltaRow = [string, string, number, string];
const APPLY_BATCH = 10_000;

/** The part of an address get-my-people names a guest by when nothing else names them. */
const localPart = (email: string): string => email.split('@')[0] ?? email;

const lockKey = (id: string): string =>
  id.startsWith(EM) ? `${EM}${id.slice(EM.length).toLowerCase()}` : id;

export class ViewerPeopleStore {
  constructor(private readonly ctx: RepoContext) {}

  /**
   * Moves met_count for the meetings whose viewer ids (host and participants) went from `before` to
   * `after`: each pair of a registered user and an address that meet in one and no longer (or not
   * yet) does is counted down (up). A new meeting has no `before`, a deleted one no `after`.
   */
  async rostersChanged(changes: readonly { before: readonly string[]; after: readonly string[] }[]) {
    const ids = new Set(changes.flatMap((change) => [...change.before, ...change.after]));
    if (ids.size === 0) return;
    await this.lock([...ids].map(lockKey), 'shared');
    const users = await this.usersOf([...ids]);
    const deltas: Deltas = new Map();
    for (const change of changes)
      countChange(meetingOf(change.before, users), meetingOf(change.after, users), deltas);
    await this.apply(deltas);
  }

  /** A user just inserted: their meetings so far (as an invitee) and everyone's rows of their address. */
  async userRegistered(user: UserRow): Promise<void> {
    await this.lock([user.id, `${EM}${user.email}`], 'exclusive');
    const rows = await this.ctx.db
      .selectFrom('meeting_viewers as mine')
      .innerJoin('meeting_viewers as v', 'v.meeting_id', 'mine.meeting_id')
      .select(['v.meeting_id', 'v.viewer_id'])
      .where('mine.viewer_id', 'in', [user.id, `${EM}${user.email}`])
      .execute();
    const byMeeting = new Map<string, string[]>();
    for (const row of rows) {
      const list = byMeeting.get(row.meeting_id);
      if (list) list.push(row.viewer_id);
      else byMeeting.set(row.meeting_id, [row.viewer_id]);
    }
    // The other ids are not locked: what they decide (who else is an owner, which addresses the
    // rosters hold) is the same before and after this insert. The one exception is a roster that
    // held this user's id before the user existed, which only a seed document writes.
    const users = await this.usersOf([...new Set(rows.map((row) => row.viewer_id))]);
    // Before, the same rosters without the user (the only difference the insert made).
    const without = users.filter((known) => known.id !== user.id);
    const deltas: Deltas = new Map();
    for (const ids of byMeeting.values()) countChange(meetingOf(ids, without), meetingOf(ids, users), deltas);
    await this.apply(deltas);
    await this.userNamed(user);
  }

  /** A user's name changed (or was just given): every row of their address sorts by it. */
  async userRenamed(user: UserRow): Promise<void> {
    await this.lock([user.id, `${EM}${user.email}`], 'exclusive');
    await this.userNamed(user);
  }

  /** Contacts just inserted or changed, by id: their owners' rows take the contact's name. */
  async contactsSaved(contactIds: readonly string[]): Promise<void> {
    if (contactIds.length === 0) return;
    const db = this.ctx.db;
    const contacts = await db
      .selectFrom('guest_contacts')
      .select('email')
      .where('id', 'in', [...contactIds])
      .execute();
    await this.lock(
      contacts.map((contact) => `${EM}${contact.email}`),
      'shared',
    );
    // The owner's own address is never listed; a registered user's name outranks the contact's.
    await sql`
      insert into viewer_people (owner_user_id, email, sort_name, user_id, contact_name, met_count)
      select c.owner_user_id, c.email, coalesce(u.name, c.name), u.id, c.name, 0
      from guest_contacts c
      join users o on o.id = c.owner_user_id
      left join users u on u.email = c.email
      where c.id in (${sql.join(contactIds.map((id) => sql`${id}`))}) and c.email <> o.email
      on conflict (owner_user_id, email) do update
      set contact_name = excluded.contact_name, sort_name = excluded.sort_name
    `.execute(db);
  }

  private async userNamed(user: UserRow): Promise<void> {
    await this.ctx.db
      .updateTable('viewer_people')
      .set({ user_id: user.id, sort_name: user.name })
      .where('email', '=', user.email)
      .execute();
  }

  private async usersOf(ids: readonly string[]): Promise<UserRow[]> {
    const bare = ids.filter((id) => !id.startsWith(EM));
    const emails = ids.filter((id) => id.startsWith(EM)).map((id) => id.slice(EM.length));
    return usersByIdsOrEmails(this.ctx, bare, emails);
  }

  /**
   * Adds the deltas to met_count, making rows that are new, then drops the rows no meeting and no
   * contact keeps. Rows are written in (owner, address) order, so two transactions on PostgreSQL
   * lock the rows they share in the same order; in statements of APPLY_BATCH rows, so a meeting of
   * a thousand registered members (a million pairs) is not one JSON text of tens of megabytes.
   */
  private async apply(deltas: Deltas): Promise<void> {
    const rows: DeltaRow[] = [];
    for (const [owner, byEmail] of [...deltas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      for (const [email, delta] of [...byEmail].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        if (delta !== 0) rows.push([owner, email, delta, localPart(email)]);
    for (let start = 0; start < rows.length; start += APPLY_BATCH)
      await this.applyBatch(rows.slice(start, start + APPLY_BATCH));
  }

  private async applyBatch(rows: readonly DeltaRow[]): Promise<void> {
    const db = this.ctx.db;
    const json = JSON.stringify(rows);
    const items =
      this.ctx.dialect === 'postgres'
        ? sql`json_array_elements(${json}::json) as d(value)`
        : sql`json_each(${json}) as d`;
    // `->>` takes an array index on both dialects (SQLite >= 3.38).
    const field = (i: number) => sql`(d.value ->> ${sql.lit(i)})`;
    await sql`
      insert into viewer_people (owner_user_id, email, sort_name, user_id, contact_name, met_count)
      select ${field(0)}, ${field(1)}, coalesce(u.name, c.name, ${field(3)}), u.id, c.name,
        cast(${field(2)} as integer)
      from ${items}
      left join users u on u.email = ${field(1)}
      left join guest_contacts c on c.owner_user_id = ${field(0)} and c.email = ${field(1)}
      where true
      on conflict (owner_user_id, email) do update set met_count = viewer_people.met_count + excluded.met_count
    `.execute(db);
    if (rows.some(([, , delta]) => delta < 0)) {
      await sql`
        delete from viewer_people
        where met_count = 0 and contact_name is null
          and (owner_user_id, email) in (select ${field(0)}, ${field(1)} from ${items})
      `.execute(db);
    }
  }

  private async lock(keys: readonly string[], mode: 'shared' | 'exclusive'): Promise<void> {
    if (this.ctx.dialect !== 'postgres' || keys.length === 0) return;
    // One order for every transaction, so two that each wait for the other's key cannot both hold one.
    const sorted = JSON.stringify([...new Set(keys)].sort());
    const take =
      mode === 'shared' ? sql.raw('pg_advisory_xact_lock_shared') : sql.raw('pg_advisory_xact_lock');
    await sql`select ${take}(hashtextextended(k, 0)) from json_array_elements_text(${sorted}::json) as t(k)`.execute(
      this.ctx.db,
    );
  }
}

/** The owners and persons of one roster, `users` being every registered user among its ids. */
function meetingOf(ids: readonly string[], users: readonly UserRow[]): Meeting {
  const byId = new Map(users.map((user) => [user.id, user]));
  const byEmail = new Map(users.map((user) => [user.email, user]));
  const meeting: Meeting = { owners: new Map(), persons: new Set() };
  for (const id of ids) {
    if (id.startsWith(EM)) {
      // As get-my-people read an invitee: the address as stored, and the user its lower-cased form
      // names; the invitee is that user only when the stored address is that user's exactly.
      const address = id.slice(EM.length);
      meeting.persons.add(address);
      const named = byEmail.get(address.toLowerCase());
      if (named) meeting.persons.add(named.email);
      const owner = byEmail.get(address);
      if (owner) meeting.owners.set(owner.id, owner.email);
      continue;
    }
    const user = byId.get(id);
    if (!user) continue;
    meeting.persons.add(user.email);
    meeting.owners.set(user.id, user.email);
  }
  return meeting;
}

/** Counts up the (owner, person) pairs `after` has and `before` lacks, and down the reverse. */
function countChange(before: Meeting, after: Meeting, deltas: Deltas): void {
  const count = (owner: string, email: string, step: number) => {
    const byEmail = deltas.get(owner) ?? new Map<string, number>();
    deltas.set(owner, byEmail);
    byEmail.set(email, (byEmail.get(email) ?? 0) + step);
  };
  const came = [...after.persons].filter((email) => !before.persons.has(email));
  const went = [...before.persons].filter((email) => !after.persons.has(email));
  // An owner in both meets only the persons that came or went; one who came or went, everyone.
  for (const [owner, own] of after.owners) {
    const persons = before.owners.has(owner) ? came : after.persons;
    for (const email of persons) if (email !== own) count(owner, email, 1);
  }
  for (const [owner, own] of before.owners) {
    const persons = after.owners.has(owner) ? went : before.persons;
    for (const email of persons) if (email !== own) count(owner, email, -1);
  }
}
