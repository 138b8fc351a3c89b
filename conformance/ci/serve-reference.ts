import { renameSync, writeFileSync } from 'node:fs';
import { startReferenceServer } from '../src/reference-server.js';

// This repository's reference server as a deployment of its own, for the workflow that runs the
// action against it (reference.github.yml): started on 127.0.0.1 (in-memory SQLite, local engines,
// the kit's accounts, OAuth client and user, fixtures served), then its addresses and credentials
// written as `name=value` lines, the action's input names (the step's outputs), once it listens.
// It serves until SIGTERM or SIGINT, then closes.
// Usage: node --import tsx conformance/ci/serve-reference.ts <outputs file>

const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: serve-reference.ts <outputs file>\n');
  process.exit(2);
}
const server = await startReferenceServer();
const { client, user, redirectUri, webhookSecret, revokeUrl } = server.partner;
const outputs = {
  'base-url': server.baseUrl,
  'ws-url': server.wsUrl,
  'api-key': server.apiKey,
  'second-api-key': server.secondApiKey,
  'audio-base-url': server.audioBaseUrl,
  'transcript-meeting-id': server.transcriptMeetingId,
  'oauth-client': `${client.id}:${client.secret}`,
  'oauth-user': `${user.email}:${user.password}`,
  'oauth-redirect-uri': redirectUri,
  'oauth-revoke-url': revokeUrl,
  'webhook-secret': webhookSecret,
  'workspace-user': server.workspaceUserId,
  pid: String(process.pid),
};
// Whole or not at all: the workflow waits for the file to appear.
writeFileSync(
  `${file}.part`,
  `${Object.entries(outputs)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')}\n`,
);
renameSync(`${file}.part`, file);
const stop = () => void server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
