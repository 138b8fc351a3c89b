import type { CreateMeetingRequest, DeleteMeetingRequest, GetMeetingsRequest } from '@parley/schemas/types';
import { Router } from 'express';
import type { MeetingsService } from '../services/meetings.service.js';
import type { RouteKit } from './route-kit.js';

// create-meeting, delete-meeting, get-meetings: the catalog says method, path, auth and schemas;
// each line here says which service method answers.

export function meetingsRoutes(kit: RouteKit, meetings: MeetingsService): Router {
  const router = Router();
  kit.mount(router, 'create-meeting', (body: CreateMeetingRequest, caller) => meetings.create(caller, body));
  kit.mount(router, 'delete-meeting', (body: DeleteMeetingRequest, caller) => meetings.delete(caller, body));
  kit.mount(router, 'get-meetings', (body: GetMeetingsRequest, caller) => meetings.list(caller, body));
  return router;
}
