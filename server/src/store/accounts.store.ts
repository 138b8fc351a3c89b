import { createHash } from 'node:crypto';
import type { AccountsTable, ApiKeysTable, UsersTable } from './accounts.tables.js';
import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';
import { usersByIdsOrEmails } from './users-lookup.query.js';
import { ViewerPeopleStore } from './viewer-people.store.js';

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
    // Meetings may already hold the address (`em:`), and others' people lists the person.
    await new ViewerPeopleStore(this.ctx).userRegistered(row);
    return row;
  }

  /**
   * Gives the user a new name. No route renames a user yet; this is where one must, since
   * get-my-people sorts by the name (viewer_people holds a copy).
   */
  async renameUser(id: string, name: string): Promise<UserRow | undefined> {
    await this.ctx.db.updateTable('users').set({ name }).where('id', '=', id).execute();
    const user = await this.getUser(id);
    if (user) await new ViewerPeopleStore(this.ctx).userRenamed(user);
    return user;
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
  usersByIdsOrEmails(ids: readonly string[], emails: readonly string[]): Promise<UserRow[]> {
    return usersByIdsOrEmails(this.ctx, ids, emails);
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
