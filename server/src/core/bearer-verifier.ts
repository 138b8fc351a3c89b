import type { Caller } from './caller.js';

// The slots the composition root fills for the credentials that are not API keys. The HTTP
// pipeline (http/caller-auth.ts) calls them; what a token or a session is, and where it is kept, is the
// business of whoever implements them (the partner interface's OAuth provider).

/** What a valid OAuth access token grants: whose it is and the scopes it holds. */
export interface BearerGrant {
  caller: Caller;
  scopes: readonly string[];
}

/** Checks an `Authorization: Bearer` access token; undefined when unknown, expired or revoked. */
export interface BearerVerifier {
  verify(token: string): Promise<BearerGrant | undefined>;
}

/** Reads the signed-in user of an HTML page's session cookie; undefined when there is none. */
export interface SessionReader {
  read(cookieHeader: string | undefined): Promise<Caller | undefined>;
}
