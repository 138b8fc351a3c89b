import { describe, expect, it } from 'vitest';
import { reply } from '../../testing/blind/edits.js';
import { jsonOf, judgeThroughProxy, referenceServerOfFile } from '../../testing/mutant-run.js';
import { pathOf } from '../../testing/variant-proxy.js';

// partner.20 on the reference server, and through deployments that refuse a model by name.

const server = referenceServerOfFile();
const partner = () => ({
  profile: 'full' as const,
  oauthClient: server().partner.client,
  oauthUser: server().partner.user,
  oauthRedirectUri: server().partner.redirectUri,
});
const refusing = (model: string) => () => ({
  answer: (req: Parameters<typeof pathOf>[0], a: Parameters<typeof reply>[0]) =>
    pathOf(req).endsWith('/generate-document') && jsonOf(req.body).model === model
      ? reply(a, 400, { success: false, error: 'unknown model', code: 'BAD_MODEL' })
      : a,
});

describe('partner.20.document-models', () => {
  it('passes on the reference server', async () => {
    const result = await judgeThroughProxy(server(), 'partner.20.document-models', () => ({}), partner());
    expect(result).toMatchObject({ status: 'PASS' });
  }, 60_000);

  it('fails when the second allowed model is refused', async () => {
    const result = await judgeThroughProxy(
      server(),
      'partner.20.document-models',
      refusing('parley-alternate'),
      partner(),
    );
    expect(result).toMatchObject({
      status: 'FAIL',
      message: expect.stringMatching(/parley-alternate.*refused/),
    });
  }, 60_000);

  it('judges nothing where the first model is refused by name (other names)', async () => {
    const result = await judgeThroughProxy(
      server(),
      'partner.20.document-models',
      refusing('parley-default'),
      partner(),
    );
    expect(result).toMatchObject({ status: 'PASS', message: expect.stringMatching(/not judged/) });
  }, 60_000);
});
