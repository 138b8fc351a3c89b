import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AccountsTable, ApiKeysTable, UsersTable } from './accounts.tables.js';
import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

// Accounts, their users and their API keys. Keys are stored as sha256 hashes: a leaked database
// does not leak working keys, and lookup by hash stays an indexed equality match.

export type AccountRow = AccountsTable;
export type UserRow = UsersTable;
export type ApiKeyRow = ApiKeysTable;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export class AccountsStore {
  constructor(private readonly ctx: RepoContext) {}

  async createAccount(name: string): Promise<AccountRow> {
    const row = { id: this.ctx.ids.next('acc'), name, created_us: this.ctx.stamps.next() };
    await this.ctx.db.insertInto('accounts').values(row).execute();
    return row;
  }

  async getAccount(id: string): Promise<AccountRow | undefined> {
    return this.ctx.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Takes the account row lock (PostgreSQL) so concurrent key issues count keys one at a time. */
  async lockAccount(id: string): Promise<AccountRow | undefined> {
    const query = this.ctx.db.selectFrom('accounts').selectAll().where('id', '=', id);
    return (this.ctx.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async createUser(input: { accountId: string; email: string; name: string; id?: string }): Promise<UserRow> {
    const row = {
      id: input.id ?? this.ctx.ids.next('usr'),
      account_id: input.accountId,
      email: input.email.toLowerCase(),
      name: input.name,
      created_us: this.ctx.stamps.next(),
    };
    await this.ctx.db.insertInto('users').values(row).execute();
    return row;
  }

  async getUser(id: string): Promise<UserRow | undefined> {
    return this.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async usersByIds(ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Users with one of the ids or (lower-cased) addresses, in one query. */
  async usersByIdsOrEmails(ids: readonly string[], emails: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0 && emails.length === 0) return [];
    // Prepared, with each list bound as one JSON array: get-meetings looks up every participant of
    // a page (~50 addresses), and building an `in (?, ?, …)` of that length cost more than running it.
    const lowered = emails.map((email) => email.toLowerCase());
    const query = this.ctx.dialect === 'postgres' ? usersByListsPg : usersByListsSqlite;
    return query.run(this.ctx.db, this.ctx.dialect, JSON.stringify(ids), JSON.stringify(lowered));
  }

  async countKeys(accountId: string): Promise<number> {
    const { count } = await this.ctx.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async insertKey(input: {
    accountId: string;
    userId: string;
    key: string;
    name: string;
  }): Promise<ApiKeyRow> {
    const row = {
      id: this.ctx.ids.next('key'),
      account_id: input.accountId,
      user_id: input.userId,
      key_hash: hashSecret(input.key),
      prefix: input.key.slice(0, 8),
      name: input.name,
      created_us: this.ctx.stamps.next(),
    };
    await this.ctx.db.insertInto('api_keys').values(row).execute();
    return row;
  }

  async listKeys(accountId: string): Promise<ApiKeyRow[]> {
    return this.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_us')
      .execute();
  }

  async deleteKey(id: string): Promise<boolean> {
    const result = await this.ctx.db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async getKey(id: string): Promise<ApiKeyRow | undefined> {
    return this.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The key (by its plaintext) with the user it acts as; undefined for an unknown or revoked key. */
  async findKeyOwner(key: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
    // Prepared: every authenticated request runs it.
    const [row] = await keyOwnerQuery.run(this.ctx.db, this.ctx.dialect, hashSecret(key));
    if (!row) return undefined;
    const { user_email, user_name, user_created_us, ...keyRow } = row;
    return {
      key: keyRow,
      user: {
        id: keyRow.user_id,
        account_id: keyRow.account_id,
        email: user_email,
        name: user_name,
        created_us: user_created_us,
      },
    };
  }
}

const keyOwnerQuery = prepareQuery(1, (db, keyHash: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select(['u.email as user_email', 'u.name as user_name', 'u.created_us as user_created_us'])
    .where('k.key_hash', '=', keyHash),
);

// The members of a JSON array of text, as rows: the one part of this query that differs by dialect.
const usersByListsSqlite = prepareQuery(2, (db, idsJson: string, emailsJson: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(
      sql<boolean>`id in (select value from json_each(${idsJson})) or email in (select value from json_each(${emailsJson}))`,
    ),
);
const usersByListsPg = prepareQuery(2, (db, idsJson: string, emailsJson: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(
      sql<boolean>`id in (select json_array_elements_text(${idsJson}::json)) or email in (select json_array_elements_text(${emailsJson}::json))`,
    ),
);
