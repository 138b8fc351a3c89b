import type { MailOutboxTable } from './jobs.tables.js';
import type { RepoContext } from './repo-context.js';

// E-mail the service "sends". The reference server delivers nothing: mail lands here, and the
// emulator lists it (GET /_emulator/mail) so tests can see what a user would have received.

export type MailRow = MailOutboxTable;
export type NewMail = Omit<MailRow, 'id' | 'created_us'>;

export class MailStore {
  constructor(private readonly ctx: RepoContext) {}

  async insert(input: NewMail): Promise<MailRow> {
    const row: MailRow = { ...input, id: this.ctx.ids.next('mail'), created_us: this.ctx.stamps.next() };
    await this.ctx.db.insertInto('mail_outbox').values(row).execute();
    return row;
  }

  /** Newest first; optionally only mail to one address. */
  async list(filter: { to?: string; limit: number }): Promise<MailRow[]> {
    let query = this.ctx.db.selectFrom('mail_outbox').selectAll();
    if (filter.to) query = query.where('to_address', '=', filter.to.toLowerCase());
    return query.orderBy('created_us', 'desc').limit(filter.limit).execute();
  }
}
