import type { AskAiForMeetingRequest, SummarizeMeetingRequest } from '@parley/schemas/types';
import { Router } from 'express';
import type { AiService } from '../services/ai.service.js';
import type { RouteKit } from './route-kit.js';

export function aiRoutes(kit: RouteKit, ai: AiService): Router {
  const router = Router();
  kit.mount(router, 'summarize-meeting', (body: SummarizeMeetingRequest, caller) =>
    ai.summarize(caller, body),
  );
  kit.mount(router, 'ask-ai-for-meeting', (body: AskAiForMeetingRequest, caller) => ai.ask(caller, body));
  return router;
}
