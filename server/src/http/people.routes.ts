import type { PeopleService } from '../services/people/people.service.js';
import type { RouteKit } from './route-kit.js';

export function peopleRoutes(kit: RouteKit, people: PeopleService): void {
  kit.mount('get-my-people', (body, caller) => people.list(caller, body));
}
