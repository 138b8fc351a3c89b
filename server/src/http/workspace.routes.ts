import type { WorkspaceService } from '../services/workspace/workspace.service.js';
import type { RouteKit } from './route-kit.js';

export function workspaceRoutes(kit: RouteKit, workspace: WorkspaceService): void {
  kit.mount('upload-meeting-to-workspace', (body, caller) => workspace.upload(caller, body));
}
