import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { asyncapiPath, openapiPath } from '@parley/schemas/paths';
import { PROTO_CONTENT_TYPE, SessionTTSRequest } from '@parley/schemas/proto';
import type { DocsSessionResponse } from '@parley/schemas/types';
import { parse, stringify } from 'yaml';
import { pageRoutes } from '../../core/contracts.js';
import { FileReply } from '../../http/file-reply.js';
import { Reply } from '../../http/reply.js';
import type { RouteKit } from '../../http/route-kit.js';
import { readSchemaFile, readSource } from './docs.routes.js';

// What a person reads in a browser beside the API: the OpenAPI document as Swagger UI shows it
// (/docs/openapi.yaml), the live stream's AsyncAPI document rendered by @asyncapi/react-component's
// standalone bundle (/docs/asyncapi/), and /docs/session.json, which tells the pages (and the
// playground) where the API is and, to a browser on the same machine as a loopback server, the demo key.

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
const LOOPBACK_PEER = /^(127\.|::1$|::ffff:127\.)/;
/** A Host header naming this machine by a loopback name, with an optional port. */
const LOOPBACK_HOST_HEADER = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i;
/** Headers a proxy adds: a request carrying one came through a proxy, whoever its peer is. */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];

/**
 * The demo key goes only to a browser on this machine talking to this loopback server directly:
 * the server listens on loopback, the peer is loopback, the Host header is a loopback name (a DNS
 * rebinding page has its own name there), and no proxy header is present (a proxy on the same host
 * would make every visitor look local).
 */
function localVisitor(req: IncomingMessage, listenHost: string): boolean {
  if (!LOOPBACK_HOSTS.has(listenHost)) return false;
  if (!LOOPBACK_PEER.test(req.socket.remoteAddress ?? '')) return false;
  if (!LOOPBACK_HOST_HEADER.test(req.headers.host ?? '')) return false;
  return PROXY_HEADERS.every((name) => req.headers[name] === undefined);
}
const ASYNCAPI_DIR = dirname(
  createRequire(import.meta.url).resolve('@asyncapi/react-component/package.json'),
);

export interface DocsPagesDeps {
  /** PARLEY_PUBLIC_URL when set: the address "Try it out" and the playground call. */
  publicUrl?: string | undefined;
  /** The address the server listens on; the demo key is offered only when it is a loopback one. */
  host: string;
  allowPrivateUrls: boolean;
  demoApiKey?: string | undefined;
}

export function sessionOf(req: IncomingMessage, deps: DocsPagesDeps): DocsSessionResponse {
  // The address the browser used (no proxy is trusted to say otherwise; PARLEY_PUBLIC_URL does).
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const base = (deps.publicUrl ?? `${protocol}://${req.headers.host}`).replace(/\/$/, '');
  const local = localVisitor(req, deps.host);
  return {
    base_url: base,
    ws_url: base.replace(/^http/, 'ws'),
    ...(local && deps.demoApiKey ? { demo_api_key: deps.demoApiKey } : {}),
    allow_private_urls: deps.allowPrivateUrls,
  };
}

/**
 * The playground's icon (playground/assets/favicon.svg, served under its page's path), named by
 * every page: without a <link rel="icon"> a browser asks for /favicon.ico and logs its 404.
 */
const FAVICON_PATH = `${pageRoutes.find((r) => r.name === 'playground-page')?.path}favicon.svg`;

/** Where the example body is served (its catalog entry). */
const TTS_EXAMPLE_PATH = pageRoutes.find((r) => r.name === 'docs-tts-example')?.path;
const TTS_EXAMPLE = SessionTTSRequest.create({
  session_id: 'docs',
  message_id: 'try-it-out',
  text: 'Good morning everyone, let us start the meeting.',
});

