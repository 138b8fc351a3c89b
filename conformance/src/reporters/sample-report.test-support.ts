import { fingerprintOf } from '../baseline.js';
import type { CheckResult, Deviation } from '../check.js';
import type { FailureCode } from '../failure-codes.js';
import { specCoverage } from '../matrix/coverage.js';
import { redactDeep, redactor } from '../redact.js';
import { exitCodeOf, type RunReport } from '../report.js';

// Results and reports made by hand for the reporter and baseline tests.

export const SECRET = 'prl_secretkey0123456789';

export const deviation = (
  id: string,
  code: FailureCode,
  path: string,
  message = `${code} at ${path}`,
): Deviation => ({
  code,
  message,
  path,
  expected: 'NOT_FOUND',
  actual: 'GONE',
  fingerprint: fingerprintOf(id, code, path),
});

export const result = (
  id: string,
  status: CheckResult['status'],
  message = '',
  deviations: Deviation[] = status === 'FAIL'
    ? [deviation(id, 'VALUE', 'get-meeting-messages $.code', message)]
    : [],
): CheckResult => ({
  id,
  title: `title of ${id}`,
  area: id.split('.')[0] as CheckResult['area'],
  clause: 'Errors 1',
  level: 'MUST',
  status,
  message,
  ...(deviations.length
    ? { deviations, fingerprints: [...new Set(deviations.map((d) => d.fingerprint))] }
    : {}),
  evidence: [
    {
      method: 'POST',
      url: `http://host/v1/stt?api_key=${SECRET}`,
      requestHeaders: { 'X-API-Key': SECRET },
      requestBody: '{"meeting_id":"m1"}',
      status: 404,
      responseBody: '{"success":false,"error":"<b>Meeting not found</b>","code":"NOT_FOUND"}',
      repro: `curl -sS -X POST 'http://host/v1/stt?api_key=${SECRET}'`,
    },
  ],
  durationMs: 12,
});

export function report(results: CheckResult[]): RunReport {
  const redact = redactor({ API_KEY: SECRET });
  return redactDeep<RunReport>(
    {
      tool: 'parley-conformance',
      runId: 'pc-test',
      seed: 3,
      profile: 'smoke',
      baseUrl: 'http://host',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1500,
      exitCode: exitCodeOf(results),
      summary: { PASS: 1, FAIL: 1 },
      results,
      coverage: specCoverage(results),
    },
    redact,
  );
}
