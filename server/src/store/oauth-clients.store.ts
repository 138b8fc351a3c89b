import { randomBytes } from 'node:crypto';
import { hashSecret } from './accounts.store.js';
import { fromJson } from './json-columns.js';
import type { OAuthClientsTable } from './partner.tables.js';
import type { RepoContext } from './repo-context.js';

// Registered OAuth clients of the partner interface. The reference server seeds one on first
// start: the automation-platform integration.

export type OAuthClientRow = OAuthClientsTable;

export class OAuthClientsStore {
  constructor(private readonly ctx: RepoContext) {}

  async get(clientId: string): Promise<OAuthClientRow | undefined> {
    return this.ctx.db
      .selectFrom('oauth_clients')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** Creates the client, or sets its secret and redirect URIs if it exists. */
  async upsert(input: {
    clientId: string;
    secret: string;
    name: string;
    redirectUris: string[];
  }): Promise<void> {
    const row = {
      client_id: input.clientId,
      client_secret_hash: hashSecret(input.secret),
      name: input.name,
      redirect_uris: JSON.stringify(input.redirectUris),
      created_us: this.ctx.stamps.next(),
    };
    const { client_id, created_us, ...changes } = row;
    await this.ctx.db
      .insertInto('oauth_clients')
      .values(row)
      .onConflict((oc) => oc.column('client_id').doUpdateSet(changes))
      .execute();
  }

  async verifySecret(clientId: string, secret: string): Promise<boolean> {
    const client = await this.get(clientId);
    return client !== undefined && client.client_secret_hash === hashSecret(secret);
  }
}

/** A registered client as the provider uses it. */
export interface RegisteredClient {
  clientId: string;
  name: string;
  /** Exact redirect URIs: the authorize request's `redirect_uri` must equal one of them. */
  redirectUris: string[];
}

/** Reads of OAuthClientsStore in domain values (the partner provider's view of a client). */
export class RegisteredClients {
  constructor(private readonly ctx: RepoContext) {}

  async get(clientId: string): Promise<RegisteredClient | undefined> {
    const row = await new OAuthClientsStore(this.ctx).get(clientId);
    if (!row) return undefined;
    return {
      clientId: row.client_id,
      name: row.name,
      redirectUris: fromJson<string[]>(row.redirect_uris, []),
    };
  }

  async list(): Promise<RegisteredClient[]> {
    const rows = await this.ctx.db.selectFrom('oauth_clients').selectAll().orderBy('created_us').execute();
    return rows.map((row) => ({
      clientId: row.client_id,
      name: row.name,
      redirectUris: fromJson<string[]>(row.redirect_uris, []),
    }));
  }

  /** The client's callback signing secret, made on first use (`whsec_` + base64 of 32 random bytes). */
  async webhookSecret(clientId: string): Promise<string> {
    const row = await this.ctx.db
      .selectFrom('oauth_clients')
      .select('webhook_secret')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw new Error(`no OAuth client ${clientId}`);
    if (row.webhook_secret) return row.webhook_secret;
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    await this.ctx.db
      .updateTable('oauth_clients')
      .set({ webhook_secret: secret })
      .where('client_id', '=', clientId)
      .where('webhook_secret', 'is', null)
      .execute();
    // A concurrent first use may have won; the stored one is the secret.
    return this.webhookSecret(clientId);
  }
}
