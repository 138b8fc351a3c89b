import sequence from '../cases/rest-sequence.json' with { type: 'json' };
import type { RestRouteName } from './answer.js';
import type { CheckContext } from './context.js';
import type { Reply } from './http-client.js';

// Runs the table of cases/rest-sequence.json: each step's body has {placeholders} filled from
// earlier answers, and each answer is handed to `onStep`.

export interface Step {
  /** A meeting REST route of the catalog (the JSON table is the kit's own data). */
  route: RestRouteName;
  body: unknown;
  capture?: Record<string, string>;
}

export const restSequence = sequence as { steps: Step[]; afterDelete: Step[] };

export function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (all, name: string) => vars[name] ?? all);
  if (Array.isArray(value)) return value.map((item) => fill(item, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  }
  return value;
}

export function pick(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], value);
}

export async function runSteps(
  ctx: CheckContext,
  steps: Step[],
  vars: Record<string, string>,
  onStep: (step: Step, reply: Reply) => void,
): Promise<void> {
  for (const step of steps) {
    const reply = await ctx.call(step.route, fill(step.body, vars));
    if (step.route === 'create-meeting' && reply.status === 200) {
      const id = pick(reply.body, 'meeting.id');
      if (typeof id === 'string') ctx.remember(id);
    }
    if (step.route === 'delete-meeting' && reply.status === 200) ctx.forget(vars.meeting_id ?? '');
    for (const [name, path] of Object.entries(step.capture ?? {})) {
      const value = pick(reply.body, path);
      if (typeof value === 'string') vars[name] = value;
    }
    onStep(step, reply);
  }
}
