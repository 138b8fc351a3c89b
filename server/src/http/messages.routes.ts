import type { MessagesService } from '../services/meetings/messages.service.js';
import type { RouteKit } from './route-kit.js';

export function messagesRoutes(kit: RouteKit, messages: MessagesService): void {
  kit.mount('send-meeting-message', (body, caller) => messages.send(caller, body));
  kit.mount('delete-meeting-message', (body, caller) => messages.delete(caller, body));
  kit.mount('get-meeting-messages', (body, caller) => messages.list(caller, body));
}
