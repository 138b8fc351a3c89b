import type {
  AddMeetingParticipantsRequest,
  AssignCoHostRequest,
  RemoveCoHostRequest,
  RemoveMeetingParticipantsRequest,
} from '@parley/schemas/types';
import { Router } from 'express';
import type { ParticipantsService } from '../services/participants.service.js';
import type { RouteKit } from './route-kit.js';

export function participantsRoutes(kit: RouteKit, participants: ParticipantsService): Router {
  const router = Router();
  kit.mount(router, 'add-meeting-participants', (body: AddMeetingParticipantsRequest, caller) =>
    participants.add(caller, body),
  );
  kit.mount(router, 'remove-meeting-participants', (body: RemoveMeetingParticipantsRequest, caller) =>
    participants.remove(caller, body),
  );
  kit.mount(router, 'assign-co-host', (body: AssignCoHostRequest, caller) =>
    participants.assignCoHosts(caller, body),
  );
  kit.mount(router, 'remove-co-host', (body: RemoveCoHostRequest, caller) =>
    participants.removeCoHosts(caller, body),
  );
  return router;
}
