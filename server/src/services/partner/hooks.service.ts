import { isIP } from 'node:net';
import type { PartnerHookRequest, PartnerHookResponse } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { HookEventName } from '../../core/contracts.js';
import { createAddressPolicy } from '../../net/address-policy.js';
import { parseOutboundUrl } from '../../net/outbound-client.js';
import type { HookSubscription } from '../../store/hook-subscriptions.store.js';
import type { Store } from '../../store/store.js';
import { formatMicros } from '../timestamps.js';
import type { PartnerUser } from './partner.service.js';

// Hook subscriptions of the token's user (a Parley extension). The target URL gets the SSRF guard's
// first look here (a literal private address or localhost is a 400 at once; names are checked again
// at every connect by the outbound client), as generate-document's callback_url does.

/** Subscriptions one user may hold: a Zap holds one per instant trigger, so this is generous. */
export const HOOKS_PER_USER = 100;

export class HooksService {
  private readonly policy;

  constructor(
    private readonly store: Store,
    private readonly allowPrivate: boolean,
  ) {
    this.policy = createAddressPolicy({ allowPrivate });
  }

  async subscribe(
    user: PartnerUser,
    clientId: string,
    body: PartnerHookRequest,
  ): Promise<PartnerHookResponse> {
    let url: URL;
    try {
      url = parseOutboundUrl(body.target_url);
    } catch (error) {
      throw ApiError.badRequest(error instanceof Error ? error.message : 'Invalid target_url');
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if ((isIP(host) && !this.policy.permits(host)) || (host === 'localhost' && !this.allowPrivate)) {
      throw ApiError.badRequest('target_url points to a private address');
    }
    const created = await this.store.transaction(async (repos) => {
      if ((await repos.hookSubscriptions.countOfUser(user.userId)) >= HOOKS_PER_USER) {
        throw new ApiError('LIMIT_EXCEEDED', `At most ${HOOKS_PER_USER} hook subscriptions per user`);
      }
      return repos.hookSubscriptions.insert({
        userId: user.userId,
        clientId,
        event: body.event,
        targetUrl: url.toString(),
      });
    });
    return view(created);
  }

  async unsubscribe(user: PartnerUser, id: string): Promise<PartnerHookResponse> {
    const removed = await this.store.hookSubscriptions.deleteOfUser(user.userId, id);
    if (!removed) throw ApiError.notFound('Hook subscription');
    return view(removed);
  }
}

function view(subscription: HookSubscription): PartnerHookResponse {
  return {
    id: subscription.id,
    event: subscription.event as HookEventName,
    target_url: subscription.targetUrl,
    created_at: formatMicros(subscription.createdUs),
  };
}
