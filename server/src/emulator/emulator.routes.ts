import { type Request, Router } from 'express';
import { ApiError } from '../core/api-error.js';
import type { ClusterSignals } from '../core/cluster-signals.js';
import { readJsonBody } from '../http/json-body.js';
import type { Services } from '../services/services.js';
import { formatMicros } from '../services/timestamps.js';
import type { ApiKeyRow } from '../store/accounts.store.js';
import type { Store } from '../store/store.js';
import { adminAuth } from './admin-auth.middleware.js';
import { faultsRoutes } from './faults.routes.js';
import { loadSeed, readDefaultSeed, type SeedDocument } from './seed.service.js';

// /_emulator/*: what a test or a developer needs to set up and inspect the server without a real
// account system. Every route needs the admin token.

export interface EmulatorDeps {
  store: Store;
  services: Services;
  adminToken: string | undefined;
  bodyLimitBytes: number;
  /** Fault switches reach every server process through it. */
  signals: ClusterSignals;
  /** Recreates the demo account after a reset, so the printed credentials keep working. */
  afterReset?: () => Promise<void>;
}

const MAIL_PAGE = 100;

export function emulatorRoutes(deps: EmulatorDeps): Router {
  const { store, services } = deps;
  const router = Router();
  router.use('/_emulator', adminAuth(deps.adminToken), async (req, _res, next) => {
    req.body = await readJsonBody(req, { limitBytes: deps.bodyLimitBytes, required: false });
    next();
  });

  router.use(faultsRoutes(deps.signals));

  router.post('/_emulator/users', async (req, res) => {
    const { account, user } = await services.accounts.createUser({
      email: text(req, 'email'),
      name: text(req, 'name'),
      ...optional(req, 'account_id', 'accountId'),
      ...optional(req, 'id', 'userId'),
    });
    res.json({
      success: true,
      account_id: account.id,
      user: { id: user.id, email: user.email, name: user.name },
    });
  });

  router.post('/_emulator/api-keys', async (req, res) => {
    const name = typeof req.body.name === 'string' ? req.body.name : 'emulator';
    const { key, secret } = await services.accounts.issueKey(text(req, 'user_id'), name);
    res.json({ success: true, api_key: secret, key: keyView(key) });
  });

  router.get('/_emulator/api-keys', async (req, res) => {
    const userId = typeof req.query.user_id === 'string' ? req.query.user_id : '';
    if (!userId) throw ApiError.badRequest('Missing user_id');
    res.json({ success: true, keys: (await services.accounts.listKeys(userId)).map(keyView) });
  });

  router.delete('/_emulator/api-keys/:id', async (req, res) => {
    await services.accounts.revokeKey(req.params.id);
    res.json({ success: true });
  });

  router.post('/_emulator/seed', async (req, res) => {
    const body = req.body as SeedDocument;
    const doc = Object.keys(body).length === 0 ? await readDefaultSeed() : body;
    res.json({ success: true, loaded: await loadSeed(store, services.accounts, doc) });
  });

  router.post('/_emulator/meetings/:id/end', async (req, res) => {
    res.json({ success: true, meeting: await services.meetings.end(req.params.id) });
  });

  // Stands in for the notes workspace's OAuth: stores the access token upload-meeting-to-workspace uses.
  router.post('/_emulator/workspace-tokens', async (req, res) => {
    const row = await services.workspace.connect({
      userId: text(req, 'user_id'),
      accessToken: text(req, 'access_token'),
      workspaceId: optional(req, 'workspace_id', 'id').id ?? null,
      parentPageId: optional(req, 'parent_page_id', 'id').id ?? null,
    });
    res.json({
      success: true,
      user_id: row.user_id,
      workspace_id: row.workspace_id,
      parent_page_id: row.parent_page_id,
      updated_at: formatMicros(row.updated_us),
    });
  });

  router.delete('/_emulator/workspace-tokens/:user_id', async (req, res) => {
    await services.workspace.disconnect(req.params.user_id);
    res.json({ success: true });
  });

  router.post('/_emulator/reset', async (_req, res) => {
    await store.wipe();
    await deps.afterReset?.();
    res.json({ success: true });
  });

  router.get('/_emulator/mail', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    const rows = await store.mail.list({ ...(to ? { to } : {}), limit: MAIL_PAGE });
    res.json({
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
    });
  });

  return router;
}

function text(req: Request, field: string): string {
  const value = (req.body as Record<string, unknown>)[field];
  if (typeof value !== 'string' || value.trim() === '') throw ApiError.badRequest(`Missing ${field}`);
  return value.trim();
}

function optional<K extends string>(req: Request, field: string, as: K): Partial<Record<K, string>> {
  const value = (req.body as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? ({ [as]: value } as Record<K, string>) : {};
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
