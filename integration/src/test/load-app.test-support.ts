// Loads the app against a deployment: the environment is set before the import because the authorize
// URL is fixed when authentication.ts loads. Unit tests point it at nock; an end-to-end test points it
// at a server it started (base URL with its port, its OAuth client).
import zapier from 'zapier-platform-core';

export interface Deployment {
  baseUrl: string;
  integrationUrl?: string;
  segment?: string;
  clientId: string;
  clientSecret: string;
}

/** appTester runs any function of the app, or an ad-hoc one, with the app's middlewares. */
export type Tester = (method: unknown, bundle?: unknown) => Promise<unknown>;

export async function loadApp(deployment: Deployment) {
  const env: Record<string, string | undefined> = {
    PARLEY_BASE_URL: deployment.baseUrl,
    PARLEY_INTEGRATION_URL: deployment.integrationUrl,
    PARLEY_PARTNER_SEGMENT: deployment.segment,
    CLIENT_ID: deployment.clientId,
    CLIENT_SECRET: deployment.clientSecret,
  };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const App = (await import('../index.js')).default;
  return { App, appTester: zapier.createAppTester(App) as unknown as Tester };
}
