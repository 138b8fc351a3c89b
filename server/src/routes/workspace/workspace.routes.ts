import type { RouteKit } from '../../http/route-kit.js';
import type { WorkspaceService } from '../../services/workspace/workspace.service.js';

export function workspaceRoutes(kit: RouteKit, workspace: WorkspaceService): void {
  kit.mount('upload-meeting-to-workspace', (body, caller) => workspace.upload(caller, body));
}
