import type { ReferenceServer } from '../reference.js';

/** The kit's options that point every check, the partner ones included, at the reference server. */
export function referenceTarget(server: ReferenceServer) {
  return {
    baseUrl: server.baseUrl,
    wsUrl: server.wsUrl,
    apiKey: server.apiKey,
    secondApiKey: server.secondApiKey,
    audioBaseUrl: server.audioBaseUrl,
    transcriptMeetingId: server.transcriptMeetingId,
    workspaceUser: server.workspaceUserId,
    oauthClient: server.partner.client,
    oauthUser: server.partner.user,
    oauthRedirectUri: server.partner.redirectUri,
    oauthRevokeUrl: server.partner.revokeUrl,
    webhookSecret: server.partner.webhookSecret,
    callbackListen: '127.0.0.1:0',
  };
}
