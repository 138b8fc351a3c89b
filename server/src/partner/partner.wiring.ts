import type { BearerVerifier, SessionReader } from '../core/bearer-verifier.js';
import type { Config } from '../core/config.js';
import type { MeetingAiEngine } from '../engines/llm/llm.engine.js';
import type { RouteKit } from '../http/route-kit.js';
import type { JobWorker } from '../jobs/job-worker.js';
import { MEETING_ENDED_JOB, meetingEndedJobHandler } from '../jobs/meeting-ended.job.js';
import type { OutboundClient } from '../net/outbound-client.js';
import { meetingLink } from '../services/partner/meeting-link.js';
import { PartnerService } from '../services/partner/partner.service.js';
import type { Store } from '../store/store.js';
import { accountPasswordPages } from './account-password.routes.js';
import { documentCallbacks } from './document-callbacks.js';
import { partnerHooks } from './hooks.routes.js';
import { type OAuthPages, oauthPages } from './oauth.routes.js';
import { createOAuthProvider } from './oauth-provider.js';
import { partnerBearerVerifier, partnerSessionReader } from './partner-auth.js';
import { partnerEmulatorRoutes } from './partner-emulator.routes.js';
import { passwordChange } from './password-change.js';
import { failedSignInsFor, tokenLimitFor } from './shared-limits.js';

// The partner interface, built once by the composition root (build-server.ts):
// its credential checks for the house's `bearer` and `session` slots, its jobs registered in the
// root's worker, and its routes: the spec's (schemas/src/routes.ts, groups `partner` and `oauth`)
// and the OAuth pages' form posts, the password change page and revocation
// (schemas/src/server-routes.ts), all through the route kit like every other route.

export interface PartnerDeps {
  store: Store;
  config: Pick<
    Config,
    | 'partnerSegment'
    | 'publicUrl'
    | 'bodyLimitBytes'
    | 'adminToken'
    | 'allowPrivateUrls'
    | 'partnerRateLimit'
    | 'oauthRefreshGraceSeconds'
    | 'meetingUrlTemplate'
  >;
  /** The meeting-AI engine (main.ts: engines.llm). */
  llm: MeetingAiEngine;
  /** The worker the roots built (jobs/jobs.ts); the partner jobs are registered in it. */
  jobs: JobWorker;
  /** Client for client-supplied URLs (callback_url): net/outbound-clients.ts `clientUrls`. */
  clientUrls: OutboundClient;
}

export interface PartnerInterface {
  bearer: BearerVerifier;
  session: SessionReader;
  /** Mounts the routes of the partner interface and its OAuth flow on the kit. */
  mount(kit: RouteKit): void;
}

export function createPartnerInterface(deps: PartnerDeps): PartnerInterface {
  const { config, store } = deps;
  const provider = createOAuthProvider(store, { refreshGraceSeconds: config.oauthRefreshGraceSeconds });
  const link = meetingLink(config.meetingUrlTemplate);
  const partner = new PartnerService(store, deps.llm, link);
  deps.jobs.register(MEETING_ENDED_JOB, meetingEndedJobHandler(store, deps.llm));
  const callbacks = documentCallbacks({
    store,
    partner,
    jobs: deps.jobs,
    outbound: deps.clientUrls,
    allowPrivate: config.allowPrivateUrls,
  });
  const hooks = partnerHooks({
    store,
    jobs: deps.jobs,
    outbound: deps.clientUrls,
    allowPrivate: config.allowPrivateUrls,
    link,
  });
  // One count of failed sign-ins for both forms that check a password: the sign-in and the change.
  const failedSignIns = failedSignInsFor(store);
  const pages: OAuthPages = oauthPages(provider, {
    partnerSegment: config.partnerSegment,
    secureCookies: config.publicUrl?.startsWith('https://') ?? false,
    failedSignIns,
    publicUrl: config.publicUrl,
  });
  const passwordPages = accountPasswordPages(passwordChange(store, provider, failedSignIns), {
    publicUrl: config.publicUrl,
  });

  return {
    bearer: partnerBearerVerifier(store, tokenLimitFor(store, config.partnerRateLimit)),
    session: partnerSessionReader(store, provider),
    mount(kit) {
      pages.mount(kit);
      passwordPages.mount(kit);
      partnerEmulatorRoutes(kit, store);
      hooks.mount(kit);
      kit.mount('partner-me', async (_body, caller) => partner.me(caller));
      kit.mount('trigger-meeting-ended', async (_body, caller) => partner.meetingEnded(caller));
      kit.mount('trigger-summary-ready', async (_body, caller) => partner.summaryReady(caller));
      kit.mount('trigger-contact-discovered', async (_body, caller) => partner.contactDiscovered(caller));
      kit.mount('trigger-followup-email-ready', async (_body, caller) => partner.followupEmailReady(caller));
      kit.mount('partner-meeting', async (_body, caller, { params }) =>
        partner.meeting(caller, params.id ?? ''),
      );
      kit.mount('generate-document', async (body, caller, { params }) => {
        const meetingId = params.id ?? '';
        if (body.callback_url) {
          // The delivery is signed for the client the token was issued to.
          const payload = await callbacks.accept(
            caller,
            caller.clientId ?? '',
            meetingId,
            body,
            body.callback_url,
          );
          return {
            success: true,
            meeting_id: meetingId,
            message: `Document queued; the result will be POSTed to the callback URL (webhook-id ${payload.deliveryId})`,
          };
        }
        const text = await partner.documentText(caller, meetingId, body);
        return {
          success: true,
          meeting_id: meetingId,
          document_text: text,
          message: 'Document generated',
        };
      });
    },
  };
}