export function docsPagesRoutes(kit: RouteKit, deps: DocsPagesDeps): void {
  // Swagger UI's own page (its layout brings the <main> landmark), with colours that pass WCAG AA contrast.
  kit.mountPublic('docs-page', async () => Reply.html(200, SWAGGER_PAGE));
  kit.mountPublic('docs-contrast', async () => Reply.text(CONTRAST_CSS, 'text/css'));
  // TTS takes a protobuf body, which Swagger UI cannot compose: "Try it out" takes this file.
  kit.mountPublic('docs-tts-example', async () =>
    Reply.protobuf(200, SessionTTSRequest.encode(TTS_EXAMPLE).finish(), PROTO_CONTENT_TYPE),
  );
  kit.mountPublic('docs-session', async (_body, { request }) => sessionOf(request, deps));

  // The served document, adjusted for Swagger UI: every server variable defaults to this server,
  // the demo key and the other pages are named in the description, and `jsonSchemaDialect` is left
  // out because Swagger UI supports only the default dialect and says so in a banner (each schema
  // file names its own `$schema`, so nothing is lost).
  kit.mountPublic('docs-openapi', async (_body, { request }) => {
    const doc = parse(await readSource(openapiPath, 'OpenAPI document'));
    const session = sessionOf(request, deps);
    delete doc.jsonSchemaDialect;
    for (const server of allServers(doc)) {
      for (const variable of Object.values(server.variables ?? {})) variable.default = session.base_url;
    }
    const tts = doc.paths?.['/v1/tts']?.post?.requestBody?.content?.[PROTO_CONTENT_TYPE]?.schema;
    if (tts) {
      tts.description = `${tts.description} To try it out here, download [an example body](${TTS_EXAMPLE_PATH}) (text: "${TTS_EXAMPLE.text}") and choose it below; the answer is a SessionTTSResponse to download.`;
    }
    doc.info.description = [
      doc.info.description,
      'Pages: [live speech-to-text (AsyncAPI)](/docs/asyncapi/) · [playground](/playground/) · [openapi.yaml](/openapi.yaml).',
      session.demo_api_key
        ? `Demo API key of this server (already entered under Authorize): \`${session.demo_api_key}\``
        : 'Enter an API key under Authorize (`npm start` prints the demo key).',
    ].join('\n\n');
    return Reply.text(stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }), 'application/yaml');
  });

  // The schema files beside that copy, without `$id`: Swagger UI resolves a schema's references
  // against its `$id` (https://parley.dev/schemas/, not served here) and shows a resolver error.
  kit.mountPublic('docs-json-schema', async (_body, { params }) => {
    const schema = JSON.parse(await readSchemaFile(params.file));
    delete schema.$id;
    return Reply.text(JSON.stringify(schema), 'application/schema+json');
  });

  kit.mountPublic('asyncapi-document', async () =>
    Reply.text(await readSource(asyncapiPath, 'AsyncAPI document'), 'application/yaml'),
  );
  kit.mountPublic('asyncapi-page', async () => Reply.html(200, ASYNCAPI_PAGE));
  kit.mountPublic('asyncapi-json', async (_body, { request }) => {
    const source = parse(await readSource(asyncapiPath, 'AsyncAPI document'));
    // The local server entry names this server as the browser reached it, not the default port.
    const local = new URL(sessionOf(request, deps).ws_url);
    if (source.servers?.local) {
      source.servers.local.host = local.host;
      source.servers.local.protocol = local.protocol.replace(':', '');
      source.servers.local.description = 'This reference server.';
    }
    const doc = await withSchemasInside(source);
    return Reply.text(JSON.stringify(doc), 'application/json');
  });
  kit.mountPublic('asyncapi-render', async () => Reply.text(ASYNCAPI_RENDER, 'application/javascript'));
  kit.mountPublic(
    'asyncapi-asset',
    async (_body, { params }) =>
      new FileReply(params.file ?? '', {
        root: join(ASYNCAPI_DIR, 'browser/standalone'),
        what: 'Renderer file',
      }),
  );
  kit.mountPublic(
    'asyncapi-style',
    async (_body, { params }) =>
      new FileReply(params.file ?? '', { root: join(ASYNCAPI_DIR, 'styles'), what: 'Style sheet' }),
  );
}

interface ServerObject {
  variables?: Record<string, { default: string }>;
}

function allServers(doc: { servers?: ServerObject[]; paths?: object }): ServerObject[] {
  const pathServers = Object.values(doc.paths ?? {}).flatMap(
    (item: { servers?: ServerObject[] }) => item.servers ?? [],
  );
  return [...(doc.servers ?? []), ...pathServers];
}

/**
 * The renderer's parser cannot follow the document's `./json/*.schema.json` references in a browser:
 * each is replaced by the schema file, its own references to other files resolved in place.
 */
