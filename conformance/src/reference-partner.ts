import { randomBytes } from 'node:crypto';
import { Limits } from '@parley/schemas/constants';
import type { InProcessServer, SeededUser } from '@parley/server/in-process';
import { HttpClient } from './http-client.js';
import type { ReferencePartner } from './reference.js';

// The partner side of the in-process reference server, set up through its emulator routes as an
// operator would: an OAuth client for the kit (its redirect URI is never fetched: the kit reads the
// redirect), a sign-in password for the kit's user, and meetings of that user that were summarized
// and ended, so every trigger has items (summary-ready more than a page of 50) and the
// meeting-ended job has found contacts and written follow-up e-mails. Then the job worker runs,
// so generate-document callbacks go out as they would on a deployment.

const REDIRECT_URI = 'https://kit.parley.invalid/oauth/return';
const MEETINGS = 3;

async function ok<T>(what: string, reply: Promise<{ status: number; body: unknown }>): Promise<T> {
  const { status, body } = await reply;
  if (status !== 200)
    throw new Error(`reference server setup: ${what} answered ${status}: ${JSON.stringify(body)}`);
  return body as T;
}

export async function setUpPartner(server: InProcessServer, user: SeededUser): Promise<ReferencePartner> {
  const http = new HttpClient(server.url, 30_000);
  const admin = { Authorization: `Bearer ${server.adminToken}` };
  const asAdmin = (path: string, body: unknown) => http.send(path, { body, headers: admin });
  const call = (route: string, body: unknown) =>
    http.send(`/v1/${route}`, { body, headers: { 'X-API-Key': user.key } });
  const client = { id: 'parley-conformance-kit', secret: randomBytes(24).toString('base64url') };
  const password = randomBytes(18).toString('base64url');
  const registered = await ok<{ webhook_secret: string }>(
    'client registration',
    asAdmin('/_emulator/oauth-clients', {
      client_id: client.id,
      client_secret: client.secret,
      name: 'Conformance kit',
      redirect_uris: [REDIRECT_URI],
    }),
  );
  await ok('password', asAdmin(`/_emulator/users/${user.userId}/password`, { password }));
  for (let m = 0; m < MEETINGS; m++) {
    const { meeting } = await ok<{ meeting: { id: string } }>(
      'create-meeting',
      call('create-meeting', {
        title: `conformance seed ${m + 1}`,
        participant_ids: [`em:guest${m + 1}@seed-partner.example`],
      }),
    );
    await ok(
      'send-meeting-message',
      call('send-meeting-message', {
        meeting_message: {
          meeting_id: meeting.id,
          text: `Please send the plan to lead${m + 1}@seed-partner.example by Friday; we review it next week.`,
        },
      }),
    );
    // The first meeting gets more summaries than a trigger may list, the others two each.
    const summaries = m === 0 ? Limits.triggerItems + 1 : 2;
    for (let s = 0; s < summaries; s++) {
      await ok('summarize-meeting', call('summarize-meeting', { meeting_id: meeting.id }));
    }
    await ok('meeting end', asAdmin(`/_emulator/meetings/${encodeURIComponent(meeting.id)}/end`, {}));
  }
  await server.built.jobs.runDue();
  server.built.jobs.start();
  return {
    client,
    user: { email: user.email, password },
    redirectUri: REDIRECT_URI,
    webhookSecret: registered.webhook_secret,
    revokeUrl: `${server.url}/api/oauth/partner/revoke`,
  };
}
