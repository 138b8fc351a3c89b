import type { RouteKit } from '../../http/route-kit.js';
import type { PeopleService } from '../../services/people/people.service.js';

export function peopleRoutes(kit: RouteKit, people: PeopleService): void {
  kit.mount('get-my-people', (body, caller) => people.list(caller, body));
}
