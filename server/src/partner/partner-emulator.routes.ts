import { ApiError } from '../core/api-error.js';
import type { RouteKit } from '../http/route-kit.js';
import type { Store } from '../store/store.js';
import { hashPassword } from './passwords.js';

// Emulator routes of the partner interface (catalog routes of auth kind `admin`): register an OAuth
// client with its exact redirect URIs, set a user's sign-in password, list callback delivery tries.

const DELIVERIES_PAGE = 100;

export function partnerEmulatorRoutes(kit: RouteKit, store: Store): void {
  kit.mountPublic('emulator-oauth-client', async (input) => {
    await store.oauthClients.upsert({
      clientId: input.client_id,
      secret: input.client_secret,
      name: input.name,
      redirectUris: input.redirect_uris,
    });
    return {
      success: true,
      client: await store.registeredClients.get(input.client_id),
      // What the client verifies generate-document callbacks with (Standard Webhooks).
      webhook_secret: await store.registeredClients.webhookSecret(input.client_id),
    };
  });

  kit.mountPublic('emulator-password', async (input, { params }) => {
    const userId = params.id ?? '';
    if (!(await store.accounts.getUser(userId))) throw ApiError.notFound('User');
    await store.partnerAuth.setPasswordHash(userId, await hashPassword(input.password));
    return { success: true };
  });

  kit.mountPublic('emulator-webhook-deliveries', async () => {
    const tries = await store.webhookDeliveries.list(DELIVERIES_PAGE);
    return {
      success: true,
      deliveries: tries.map((t) => ({
        delivery_id: t.deliveryId,
        job_id: t.jobId,
        client_id: t.clientId || null,
        key_id: t.keyId,
        url: t.url,
        attempt: t.attempt,
        status_code: t.statusCode,
        error: t.error,
        at: t.at.toISOString(),
      })),
    };
  });
}
