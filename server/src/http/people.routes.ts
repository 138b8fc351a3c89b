import type { GetMyPeopleRequest } from '@parley/schemas/types';
import { Router } from 'express';
import type { PeopleService } from '../services/people.service.js';
import type { RouteKit } from './route-kit.js';

export function peopleRoutes(kit: RouteKit, people: PeopleService): Router {
  const router = Router();
  kit.mount(router, 'get-my-people', (body: GetMyPeopleRequest, caller) => people.list(caller, body));
  return router;
}
