import { validate } from '@parley/schemas';
import { type RequestHandler, Router } from 'express';
import { ApiError, RequestValidationError } from '../core/api-error.js';
import { adminAuth } from '../emulator/admin-auth.middleware.js';
import { readJsonBody } from '../http/json-body.js';
import type { Store } from '../store/store.js';
import { hashPassword } from './passwords.js';

// Emulator routes of the partner interface (admin token): register an OAuth client with its exact
// redirect URIs, set a user's sign-in password, list callback delivery tries.

export interface PartnerEmulatorDeps {
  store: Store;
  adminToken: string | undefined;
  bodyLimitBytes: number;
}

const DELIVERIES_PAGE = 100;

function valid<T>(schemaId: string, body: unknown): T {
  const result = validate<T>(schemaId, body);
  if (!result.ok) throw new RequestValidationError(result.detail);
  return result.value;
}

export function partnerEmulatorRoutes(deps: PartnerEmulatorDeps): Router {
  const { store } = deps;
  const router = Router();
  const auth = adminAuth(deps.adminToken);
  const parse: RequestHandler = async (req, _res, next) => {
    req.body = await readJsonBody(req, { limitBytes: deps.bodyLimitBytes, required: true });
    next();
  };
  // The emulator's own router parses /_emulator bodies first when it is mounted ahead of this one.
  const body: RequestHandler = (req, res, next) => (req.body === undefined ? parse(req, res, next) : next());

  router.post('/_emulator/oauth-clients', auth, body, async (req, res) => {
    const input = valid<{ client_id: string; client_secret: string; name: string; redirect_uris: string[] }>(
      'emulator-oauth-client.request',
      req.body,
    );
    await store.oauthClients.upsert({
      clientId: input.client_id,
      secret: input.client_secret,
      name: input.name,
      redirectUris: input.redirect_uris,
    });
    res.json({
      success: true,
      client: await store.registeredClients.get(input.client_id),
      // What the client verifies generate-document callbacks with (Standard Webhooks).
      webhook_secret: await store.registeredClients.webhookSecret(input.client_id),
    });
  });

  router.post('/_emulator/users/:id/password', auth, body, async (req, res) => {
    const input = valid<{ password: string }>('emulator-password.request', req.body);
    if (!(await store.accounts.getUser(String(req.params.id)))) throw ApiError.notFound('User');
    await store.partnerAuth.setPasswordHash(String(req.params.id), await hashPassword(input.password));
    res.json({ success: true });
  });

  router.get('/_emulator/webhook-deliveries', auth, async (_req, res) => {
    const tries = await store.webhookDeliveries.list(DELIVERIES_PAGE);
    res.json({
      success: true,
      deliveries: tries.map((t) => ({
        delivery_id: t.deliveryId,
        job_id: t.jobId,
        client_id: t.clientId,
        url: t.url,
        attempt: t.attempt,
        status_code: t.statusCode,
        error: t.error,
        at: t.at.toISOString(),
      })),
    });
  });

  return router;
}
