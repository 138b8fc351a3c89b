import { randomBytes } from 'node:crypto';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { Limits } from '../../core/contracts.js';
import type { AccountRow, ApiKeyRow, UserRow } from '../../store/accounts.store.js';
import type { Store } from '../../store/store.js';

// Users, accounts and API keys: who a key belongs to, and the 5-keys-per-account rule.

const KEY_PREFIX = 'prl_';

export interface IssuedKey {
  key: ApiKeyRow;
  /** The secret itself; shown once, never stored. */
  secret: string;
}

export class AccountsService {
  constructor(private readonly store: Store) {}

  /** The caller a key acts for, or undefined for an unknown or revoked key. */
  async authenticate(secret: string): Promise<Caller | undefined> {
    const owner = await this.store.accounts.findKeyOwner(secret);
    if (!owner) return undefined;
    return {
      userId: owner.user.id,
      accountId: owner.user.account_id,
      email: owner.user.email,
      name: owner.user.name,
      keyId: owner.key.id,
    };
  }

  /** A user in a new account of their own, or in `accountId` when given. */
  async createUser(input: {
    email: string;
    name: string;
    accountId?: string;
    userId?: string;
  }): Promise<{ account: AccountRow; user: UserRow }> {
    return this.store.transaction(async (repos) => {
      if (await repos.accounts.findUserByEmail(input.email)) {
        throw new ApiError('CONFLICT', `A user with e-mail ${input.email.toLowerCase()} already exists`);
      }
      const account = input.accountId
        ? await repos.accounts.getAccount(input.accountId)
        : await repos.accounts.createAccount(input.name);
      if (!account) throw ApiError.notFound('Account');
      const user = await repos.accounts.createUser({
        accountId: account.id,
        email: input.email,
        name: input.name,
        ...(input.userId ? { id: input.userId } : {}),
      });
      return { account, user };
    });
  }

  /**
   * A new key acting as `userId`. `secret` lets a caller re-register a known key (the demo key on a
   * fresh database); normally it is generated.
   */
  async issueKey(userId: string, name: string, secret?: string): Promise<IssuedKey> {
    return this.store.transaction(async (repos) => {
      const user = await repos.accounts.getUser(userId);
      if (!user) throw ApiError.notFound('User');
      await repos.accounts.lockAccount(user.account_id);
      const held = await repos.accounts.countKeys(user.account_id);
      if (held >= Limits.apiKeysPerAccount) {
        throw new ApiError(
          'LIMIT_EXCEEDED',
          `An account may hold at most ${Limits.apiKeysPerAccount} API keys; revoke one before issuing another`,
        );
      }
      const plain = secret ?? `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
      const key = await repos.accounts.insertKey({ accountId: user.account_id, userId, key: plain, name });
      return { key, secret: plain };
    });
  }

  async revokeKey(keyId: string): Promise<void> {
    if (!(await this.store.accounts.deleteKey(keyId))) throw ApiError.notFound('API key');
  }

  async listKeys(userId: string): Promise<ApiKeyRow[]> {
    const user = await this.store.accounts.getUser(userId);
    if (!user) throw ApiError.notFound('User');
    return this.store.accounts.listKeys(user.account_id);
  }
}
