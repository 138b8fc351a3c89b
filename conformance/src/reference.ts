import { UsageError } from './usage-error.js';

// The in-process reference server a run without --base-url checks. It is this repository's own server
// (server/src, started by reference-server.ts), which the built package does not carry: there, a run
// without --base-url is a usage error that says so. The module is named by a variable so that neither
// TypeScript (the package's declarations) nor esbuild (its bundle) follows it into the server.

export interface ReferencePartner {
  client: { id: string; secret: string };
  user: { email: string; password: string };
  redirectUri: string;
  webhookSecret: string;
  /** Its RFC 7009 revocation endpoint (a Parley extension: what --oauth-revoke-url names). */
  revokeUrl: string;
}

export interface ReferenceServer {
  baseUrl: string;
  wsUrl: string;
  apiKey: string;
  secondApiKey: string;
  adminToken: string;
  audioBaseUrl: string;
  /** A transcribed meeting of the kit's user (seeded: the spec shows no way to create utterances). */
  transcriptMeetingId: string;
  /** The kit's user, whose notes workspace is connected (upload-meeting-to-workspace). */
  workspaceUserId: string;
  /** The kit's OAuth client, its user's sign-in and the callback secret. */
  partner: ReferencePartner;
  close(): Promise<void>;
}

export type ReferenceDatabase = 'sqlite' | 'postgres';

const SOURCE = './reference-server.js';

export async function startReference(database?: ReferenceDatabase): Promise<ReferenceServer> {
  let loaded: { startReferenceServer(o: { database?: ReferenceDatabase }): Promise<ReferenceServer> };
  try {
    loaded = await import(SOURCE);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new UsageError(
      'no --base-url: the in-process reference server is part of the Parley repository, not of the built package; give --base-url and --api-key of the deployment to check',
    );
  }
  return loaded.startReferenceServer(database ? { database } : {});
}
