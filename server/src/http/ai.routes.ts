import type { AiService } from '../services/ai/ai.service.js';
import type { RouteKit } from './route-kit.js';

export function aiRoutes(kit: RouteKit, ai: AiService): void {
  kit.mount('summarize-meeting', (body, caller) => ai.summarize(caller, body));
  kit.mount('ask-ai-for-meeting', (body, caller) => ai.ask(caller, body));
}
