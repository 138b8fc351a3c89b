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
  /**
   * The OAuth client the request's access token was issued to, when it came with one: the partner
   * routes sign what they deliver later (callbacks, hook events) for that client.
   */
  clientId?: string;
}
