import { hashPassword } from '../partner/passwords.js';
import type { AccountsService } from '../services/accounts/accounts.service.js';
import type { Store } from '../store/store.js';

// The account a fresh server starts with, so `npm start` is immediately usable: one user, one API
// key, and the OAuth client of the automation-platform integration. Fixed ids keep the printed
// credentials valid across restarts (the plaintext secrets live in <dataDir>/credentials.json).

export const DEMO_USER = { id: 'usr_demo', email: 'demo@parley.local', name: 'Demo User' } as const;
export const INTEGRATION_CLIENT_ID = 'parley-partner-integration';
/**
 * The integration client's registered redirect URI: a local address, so the walk-through of
 * src/partner/README.md (browser, then curl) works without the platform. More are registered with
 * POST /_emulator/oauth-clients.
 */
export const INTEGRATION_REDIRECT_URI = 'http://127.0.0.1:8976/oauth/callback';

export interface DemoSecrets {
  demoApiKey: string;
  oauthClientSecret: string;
  demoPassword: string;
}

/** Creates whatever of the demo setup is missing; returns true when the demo user was created now. */
export async function ensureDemoAccount(
  store: Store,
  accounts: AccountsService,
  secrets: DemoSecrets,
): Promise<boolean> {
  await store.oauthClients.upsert({
    clientId: INTEGRATION_CLIENT_ID,
    secret: secrets.oauthClientSecret,
    name: 'Automation platform integration',
    redirectUris: (await store.registeredClients.get(INTEGRATION_CLIENT_ID))?.redirectUris ?? [
      INTEGRATION_REDIRECT_URI,
    ],
  });
  if (await store.accounts.getUser(DEMO_USER.id)) {
    if (!(await store.partnerAuth.passwordHash(DEMO_USER.id))) {
      await store.partnerAuth.setPasswordHash(DEMO_USER.id, await hashPassword(secrets.demoPassword));
    }
    return false;
  }
  const { user } = await accounts.createUser({
    email: DEMO_USER.email,
    name: DEMO_USER.name,
    userId: DEMO_USER.id,
  });
  await accounts.issueKey(user.id, 'demo', secrets.demoApiKey);
  await store.partnerAuth.setPasswordHash(user.id, await hashPassword(secrets.demoPassword));
  return true;
}
