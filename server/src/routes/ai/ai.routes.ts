import type { RouteKit } from '../../http/route-kit.js';
import type { AiService } from '../../services/ai/ai.service.js';

export function aiRoutes(kit: RouteKit, ai: AiService): void {
  kit.mount('summarize-meeting', (body, caller) => ai.summarize(caller, body));
  kit.mount('ask-ai-for-meeting', (body, caller) => ai.ask(caller, body));
}
