// The authenticated user a request acts for. Every service method takes it first, and every query
// a service makes is scoped to it.

export interface Caller {
  userId: string;
  accountId: string;
  /** Lower-case; matches `em:<email>` participant ids. */
  email: string;
  name: string;
  /** The API key (id, not the secret) the request came with, when it came with one. */
  keyId?: string;
  /** The OAuth client the access token was issued to, when it came with one. */
  clientId?: string;
  /** The OAuth grant the access token belongs to, when it came with one. */
  grantId?: string;
}

/** Whose secret signs a callback: the OAuth client the token was issued to, or the API key used. */
export type CallbackSigner = { clientId: string } | { keyId: string };

/** The signer of a caller's callbacks: its OAuth client, else its API key; none for neither. */
export function signerOf(caller: Caller): CallbackSigner | undefined {
  if (caller.clientId) return { clientId: caller.clientId };
  if (caller.keyId) return { keyId: caller.keyId };
  return undefined;
}
