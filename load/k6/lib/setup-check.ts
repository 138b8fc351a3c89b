import exec from 'k6/execution';
import http from 'k6/http';
import { type DeploymentTarget, deploymentProblems } from '../../src/deployment-check.js';

// setup() of every script: the deployment answers /health and takes this run's credentials, or the
// run stops before any load with a message saying what to fix (k6 exits 108).

export function checkDeployment(target: DeploymentTarget): void {
  const problems = deploymentProblems((method, url, headers, body) => {
    const reply = http.request(method, url, body ?? null, { headers, tags: { name: 'setup-check' } });
    return { status: reply.status, body: typeof reply.body === 'string' ? reply.body : '' };
  }, target);
  if (problems.length > 0) exec.test.abort(`deployment check: ${problems.join('; ')}`);
}
