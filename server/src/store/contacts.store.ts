import type { GuestContactsTable } from './accounts.tables.js';
import type { RepoContext } from './repo-context.js';
import { ViewerPeopleStore } from './viewer-people.store.js';

// Guest contacts (people met in meetings who are not registered users), one list per owner. Each
// write reaches the owner's viewer_people row of that address (get-my-people sorts by its name).

export type ContactRow = GuestContactsTable;
export type NewContact = Omit<ContactRow, 'id' | 'created_us' | 'updated_us'> & { id?: string };

export class ContactsStore {
  constructor(private readonly ctx: RepoContext) {}

  /** Stores a complete contact as given (emulator seed). */
  async importRow(row: ContactRow): Promise<void> {
    await this.ctx.db
      .insertInto('guest_contacts')
      .values({ ...row, email: row.email.toLowerCase() })
      .execute();
    await new ViewerPeopleStore(this.ctx).contactsSaved([row.id]);
  }

  /** Inserts the contact, or refreshes the owner's existing contact with the same e-mail address. */
  async upsert(input: NewContact): Promise<ContactRow> {
    const now = this.ctx.stamps.next();
    const row: ContactRow = {
      ...input,
      email: input.email.toLowerCase(),
      id: input.id ?? this.ctx.ids.next('cnt'),
      created_us: now,
      updated_us: now,
    };
    const { id, created_us, owner_user_id, email, ...changes } = row;
    await this.ctx.db
      .insertInto('guest_contacts')
      .values(row)
      .onConflict((oc) => oc.columns(['owner_user_id', 'email']).doUpdateSet(changes))
      .execute();
    const saved = (await this.ctx.db
      .selectFrom('guest_contacts')
      .selectAll()
      .where('owner_user_id', '=', owner_user_id)
      .where('email', '=', email)
      .executeTakeFirst()) as ContactRow;
    await new ViewerPeopleStore(this.ctx).contactsSaved([saved.id]);
    return saved;
  }
}
