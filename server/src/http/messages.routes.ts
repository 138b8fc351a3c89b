import type {
  DeleteMeetingMessageRequest,
  GetMeetingMessagesRequest,
  SendMeetingMessageRequest,
} from '@parley/schemas/types';
import { Router } from 'express';
import type { MessagesService } from '../services/messages.service.js';
import type { RouteKit } from './route-kit.js';

export function messagesRoutes(kit: RouteKit, messages: MessagesService): Router {
  const router = Router();
  kit.mount(router, 'send-meeting-message', (body: SendMeetingMessageRequest, caller) =>
    messages.send(caller, body),
  );
  kit.mount(router, 'delete-meeting-message', (body: DeleteMeetingMessageRequest, caller) =>
    messages.delete(caller, body),
  );
  kit.mount(router, 'get-meeting-messages', (body: GetMeetingMessagesRequest, caller) =>
    messages.list(caller, body),
  );
  return router;
}
