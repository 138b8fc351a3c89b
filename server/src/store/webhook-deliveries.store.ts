import { PURGE_BATCH_ROWS } from './jobs.store.js';
import type { RepoContext } from './repo-context.js';

// The tries of callback deliveries, for the emulator's list (GET /_emulator/webhook-deliveries).

export interface DeliveryTry {
  deliveryId: string;
  jobId: string;
  /** The OAuth client it was signed for; '' for an API key's. */
  clientId: string;
  /** The API key it was signed for, or null. */
  keyId: string | null;
  url: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  at: Date;
}

export class WebhookDeliveriesStore {
  constructor(private readonly ctx: RepoContext) {}

  async record(entry: Omit<DeliveryTry, 'at'>): Promise<void> {
    await this.ctx.db
      .insertInto('webhook_deliveries')
      .values({
        id: this.ctx.ids.next('dlv'),
        delivery_id: entry.deliveryId,
        job_id: entry.jobId,
        client_id: entry.clientId,
        key_id: entry.keyId,
        url: entry.url,
        attempt: entry.attempt,
        status_code: entry.statusCode,
        error: entry.error,
        created_us: this.ctx.stamps.next(),
      })
      .execute();
  }

  /**
   * Deletes up to `limit` tries recorded before `beforeUs` (one row per try would otherwise grow
   * without end), oldest first through webhook_deliveries_created_idx; the caller repeats while a
   * batch comes back full (PURGE_BATCH_ROWS says why).
   */
  async purgeBefore(beforeUs: number, limit = PURGE_BATCH_ROWS): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('webhook_deliveries')
      .where(
        'id',
        'in',
        this.ctx.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('created_us', '<', beforeUs)
          .orderBy('created_us')
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The newest tries first. */
  async list(limit: number): Promise<DeliveryTry[]> {
    const rows = await this.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .orderBy('created_us', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      deliveryId: row.delivery_id,
      jobId: row.job_id,
      clientId: row.client_id,
      keyId: row.key_id,
      url: row.url,
      attempt: row.attempt,
      statusCode: row.status_code,
      error: row.error,
      at: new Date(Number(row.created_us) / 1000),
    }));
  }
}
