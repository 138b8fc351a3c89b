import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { jsonSchemaDir, openapiPath } from '@parley/schemas/paths';
import { ApiError } from '../../core/api-error.js';
import { FileReply } from '../../http/file-reply.js';
import { Reply } from '../../http/reply.js';
import type { RouteKit } from '../../http/route-kit.js';

// The machine-readable description and Swagger UI's files, all served from this process (no CDN):
// /openapi.yaml, the JSON Schemas it refers to under /json/, and Swagger UI under /docs/ (its page
// and this server's own additions are in docs-pages.routes.ts). openapi.yaml refers to
// `json/<id>.schema.json` and the schemas to each other by file name, so serving both at these
// paths makes every relative $ref resolve.

export const SCHEMA_FILE = /^[a-z0-9.-]+\.schema\.json$/;
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export function docsRoutes(kit: RouteKit): void {
  kit.mountPublic('openapi-document', async () =>
    Reply.text(await readSource(openapiPath, 'OpenAPI document'), 'application/yaml'),
  );
  kit.mountPublic('json-schema', async (_body, { params }) =>
    Reply.text(await readSchemaFile(params.file), 'application/schema+json'),
  );
  kit.mountPublic('docs-initializer', async () => Reply.text(INITIALIZER, 'application/javascript'));
  kit.mountPublic(
    'docs-asset',
    async (_body, { params }) =>
      new FileReply(params.file ?? '', { root: SWAGGER_UI_DIR, what: 'Documentation file' }),
  );
}

/** A file of schemas/json by its name (404 for any other name). */
export function readSchemaFile(file: string | undefined): Promise<string> {
  if (!file || !SCHEMA_FILE.test(file)) throw ApiError.notFound('Schema');
  return readSource(join(jsonSchemaDir, file), 'Schema');
}

/** A packaged document's text, or 404 naming it when it is not there. */
export const readSource = (path: string, what: string): Promise<string> =>
  readFile(path, 'utf8').catch(() => {
    throw ApiError.notFound(what);
  });

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
