import { ApiError } from '../core/api-error.js';
import type { ClusterSignals } from '../core/cluster-signals.js';
import type { RouteKit } from '../http/route-kit.js';
import type { Services } from '../services/services.js';
import { formatMicros } from '../services/timestamps.js';
import type { ApiKeyRow } from '../store/accounts.store.js';
import type { Store } from '../store/store.js';
import { faultsRoutes } from './faults.routes.js';
import { loadSeed, readDefaultSeed } from './seed.service.js';

// /_emulator/*: what a test or a developer needs to set up and inspect the server without a real
// account system. Catalog routes of auth kind `admin` (schemas/src/routes.ts `emulatorRoutes`):
// the admin token, then the body against its emulator-*.request schema, like every other route.

export interface EmulatorDeps {
  store: Store;
  services: Services;
  /** Fault switches reach every server process through it. */
  signals: ClusterSignals;
  /** Recreates the demo account after a reset, so the printed credentials keep working. */
  afterReset?: () => Promise<void>;
}

const MAIL_PAGE = 100;

export function emulatorRoutes(kit: RouteKit, deps: EmulatorDeps): void {
  const { store, services } = deps;
  faultsRoutes(kit, deps.signals);

  kit.mountPublic('emulator-create-user', async (body) => {
    const { account, user } = await services.accounts.createUser({
      email: body.email,
      name: body.name.trim(),
      ...(body.account_id ? { accountId: body.account_id } : {}),
      ...(body.id ? { userId: body.id } : {}),
    });
    return {
      success: true,
      account_id: account.id,
      user: { id: user.id, email: user.email, name: user.name },
    };
  });

  kit.mountPublic('emulator-issue-key', async (body) => {
    const { key, secret } = await services.accounts.issueKey(body.user_id, body.name);
    return { success: true, api_key: secret, key: keyView(key) };
  });

  kit.mountPublic('emulator-list-keys', async (_body, { query }) => {
    const userId = query.get('user_id');
    if (!userId) throw ApiError.badRequest('Missing user_id');
    return { success: true, keys: (await services.accounts.listKeys(userId)).map(keyView) };
  });

  kit.mountPublic('emulator-revoke-key', async (_body, { params }) => {
    await services.accounts.revokeKey(params.id ?? '');
    return { success: true };
  });

  kit.mountPublic('emulator-seed', async (body) => {
    const doc = Object.keys(body).length === 0 ? await readDefaultSeed() : body;
    return { success: true, loaded: await loadSeed(store, services.accounts, doc) };
  });

  kit.mountPublic('emulator-end-meeting', async (_body, { params }) => {
    return { success: true, meeting: await services.meetings.end(params.id ?? '') };
  });

  // Stands in for the notes workspace's OAuth: stores the access token upload-meeting-to-workspace uses.
  kit.mountPublic('emulator-connect-workspace', async (body) => {
    const row = await services.workspace.connect({
      userId: body.user_id,
      accessToken: body.access_token.trim(),
      workspaceId: body.workspace_id || null,
      parentPageId: body.parent_page_id || null,
    });
    return {
      success: true,
      user_id: row.user_id,
      workspace_id: row.workspace_id,
      parent_page_id: row.parent_page_id,
      updated_at: formatMicros(row.updated_us),
    };
  });

  kit.mountPublic('emulator-disconnect-workspace', async (_body, { params }) => {
    await services.workspace.disconnect(params.user_id ?? '');
    return { success: true };
  });

  kit.mountPublic('emulator-reset', async () => {
    await store.wipe();
    await deps.afterReset?.();
    return { success: true };
  });

  kit.mountPublic('emulator-mail', async (_body, { query }) => {
    const to = query.get('to') ?? undefined;
    const rows = await store.mail.list({ ...(to ? { to } : {}), limit: MAIL_PAGE });
    return {
      success: true,
      mail: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        body_text: row.body_text,
        body_html: row.body_html,
        kind: row.kind,
        meeting_id: row.meeting_id,
        user_id: row.user_id,
        created_at: formatMicros(row.created_us),
      })),
    };
  });
}

function keyView(key: ApiKeyRow) {
  return {
    id: key.id,
    user_id: key.user_id,
    account_id: key.account_id,
    name: key.name,
    prefix: key.prefix,
    created_at: formatMicros(key.created_us),
  };
}
