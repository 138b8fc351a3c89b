import type { RouteKit } from '../../http/route-kit.js';
import type { MessagesService } from '../../services/meetings/messages.service.js';

export function messagesRoutes(kit: RouteKit, messages: MessagesService): void {
  kit.mount('send-meeting-message', (body, caller) => messages.send(caller, body));
  kit.mount('delete-meeting-message', (body, caller) => messages.delete(caller, body));
  kit.mount('get-meeting-messages', (body, caller) => messages.list(caller, body));
}
