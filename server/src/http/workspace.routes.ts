import type { UploadMeetingToWorkspaceRequest } from '@parley/schemas/types';
import { Router } from 'express';
import type { WorkspaceService } from '../services/workspace.service.js';
import type { RouteKit } from './route-kit.js';

export function workspaceRoutes(kit: RouteKit, workspace: WorkspaceService): Router {
  const router = Router();
  kit.mount(router, 'upload-meeting-to-workspace', (body: UploadMeetingToWorkspaceRequest, caller) =>
    workspace.upload(caller, body),
  );
  return router;
}
