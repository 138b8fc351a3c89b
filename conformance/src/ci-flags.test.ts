import { describe, expect, it, vi } from 'vitest';
import { main, parseCli } from './cli.js';
import { FAKE_KEY, fakeDeployment, json } from './testing/fake-deployment.js';

// The CI flags on the command line: --retries, --min-coverage (validated; the gate fails a run with
// its reason on the console), --reporter github.

describe('CI flags', () => {
  it('are validated: --retries 0–5, --min-coverage 0–100, github a reporter', () => {
    const base = ['--base-url', 'http://h', '--api-key', 'k'];
    expect(
      parseCli([...base, '--retries', '2', '--min-coverage', '87.5', '--reporter', 'github']),
    ).toMatchObject({ retries: 2, minCoverage: 87.5, reporters: ['github'] });
    expect(() => parseCli([...base, '--retries=-1'])).toThrow(/--retries must be an integer from 0 to 5/);
    expect(() => parseCli([...base, '--retries', 'x'])).toThrow(/--retries/);
    expect(() => parseCli([...base, '--min-coverage', '101'])).toThrow(/--min-coverage must be a percentage/);
    expect(() => parseCli([...base, '--min-coverage', ''])).toThrow(/--min-coverage/);
    expect(() => parseCli([...base, '--reporter', 'gitlab'])).toThrow(/unknown reporter gitlab/);
    // A reporter named twice writes once (the step summary and the annotations are not doubled).
    expect(parseCli([...base, '--reporter', 'github,json,html,github,json']).reporters).toEqual([
      'github',
      'json',
      'html',
    ]);
  });

  it('--min-coverage fails a run that passed but judged too little of the spec, with the reason', async () => {
    const host = await fakeDeployment((_req, res) => json(res, 200, { status: 'ok' }));
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const args = [
        '--base-url',
        host.url,
        '--api-key',
        FAKE_KEY,
        '--only',
        'rest.08.health',
        '--retries',
        '0',
      ];
      expect(await main([...args, '--min-coverage', '0'])).toBe(0);
      expect(await main([...args, '--min-coverage', '50'])).toBe(1);
      const printed = out.mock.calls.map((c) => String(c[0])).join('');
      expect(printed).toMatch(
        /COVERAGE GATE \(fails the run\): \d+\.\d % of the spec's judgeable facts judged \(\d+ of \d+\), less than --min-coverage 50 %/,
      );
    } finally {
      out.mockRestore();
      err.mockRestore();
      await host.close();
    }
  });
});
