import { randomBytes } from 'node:crypto';
import { Limits } from '@parley/schemas/constants';
import { TEST_ADMIN_TOKEN, type TestServer, type TestUser } from '@parley/server/test-server';
import type { ReferencePartner } from './reference.js';

// The partner side of the in-process reference server, set up through its emulator routes as an
// operator would: an OAuth client for the kit (its redirect URI is never fetched: the kit reads the
// redirect), a sign-in password for the kit's user, and meetings of that user that were summarized
// and ended, so every trigger has items (summary-ready more than a page of 50) and the
// meeting-ended job has found contacts and written follow-up e-mails. Then the job worker runs,
// so generate-document callbacks go out as they would on a deployment.

const REDIRECT_URI = 'https://kit.parley.invalid/oauth/return';
const MEETINGS = 3;
const admin = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function ok<T>(what: string, reply: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await reply;
  if (status !== 200)
    throw new Error(`reference server setup: ${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

export async function setUpPartner(server: TestServer, user: TestUser): Promise<ReferencePartner> {
  const client = { id: 'parley-conformance-kit', secret: randomBytes(24).toString('base64url') };
  const password = randomBytes(18).toString('base64url');
  const registered = await ok(
    'client registration',
    server.post<{ webhook_secret: string }>(
      '/_emulator/oauth-clients',
      {
        client_id: client.id,
        client_secret: client.secret,
        name: 'Conformance kit',
        redirect_uris: [REDIRECT_URI],
      },
      admin,
    ),
  );
  await ok('password', server.post(`/_emulator/users/${user.userId}/password`, { password }, admin));
  for (let m = 0; m < MEETINGS; m++) {
    const { meeting } = await ok(
      'create-meeting',
      server.call<{ meeting: { id: string } }>('create-meeting', user.key, {
        title: `conformance seed ${m + 1}`,
        participant_ids: [`em:guest${m + 1}@seed-partner.example`],
      }),
    );
    await ok(
      'send-meeting-message',
      server.call('send-meeting-message', user.key, {
        meeting_message: {
          meeting_id: meeting.id,
          text: `Please send the plan to lead${m + 1}@seed-partner.example by Friday; we review it next week.`,
        },
      }),
    );
    // The first meeting gets more summaries than a trigger may list, the others two each.
    const summaries = m === 0 ? Limits.triggerItems + 1 : 2;
    for (let s = 0; s < summaries; s++) {
      await ok('summarize-meeting', server.call('summarize-meeting', user.key, { meeting_id: meeting.id }));
    }
    await ok(
      'meeting end',
      server.post(`/_emulator/meetings/${encodeURIComponent(meeting.id)}/end`, {}, admin),
    );
  }
  await server.jobs.runDue();
  server.jobs.start();
  return {
    client,
    user: { email: user.email, password },
    redirectUri: REDIRECT_URI,
    webhookSecret: registered.webhook_secret,
  };
}
