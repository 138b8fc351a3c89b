// Two inputs of the run beside the Target of context.ts (declaration merging).
declare module './context.js' {
  interface Target {
    /** The deployment's RFC 7009 revocation endpoint (--oauth-revoke-url; revocation is not in the spec). */
    oauthRevokeUrl?: string;
    /** The key's user, whose notes-workspace connection the deployment holds (--workspace-user). */
    workspaceUser?: string;
  }
}

export {};