async function withSchemasInside(node: unknown): Promise<unknown> {
  if (Array.isArray(node)) return Promise.all(node.map(withSchemasInside));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    return $RefParser.dereference(join(dirname(asyncapiPath), ref));
  }
  const entries = await Promise.all(
    Object.entries(node).map(async ([key, value]) => [key, await withSchemasInside(value)] as const),
  );
  return Object.fromEntries(entries);
}

const ASYNCAPI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley live speech-to-text (AsyncAPI)</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="styles/default.min.css">
<link rel="stylesheet" href="../contrast.css">
</head>
<body>
<header class="docs-nav"><nav aria-label="Documentation"><a href="/docs/">REST interface (OpenAPI)</a> <a href="/playground/">Playground</a> <a href="/asyncapi.yaml">asyncapi.yaml</a></nav></header>
<main><h1 class="sr-only">Parley live speech-to-text (AsyncAPI)</h1><div id="asyncapi"><p>Loading the AsyncAPI document…</p></div></main>
<script src="browser/index.js"></script>
<script src="render.js"></script>
</body>
</html>
`;

const ASYNCAPI_RENDER = `AsyncApiStandalone.render(
  { schema: { url: 'asyncapi.json', requestOptions: {} }, config: { show: { sidebar: false } } },
  document.getElementById('asyncapi'),
);
`;

const SWAGGER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley API reference</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="swagger-ui.css">
<link rel="stylesheet" href="index.css">
<link rel="stylesheet" href="contrast.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="swagger-ui-bundle.js"></script>
<script src="swagger-ui-standalone-preset.js"></script>
<script src="swagger-initializer.js"></script>
</body>
</html>
`;

/** Darker shades of the renderers' colours where their text fails 4.5:1 on its background. */
const CONTRAST_CSS = `.swagger-ui .info a, .swagger-ui .info .url { color: #1a4f8b; }
.swagger-ui .info .title small pre { background: #4a5160; }
.swagger-ui .info .title small.version-stamp { background: #3b6e00; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1f7a4d; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1a5f9e; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a5300; }
.swagger-ui .btn.execute { background: #1a4f8b; border-color: #1a4f8b; }
.swagger-ui .btn.try-out__btn { color: #1b1b1b; border-color: #1b1b1b; }
.swagger-ui .download-contents { background: #3d3d3d; }
.swagger-ui .btn.authorize { color: #1f7a4d; border-color: #1f7a4d; }
.swagger-ui .btn.authorize svg { fill: #1f7a4d; }
#asyncapi .text-orange-600, #asyncapi .border-orange-300 { color: #8a3b00; }
#asyncapi .text-gray-600, #asyncapi .text-gray-500 { color: #474747; }
#asyncapi .bg-teal-500 { background: #0f6b5c; }
#asyncapi .bg-blue-500, #asyncapi .bg-blue-600 { background: #1a5f9e; }
#asyncapi .bg-green-600, #asyncapi .bg-green-500 { background: #1f7a4d; }
#asyncapi .bg-red-600, #asyncapi .bg-red-500 { background: #b3261e; }
#asyncapi .bg-purple-600, #asyncapi .bg-purple-500 { background: #5b2a86; }
#asyncapi .bg-orange-600, #asyncapi .bg-yellow-600 { background: #8a3b00; }
#asyncapi .bg-gray-600 { background: #3d3d3d; }
#asyncapi .bg-gray-600 span { color: #fff; }
#asyncapi .text-teal-500 { color: #0f6b5c; }
#asyncapi .text-blue-500 { color: #1a5f9e; }
#asyncapi .text-purple-500 { color: #5b2a86; }
#asyncapi .text-red-600 { color: #b3261e; }
#asyncapi code::before, #asyncapi code::after { content: none; }
#asyncapi pre, #asyncapi table { max-width: 100%; overflow-x: auto; }
#asyncapi table { display: block; }
@media (max-width: 40rem) { #asyncapi .flex { flex-wrap: wrap; } #asyncapi .ml-auto { margin-left: 0; } }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.docs-nav { background: #123a66; padding: 0.6rem 1rem; font-family: system-ui, sans-serif; }
.docs-nav nav { display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; max-width: 72rem; margin: 0 auto; }
.docs-nav a { color: #fff; }
`;
