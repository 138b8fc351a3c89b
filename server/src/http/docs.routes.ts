import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { jsonSchemaDir, openapiPath } from '@parley/schemas/paths';
import express, { Router } from 'express';
import { ApiError } from '../core/api-error.js';

// The machine-readable description and a browsable view of it, all served from this process (no
// CDN): /openapi.yaml, the JSON Schemas it refers to under /json/, and Swagger UI under /docs/.
// openapi.yaml refers to `json/<id>.schema.json` and the schemas to each other by file name, so
// serving both at these paths makes every relative $ref resolve.

export const SCHEMA_FILE = /^[a-z0-9.-]+\.schema\.json$/;
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export function docsRoutes(): Router {
  const router = Router();

  router.get('/openapi.yaml', async (_req, res) => {
    const text = await readFile(openapiPath, 'utf8').catch(() => {
      throw ApiError.notFound('OpenAPI document');
    });
    res.type('application/yaml').send(text);
  });

  router.get('/json/:file', async (req, res) => {
    const file = String(req.params.file);
    if (!SCHEMA_FILE.test(file)) throw ApiError.notFound('Schema');
    const text = await readFile(join(jsonSchemaDir, file), 'utf8').catch(() => {
      throw ApiError.notFound('Schema');
    });
    res.type('application/schema+json').send(text);
  });

  // Express matches `/docs` and `/docs/` alike; only the bare form is redirected (relative asset URLs
  // of the UI need the trailing slash).
  router.get('/docs', (req, res, next) =>
    req.originalUrl.split('?')[0] === '/docs' ? res.redirect(301, '/docs/') : next(),
  );
  router.get('/docs/swagger-initializer.js', (_req, res) => {
    res.type('application/javascript').send(INITIALIZER);
  });
  router.use('/docs', express.static(SWAGGER_UI_DIR, { index: 'index.html' }));
  return router;
}

// The UI reads the copy made for it (servers pointing here) and is authorized with the demo key
// when /docs/session.json offers one (a loopback server asked from its own machine).
const INITIALIZER = `window.onload = async function () {
  const session = await fetch('session.json').then((r) => r.json()).catch(() => ({}));
  window.ui = SwaggerUIBundle({
    url: 'openapi.yaml',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: () => {
      if (!session.demo_api_key) return;
      window.ui.preauthorizeApiKey('ApiKeyHeader', session.demo_api_key);
      window.ui.preauthorizeApiKey('ApiKeyQuery', session.demo_api_key);
    },
  });
};
`;
