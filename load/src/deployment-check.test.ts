import { describe, expect, it } from 'vitest';
import { deploymentProblems, type Reply, type Requester, redactSecrets } from './deployment-check.js';

// setup()'s gate: a deployment that is down or refuses the run's credentials stops the run with a
// sentence naming the setting to fix.

function server(answers: Record<string, (headers: Record<string, string>) => number>): {
  request: Requester;
  calls: string[];
} {
  const calls: string[] = [];
  const request: Requester = (method, url, headers): Reply => {
    const path = new URL(url).pathname;
    calls.push(`${method} ${path}`);
    return { status: answers[path]?.(headers) ?? 404, body: '' };
  };
  return { request, calls };
}

const up = {
  '/health': () => 200,
  '/v1/get-meetings': (h: Record<string, string>) => (h['X-API-Key'] === 'good' ? 200 : 401),
  '/api/partner/me': (h: Record<string, string>) => (h.Authorization === 'Bearer tok' ? 200 : 401),
};

describe('deploymentProblems', () => {
  it('passes a deployment that is up and takes the key and the token', () => {
    const { request, calls } = server(up);
    expect(deploymentProblems(request, { baseUrl: 'http://h', apiKey: 'good', partnerToken: 'tok' })).toEqual(
      [],
    );
    expect(calls).toEqual(['GET /health', 'POST /v1/get-meetings', 'GET /api/partner/me']);
  });

  it('names BASE_URL when /health does not answer 200, and asks nothing else', () => {
    const { request, calls } = server({ ...up, '/health': () => 0 });
    const problems = deploymentProblems(request, { baseUrl: 'http://h', apiKey: 'good' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/BASE_URL/);
    expect(calls).toEqual(['GET /health']);
  });

  it('names API_KEY and PARTNER_TOKEN when they are refused', () => {
    const { request } = server(up);
    const problems = deploymentProblems(request, { baseUrl: 'http://h', apiKey: 'bad', partnerToken: 'old' });
    expect(problems.join('\n')).toMatch(/API_KEY \(401\)/);
    expect(problems.join('\n')).toMatch(/PARTNER_TOKEN \(401\)/);
  });

  it('asks only for the credentials the script uses', () => {
    const { request, calls } = server(up);
    expect(deploymentProblems(request, { baseUrl: 'http://h' })).toEqual([]);
    expect(calls).toEqual(['GET /health']);
  });
});

describe('redactSecrets', () => {
  it('hides the key of a stream URL quoted in an error', () => {
    const text = redactSecrets('dial ws://h/v1/stt/stream?api_key=prl_demo_abc&format=json: refused');
    expect(text).not.toContain('prl_demo_abc');
    expect(text).toContain('api_key=…&format=json');
  });
});
