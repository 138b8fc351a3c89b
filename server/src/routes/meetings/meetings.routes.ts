import type { RouteKit } from '../../http/route-kit.js';
import type { MeetingsService } from '../../services/meetings/meetings.service.js';

// create-meeting, delete-meeting, get-meetings: the catalog says method, path, auth and schemas;
// each line here says which service method answers.

export function meetingsRoutes(kit: RouteKit, meetings: MeetingsService): void {
  kit.mount('create-meeting', (body, caller) => meetings.create(caller, body));
  kit.mount('delete-meeting', (body, caller) => meetings.delete(caller, body));
  kit.mount('get-meetings', (body, caller) => meetings.list(caller, body));
}
