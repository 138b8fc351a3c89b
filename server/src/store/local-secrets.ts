import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Secrets the server generates on first start and must keep across restarts: the admin token (when
// PARLEY_ADMIN_TOKEN is unset), the demo API key (stored hashed in the database, so its plaintext
// has to live somewhere to be printed again), the integration's OAuth client secret, and the key
// that signs file URLs. They live in <dataDir>/credentials.json, readable by the owner only.

export interface LocalSecrets {
  adminToken: string;
  demoApiKey: string;
  oauthClientSecret: string;
  filesSecret: string;
  /** The demo user's sign-in password (partner authorize page); stored hashed in the database. */
  demoPassword: string;
}

const FILE = 'credentials.json';
const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/** The secrets `dataDir` keeps so far, creating none (scripts that act on a running server read them). */
export function keptSecrets(dataDir: string): Partial<LocalSecrets> {
  const path = join(dataDir, FILE);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}

export function loadOrCreateSecrets(dataDir: string): {
  secrets: LocalSecrets;
  created: boolean;
  path: string;
} {
  const path = join(dataDir, FILE);
  const existing = keptSecrets(dataDir);
  const secrets: LocalSecrets = {
    adminToken: existing.adminToken ?? token(24),
    demoApiKey: existing.demoApiKey ?? `prl_demo_${token(24)}`,
    oauthClientSecret: existing.oauthClientSecret ?? token(32),
    filesSecret: existing.filesSecret ?? token(32),
    demoPassword: existing.demoPassword ?? token(12),
  };
  const created = JSON.stringify(existing) !== JSON.stringify(secrets);
  if (created) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
  }
  return { secrets, created, path };
}
