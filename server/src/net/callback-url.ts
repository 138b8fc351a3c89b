import { isIP } from 'node:net';
import { ApiError } from '../core/api-error.js';
import { createAddressPolicy } from './address-policy.js';
import { parseOutboundUrl } from './outbound-client.js';

// The SSRF guard's first look at a URL a client gives the server to POST to later (a callback_url,
// a hook's target_url): a bad URL, a literal private address or `localhost` is the spec's 400 at
// once, before anything is stored or queued. Names are checked again at every connect by the
// outbound client, which resolves them; this look only spares the client a callback that cannot come.

export type CallbackUrlCheck = (raw: string, field: string) => URL;

export function callbackUrlCheck(allowPrivate: boolean): CallbackUrlCheck {
  const policy = createAddressPolicy({ allowPrivate });
  return (raw, field) => {
    let url: URL;
    try {
      url = parseOutboundUrl(raw);
    } catch (error) {
      throw ApiError.badRequest(error instanceof Error ? error.message : `Invalid ${field}`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if ((isIP(host) && !policy.permits(host)) || (host === 'localhost' && !allowPrivate)) {
      throw ApiError.badRequest(`${field} points to a private address`);
    }
    return url;
  };
}
