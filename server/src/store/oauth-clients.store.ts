import { hashSecret } from './accounts.store.js';
import type { OAuthClientsTable } from './database.js';
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
