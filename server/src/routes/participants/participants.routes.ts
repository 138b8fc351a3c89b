import type { RouteKit } from '../../http/route-kit.js';
import type { ParticipantsService } from '../../services/meetings/participants.service.js';

export function participantsRoutes(kit: RouteKit, participants: ParticipantsService): void {
  kit.mount('add-meeting-participants', (body, caller) => participants.add(caller, body));
  kit.mount('remove-meeting-participants', (body, caller) => participants.remove(caller, body));
  kit.mount('assign-co-host', (body, caller) => participants.assignCoHosts(caller, body));
  kit.mount('remove-co-host', (body, caller) => participants.removeCoHosts(caller, body));
}
