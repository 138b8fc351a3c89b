// Tables of the partner interface: OAuth clients and their grants, the authorize pages' sign-in,
// and callback deliveries. Conventions: database.ts.

export interface OAuthClientsTable {
  client_id: string;
  /** sha256 hex of the secret. */
  client_secret_hash: string;
  name: string;
  /** JSON string[]; empty means the provider's own redirect policy applies. */
  redirect_uris: string;
  created_us: number;
  /** Standard Webhooks signing secret (`whsec_…`) of the client's callbacks (migration 0007). */
  webhook_secret: string | null;
}

export interface OAuthCodesTable {
  /** sha256 hex of the authorization code. */
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  expires_us: number;
  used_us: number | null;
  created_us: number;
}

export interface OAuthTokensTable {
  /** sha256 hex of the token. */
  token_hash: string;
  /** `access` or `refresh`. */
  kind: string;
  client_id: string;
  user_id: string;
  scope: string;
  /** Tokens issued from one authorization share a family; reuse of a rotated refresh token revokes it. */
  family_id: string;
  expires_us: number;
  revoked_us: number | null;
  created_us: number;
  /** On a rotated refresh token: the pair that replaced it, AES-GCM under a key from this token. */
  successor: string | null;
  /** On a pair from a rotation, until first used: the hash of the refresh token it replaced. */
  rotated_from: string | null;
}

/** Grants (code hash = family id) revoked as a whole: every token of the family is dead. */
export interface OAuthRevokedGrantsTable {
  grant_id: string;
  revoked_us: number;
}

/** The sign-in password of a user (migration 0007); users without one cannot sign in. */
export interface UserPasswordsTable {
  user_id: string;
  /** `scrypt$<N>$<r>$<p>$<salt>$<key>` (partner/passwords.ts). */
  password_hash: string;
  updated_us: number;
}

/** A signed-in browser session of the authorize pages (migration 0007). */
export interface OAuthSessionsTable {
  /** sha256 hex of the cookie value. */
  session_hash: string;
  user_id: string;
  csrf_token: string;
  expires_us: number;
  created_us: number;
}

/** One try of a callback delivery (migration 0008). */
export interface WebhookDeliveriesTable {
  id: string;
  /** The `webhook-id` header: the same on every try of one delivery. */
  delivery_id: string;
  job_id: string;
  /** The OAuth client the delivery was signed for; '' when it was signed for an API key. */
  client_id: string;
  /** The API key the delivery was signed for (0012); null for an OAuth client's. */
  key_id: string | null;
  url: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  created_us: number;
}
