import type { Store } from '../store/store.js';
import { AccountsService } from './accounts.service.js';
import type { Clock } from './clock.js';
import type { IdGenerator } from './ids.js';
import { MeetingsService } from './meetings.service.js';
import { MessagesService } from './messages.service.js';
import { ParticipantsService } from './participants.service.js';

// Every service of the app, built once from the same dependencies. To add a group: write
// `<group>.service.ts` (plain data in and out, throws ApiError, never imports express) and add it here.

export interface ServiceDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
}

export interface Services {
  accounts: AccountsService;
  meetings: MeetingsService;
  participants: ParticipantsService;
  messages: MessagesService;
}

export function createServices(deps: ServiceDeps): Services {
  return {
    accounts: new AccountsService(deps.store),
    meetings: new MeetingsService(deps.store),
    participants: new ParticipantsService(deps.store),
    messages: new MessagesService(deps.store),
  };
}
