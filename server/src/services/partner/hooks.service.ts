import type { PartnerHookRequest, PartnerHookResponse } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { HookEventName } from '../../core/contracts.js';
import { type CallbackUrlCheck, callbackUrlCheck } from '../../net/callback-url.js';
import type { HookSubscription } from '../../store/hook-subscriptions.store.js';
import type { Store } from '../../store/store.js';
import { formatMicros } from '../timestamps.js';
import type { PartnerUser } from './partner.service.js';

// Hook subscriptions of the token's user (a Parley extension). The target URL gets the SSRF guard's
// first look here (net/callback-url.ts), as every callback_url does.

/** Subscriptions one user may hold: a Zap holds one per instant trigger, so this is generous. */
export const HOOKS_PER_USER = 100;

export class HooksService {
  private readonly checkUrl: CallbackUrlCheck;

  constructor(
    private readonly store: Store,
    allowPrivate: boolean,
  ) {
    this.checkUrl = callbackUrlCheck(allowPrivate);
  }

  async subscribe(
    user: PartnerUser,
    clientId: string,
    body: PartnerHookRequest,
    /** The OAuth grant of the subscribing token: its revocation ends the deliveries. */
    grantId: string | null = null,
  ): Promise<PartnerHookResponse> {
    const url = this.checkUrl(body.target_url, 'target_url');
    const created = await this.store.transaction(async (repos) => {
      if ((await repos.hookSubscriptions.countOfUser(user.userId)) >= HOOKS_PER_USER) {
        throw new ApiError('LIMIT_EXCEEDED', `At most ${HOOKS_PER_USER} hook subscriptions per user`);
      }
      return repos.hookSubscriptions.insert({
        userId: user.userId,
        clientId,
        grantId,
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
