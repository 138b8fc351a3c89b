import { routePath } from './routes.js';

// What every script's setup() asks before loading anything: is the deployment up (`/health`) and
// does it take this run's credentials. A wrong key otherwise shows up as thousands of 401s, or as
// streams closed 1008, and a run that blames the server.

export interface Reply {
  status: number;
  body: string;
}

/** A synchronous HTTP call: k6's http in the scripts, a fake in the tests. */
export type Requester = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: string,
) => Reply;

export interface DeploymentTarget {
  baseUrl: string;
  apiKey?: string;
  partnerToken?: string;
  partnerSegment?: string;
}

/** Problems that stop the run before any load, each a sentence a user can act on (empty: go). */
export function deploymentProblems(request: Requester, target: DeploymentTarget): string[] {
  const health = request('GET', `${target.baseUrl}${routePath('health')}`, {});
  if (health.status !== 200) {
    return [
      `GET ${target.baseUrl}${routePath('health')} answered ${health.status || 'nothing'}: is BASE_URL right and the deployment up?`,
    ];
  }
  const problems: string[] = [];
  if (target.apiKey) {
    // The cheapest call an API key can make; the body says a list of one.
    const reply = request(
      'POST',
      `${target.baseUrl}${routePath('get-meetings')}`,
      {
        'X-API-Key': target.apiKey,
        'Content-Type': 'application/json',
      },
      '{"limit":1}',
    );
    if (reply.status === 401)
      problems.push('the deployment refuses API_KEY (401): use a key of a test account');
    else if (reply.status !== 200) problems.push(`get-meetings with API_KEY answered ${reply.status}`);
  }
  if (target.partnerToken) {
    const path = routePath('partner-me', { partnerSegment: target.partnerSegment ?? 'partner' });
    const reply = request('GET', `${target.baseUrl}${path}`, {
      Authorization: `Bearer ${target.partnerToken}`,
    });
    if (reply.status === 401)
      problems.push(
        'the deployment refuses PARTNER_TOKEN (401): get a fresh access token (see load/README.md)',
      );
    else if (reply.status !== 200) problems.push(`partner-me with PARTNER_TOKEN answered ${reply.status}`);
  }
  return problems;
}

/** Secrets out of a text that may quote a URL (error messages become tags and summary lines). */
export function redactSecrets(text: string): string {
  return text.replace(/((?:api_key|access_token|token)=)[^&\s"']+/gi, '$1…');
}
