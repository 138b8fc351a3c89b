import { createOutboundClient, type OutboundClient } from './outbound-client.js';

// The one outbound policy of the server: which addresses an outbound request may reach depends
// only on who chose the URL. The composition roots build both clients once and pass them down.

export interface OutboundClients {
  /**
   * URLs a client sent (audio_url, ask-ai attachments, callback URLs): private and loopback
   * addresses are refused unless the operator allows them (PARLEY_ALLOW_PRIVATE_URLS).
   */
  clientUrls: OutboundClient;
  /** URLs the operator configured (engine upstreams, the workspace API): any address. */
  operatorUrls: OutboundClient;
}

export function createOutboundClients(config: { allowPrivateUrls: boolean }): OutboundClients {
  return {
    clientUrls: createOutboundClient({ allowPrivate: config.allowPrivateUrls }),
    operatorUrls: operatorClient(),
  };
}

/** The client for operator-configured URLs; every call passes its own timeout. */
export function operatorClient(): OutboundClient {
  return createOutboundClient({ allowPrivate: true });
}
