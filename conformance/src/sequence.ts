import sequence from '../cases/rest-sequence.json' with { type: 'json' };
import { type CallRouteName, isCallRoute } from './catalog.js';
import type { CheckContext } from './context.js';
import type { Reply } from './http-client.js';
import { pick } from './json-path.js';

// Runs the table of cases/rest-sequence.json: each step's body has {placeholders} filled from
// earlier answers, and each answer is handed to `onStep`.

export interface Step {
  route: CallRouteName;
  /** The request as the table writes it, {placeholders} and all (sent with callRaw). */
  body: unknown;
  /** Variables taken from the answer: name → dotted path (pick). */
  capture?: Partial<Record<string, string>>;
}

/** The table's steps, each naming a meeting REST route of the catalog (checked as it loads). */
const stepsOf = (steps: readonly (Omit<Step, 'route'> & { route: string })[]) =>
  steps.map(({ route, ...step }): Step => {
    if (!isCallRoute(route)) throw new Error(`cases/rest-sequence.json: ${route} is no meeting REST route`);
    return { route, ...step };
  });

export const restSequence = { steps: stepsOf(sequence.steps), afterDelete: stepsOf(sequence.afterDelete) };

export function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (all, name: string) => vars[name] ?? all);
  if (Array.isArray(value)) return value.map((item) => fill(item, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  }
  return value;
}

export async function runSteps(
  ctx: CheckContext,
  steps: Step[],
  vars: Record<string, string>,
  onStep: (step: Step, reply: Reply) => void,
): Promise<void> {
  for (const step of steps) {
    const reply = await ctx.callRaw(step.route, fill(step.body, vars));
    if (step.route === 'create-meeting' && reply.status === 200) {
      const id = pick(reply.body, 'meeting.id');
      if (typeof id === 'string') ctx.remember(id);
    }
    if (step.route === 'delete-meeting' && reply.status === 200) ctx.forget(vars.meeting_id ?? '');
    for (const [name, path] of Object.entries(step.capture ?? {})) {
      const value = path === undefined ? undefined : pick(reply.body, path);
      if (typeof value === 'string') vars[name] = value;
    }
    onStep(step, reply);
  }
}
