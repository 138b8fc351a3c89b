import { expectAnswer } from '../../answer.js';
import { verifyStatus } from '../../schema-check.js';
import { define } from '../define.js';

// The meeting routes whose whole body the spec makes optional: a POST with none is served as the
// request with every field at its default (an empty object), the answer of its schema.

const OPTIONAL_BODY = ['get-meetings', 'get-user-default-meeting-setting', 'get-my-people'] as const;

export const lenienceBodiesChecks = [
  define({
    id: 'rest.22.optional-bodies',
    title: 'get-meetings, get-user-default-meeting-setting and get-my-people serve a POST without a body',
    area: 'rest',
    clause: 'Meetings: get-meetings body optional; Default meeting settings; Workspace upload and people',
    spec: 'POST /v1/get-meetings | body optional (default empty object) / POST /v1/get-user-default-meeting-setting | body optional / POST /v1/get-my-people | body optional (default empty object)',
    level: 'MUST',
    async run(ctx) {
      for (const route of OPTIONAL_BODY) {
        const what = `${route} without a body`;
        // The JSON label every meeting route's request carries, and no body at all.
        const reply = await ctx.http.send(`/v1/${route}`, {
          method: 'POST',
          headers: { 'X-API-Key': ctx.target.apiKey, 'content-type': 'application/json' },
        });
        if (verifyStatus(reply, 200, what)) expectAnswer(reply, route, what);
      }
      return `${OPTIONAL_BODY.length} routes`;
    },
  }),
];
