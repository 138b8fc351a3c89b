import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

// Hook subscriptions (hooks.tables.ts). Reads and deletes by a user are scoped to that user, so a
// token never sees or ends another user's subscription.

export interface HookSubscription {
  id: string;
  userId: string;
  clientId: string;
  /** The OAuth grant it was made under; null when made before grants were recorded. */
  grantId: string | null;
  event: string;
  targetUrl: string;
  createdUs: number;
}

type Row = {
  id: string;
  user_id: string;
  client_id: string;
  grant_id: string | null;
  event: string;
  target_url: string;
  created_us: number | string;
};

const toSubscription = (row: Row): HookSubscription => ({
  id: row.id,
  userId: row.user_id,
  clientId: row.client_id,
  grantId: row.grant_id,
  event: row.event,
  targetUrl: row.target_url,
  createdUs: Number(row.created_us),
});

// Asked by every event's source (create-meeting among them), so prepared (prepared-query.ts).
const anySubscriptionTo = prepareQuery(1, (db, event: string) =>
  db.selectFrom('hook_subscriptions').select('id').where('event', '=', event).limit(1),
);

export class HookSubscriptionsStore {
  constructor(private readonly ctx: RepoContext) {}

  async insert(
    input: Omit<HookSubscription, 'id' | 'createdUs' | 'grantId'> & { grantId?: string | null },
  ): Promise<HookSubscription> {
    const row = {
      id: this.ctx.ids.next('hook'),
      user_id: input.userId,
      client_id: input.clientId,
      grant_id: input.grantId ?? null,
      event: input.event,
      target_url: input.targetUrl,
      created_us: this.ctx.stamps.next(),
    };
    await this.ctx.db.insertInto('hook_subscriptions').values(row).execute();
    return toSubscription(row);
  }

  async get(id: string): Promise<HookSubscription | undefined> {
    const row = await this.ctx.db
      .selectFrom('hook_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toSubscription(row) : undefined;
  }

  /** Deletes the user's subscription `id`; undefined when the user has none by that id. */
  async deleteOfUser(userId: string, id: string): Promise<HookSubscription | undefined> {
    const row = await this.ctx.db
      .selectFrom('hook_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    await this.ctx.db.deleteFrom('hook_subscriptions').where('id', '=', id).execute();
    return toSubscription(row);
  }

  /** Ends a subscription whatever its user (a target that answered 410 Gone). */
  async delete(id: string): Promise<void> {
    await this.ctx.db.deleteFrom('hook_subscriptions').where('id', '=', id).execute();
  }

  /** Whether anyone subscribes to `event` (events with no subscriber queue nothing). */
  async hasEvent(event: string): Promise<boolean> {
    return (await anySubscriptionTo.run(this.ctx.db, this.ctx.dialect, event)).length > 0;
  }

  /** Every subscription to `event` whose grant stands, oldest first. */
  async ofEvent(event: string): Promise<HookSubscription[]> {
    const rows = await this.ctx.db
      .selectFrom('hook_subscriptions as s')
      .leftJoin('oauth_revoked_grants as g', 'g.grant_id', 's.grant_id')
      .selectAll('s')
      .where('s.event', '=', event)
      .where('g.grant_id', 'is', null)
      .orderBy('s.created_us')
      .execute();
    return rows.map(toSubscription);
  }

  /** How many subscriptions the user has (a user may hold a bounded number). */
  async countOfUser(userId: string): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('hook_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
