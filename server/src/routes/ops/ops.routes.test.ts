import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema, startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { API_VERSION } from '../../core/contracts.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    deps: {
      engines: {
        statuses: () => [
          { engine: 'tts', adapter: 'local:espeak-ng', available: true, detail: '55 languages' },
          { engine: 'translate', adapter: 'none', available: false, detail: 'no upstream configured' },
        ],
      },
    },
  });
});
afterAll(() => server.close());

describe('ops routes', () => {
  it('GET /health needs no key and reports database and engines', async () => {
    const reply = await server.get('/health');
    expect(reply.status).toBe(200);
    expectSchema('health.response', reply.body);
    expect(reply.body).toMatchObject({
      status: 'degraded',
      version: API_VERSION,
      database: { dialect: server.store.dialect, ok: true },
      engines: {
        tts: { adapter: 'local:espeak-ng', available: true },
        translate: { adapter: 'none', available: false, reason: 'no upstream configured' },
      },
    });
  });

  it('GET /metrics counts requests by route pattern and status', async () => {
    await server.post('/v1/get-meetings', {});
    const text = (await server.get<string>('/metrics')).body;
    expect(text).toMatch(
      /parley_http_requests_total\{method="POST",route="\/v1\/get-meetings",status="401"\} 1/,
    );
    expect(text).toContain('parley_http_request_duration_seconds_bucket');
  });

  it('serves /openapi.yaml, and every ./json/ file it refers to resolves', async () => {
    const doc = await server.get<string>('/openapi.yaml');
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toContain('yaml');
    expect(doc.body).toMatch(/^openapi: 3\.1/m);
    const refs = [
      ...new Set([...doc.body.matchAll(/\$ref: ["']?\.\/(json\/[\w.-]+\.schema\.json)/g)].map((m) => m[1])),
    ];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect((await server.get(`/${ref}`)).status, ref).toBe(200);
  });

  it('serves the schemas the OpenAPI document refers to, and Swagger UI from this process', async () => {
    const schema = await server.get<{ $id: string }>('/json/meeting.schema.json');
    expect(schema.status).toBe(200);
    expect(schema.body.$id).toBe('https://parley.dev/schemas/meeting.schema.json');
    expect((await server.get('/json/..%2Fpackage.json')).status).toBe(404);
    const docs = await server.get<string>('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.body).toContain('swagger-ui');
    const init = await server.get<string>('/docs/swagger-initializer.js');
    expect(init.body).toContain("url: 'openapi.yaml'");
    const redirect = await fetch(`${server.url}/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
  });
});
