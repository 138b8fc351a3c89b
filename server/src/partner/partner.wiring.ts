import { validate } from '@parley/schemas';
import type { GenerateDocumentRequest } from '@parley/schemas/types';
import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../app.js';
import { jsonBody } from '../http/json-body.middleware.js';
import { createOutboundClient } from '../net/outbound-client.js';
import { RequestValidationError } from '../services/api-error.js';
import { partnerPath } from '../services/contracts.js';
import { MEETING_ENDED_JOB, meetingEndedJobHandler } from '../services/partner/meeting-ended.job.js';
import { PartnerService, type PartnerUser } from '../services/partner/partner.service.js';
import type { Services } from '../services/services.js';
import { type BearerGrant, bearerVerifier, requireScope } from './bearer.js';
import { documentCallbacks } from './document-callbacks.js';
import { oauthRoutes } from './oauth.routes.js';
import { createOAuthProvider } from './oauth-provider.js';
import { partnerEmulatorRoutes } from './partner-emulator.routes.js';
import { TokenRateLimit } from './rate-limit.js';

// HTTP wiring of the partner interface, in one place: the OAuth provider's pages and endpoints,
// the partner routes (bearer token, scope, handler), and their emulator routes. Handlers are
// PartnerService's plain functions; this file only reads the request and writes the answer.

export function mountPartner(deps: AppDeps & { services: Services }): Router {
  const { config, store } = deps;
  const router = Router();
  const segment = config.partnerSegment;
  const checkBearer = bearerVerifier(store);
  const limit = new TokenRateLimit(config.partnerRateLimit);
  // Every partner route: a live token, then its rate limit (the scope is each route's own).
  const verify = async (authorization: string | undefined) => {
    const grant = await checkBearer(authorization);
    limit.take(authorization ?? '');
    return grant;
  };
  const partner = new PartnerService(store, deps.services.llm);
  deps.services.jobs.register(MEETING_ENDED_JOB, meetingEndedJobHandler(store, deps.services.llm));
  const callbacks = documentCallbacks({
    store,
    partner,
    jobs: deps.services.jobs,
    outbound: deps.outbound ?? createOutboundClient({ allowPrivate: config.allowPrivateUrls }),
    allowPrivate: config.allowPrivateUrls,
  });

  router.use(
    oauthRoutes(createOAuthProvider(store), {
      partnerSegment: segment,
      secureCookies: config.publicUrl?.startsWith('https://') ?? false,
      bodyLimitBytes: config.bodyLimitBytes,
    }),
  );
  router.use(
    partnerEmulatorRoutes({ store, adminToken: config.adminToken, bodyLimitBytes: config.bodyLimitBytes }),
  );

  /** A GET partner route: bearer token with `scope`, then the handler's 200 JSON body. */
  const get = (path: string, scope: string, handler: (user: PartnerUser, req: Request) => Promise<unknown>) =>
    router.get(partnerPath(path, segment), async (req: Request, res: Response) => {
      const grant = await verify(req.get('authorization'));
      requireScope(grant, scope);
      res.set('Cache-Control', 'no-store');
      res.json(await handler(await partner.user(grant.userId), req));
    });

  get('/api/partner/me', 'meetings:read', async (user) => partner.me(user));
  get('/api/partner/triggers/meeting-ended', 'meetings:read', (user) => partner.meetingEnded(user));
  get('/api/partner/triggers/summary-ready', 'meetings:read', (user) => partner.summaryReady(user));
  get('/api/partner/triggers/contact-discovered', 'meetings:read', (user) => partner.contactDiscovered(user));
  get('/api/partner/triggers/followup-email-ready', 'meetings:read', (user) =>
    partner.followupEmailReady(user),
  );
  get('/api/partner/meetings/:id', 'meetings:read', (user, req) =>
    partner.meeting(user, String(req.params.id)),
  );

  const generatePath = partnerPath('/api/partner/meetings/:id/generate-document', segment);
  const body = jsonBody({ limitBytes: config.bodyLimitBytes, required: true });
  router.post(generatePath, async (req, res, next) => {
    // Auth before the body, as on every route (401 before 400/422).
    const grant = await verify(req.get('authorization'));
    requireScope(grant, 'documents:write');
    res.locals.partnerGrant = grant;
    body(req, res, next);
  });
  router.post(generatePath, async (req, res) => {
    const result = validate<GenerateDocumentRequest>('generate-document.request', req.body);
    if (!result.ok) throw new RequestValidationError(result.detail);
    const grant = res.locals.partnerGrant as BearerGrant;
    const user = await partner.user(grant.userId);
    const meetingId = String(req.params.id);
    const callbackUrl = result.value.callback_url;
    if (callbackUrl) {
      const payload = await callbacks.accept(user, grant.clientId, meetingId, result.value, callbackUrl);
      res.set('Cache-Control', 'no-store');
      return void res.json({
        success: true,
        meeting_id: meetingId,
        message: `Document queued; the result will be POSTed to the callback URL (webhook-id ${payload.deliveryId})`,
      });
    }
    const text = await partner.documentText(user, meetingId, result.value);
    res.set('Cache-Control', 'no-store');
    res.json({ success: true, meeting_id: meetingId, document_text: text, message: 'Document generated' });
  });

  return router;
}
